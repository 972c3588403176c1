pub mod a;
pub mod b;
pub mod c;
