pub mod a;
pub mod b;
pub mod hub;
