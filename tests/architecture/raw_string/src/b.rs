use crate::a::A;

pub struct B;
pub fn wrap(a: A) -> A {
    a
}
