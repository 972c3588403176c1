use crate::a::A;

pub struct B;

pub fn g() {}

pub fn take(_: A) {}
