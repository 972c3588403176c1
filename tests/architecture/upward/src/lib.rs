pub mod high;
pub mod low;

pub use high::Top;
