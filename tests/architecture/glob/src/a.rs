//! A glob brings `Thing`, which `hub` re-exports from `b`: a bare name, never written as a path.

use crate::hub::*;

pub struct A;

pub fn make() -> Thing {
    Thing
}
