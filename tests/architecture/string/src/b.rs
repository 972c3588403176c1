use crate::a::A;

pub struct B(pub A);
