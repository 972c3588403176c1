pub struct Zed;

pub fn size() -> usize {
    std::mem::size_of::<crate::m::x::Ex>()
}
