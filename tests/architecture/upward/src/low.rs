//! A lower layer names a higher one through the crate root's re-export.

pub fn make() -> crate::Top {
    crate::Top
}
