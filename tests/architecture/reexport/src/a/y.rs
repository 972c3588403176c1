use crate::a::Thing;

pub fn helper() {}

pub fn take(_: Thing) {}
