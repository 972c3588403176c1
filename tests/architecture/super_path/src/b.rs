pub struct B;

pub fn wrap() -> super::a::A {
    super::a::A
}
