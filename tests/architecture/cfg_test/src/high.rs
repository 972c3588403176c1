use crate::low::f;

pub struct H;

pub fn g() {
    f();
}
