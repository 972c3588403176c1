pub mod a;
pub mod extra;
