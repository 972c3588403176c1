//! A backslash-continued string before the use: a regex that misreads it takes the use for string contents.

pub const HELP: &str = "first line, \
    second line";
use crate::b::B;

pub struct A(pub B);
pub const NAME: &str = "a";
