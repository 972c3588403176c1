//! The use is inside a function body, renamed, and used through its new name.

pub struct A;

pub fn run() -> u32 {
    let base = 1;
    use crate::b as other;
    base + other::count()
}
