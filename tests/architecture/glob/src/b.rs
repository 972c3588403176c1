use crate::a::A;

pub struct Thing;

pub fn take(_: A) {}
