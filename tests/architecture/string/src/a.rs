//! Uses in strings do not count: plain, escaped, continued, raw, byte and C strings.

pub const PLAIN: &str = "use crate::b::B;";
pub const ESCAPED: &str = "a \"quoted\" crate::b::B";
pub const CONTINUED: &str = "one \
    use crate::b::B;";
pub const RAW: &str = r#"crate::b::B "quoted" "#;
pub const BYTES: &[u8] = b"crate::b::B";
pub const C: &core::ffi::CStr = c"crate::b::B";

pub struct A;
