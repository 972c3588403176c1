//! The use is in an inline module, two levels up through `super::super`.

pub struct A;

mod inner {
    use super::super::b::B;

    pub fn make() -> B {
        B
    }
}
