use super::y::helper;

pub struct Thing;

pub fn make() -> Thing {
    helper();
    Thing
}
