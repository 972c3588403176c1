use crate::high::H;

pub fn top() -> H {
    H
}
