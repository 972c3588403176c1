use crate::a::A;

pub fn count() -> u32 {
    let _ = A;
    2
}
