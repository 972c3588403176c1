pub struct C;

pub fn back() -> usize {
    std::mem::size_of::<crate::a::A>()
}
