//! A raw string with quotes in it, a quote as a char and lifetimes before the use.

pub const QUOTE: &str = r#"she said "no" and left"#;
pub const BYTES: &[u8] = br##"a "# inside"##;
pub const MARK: char = '"';
pub const ESCAPED: char = '\'';

pub fn first<'a>(x: &'a str) -> &'a str {
    'outer: loop {
        break 'outer x;
    }
}

use crate::b::B;

pub struct A(pub B);
pub const NAME: &str = "a";
