//! a → b → c → a: no two of them import each other, but the three go round.

use crate::b::B;

pub struct A(pub B);
