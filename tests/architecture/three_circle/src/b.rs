use crate::c::C;

pub struct B(pub C);
