//! A nested group: `b` comes after an inner group, where a pattern up to the first `}` stops.

use crate::{
    c::{C1, C2},
    b::{self, B},
};

pub struct A(pub C1, pub C2, pub B);

pub fn f() {
    b::g();
}
