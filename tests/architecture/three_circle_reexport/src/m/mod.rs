//! `m` re-exports `z`'s item; `x` names it through the parent, which closes x → y → z → x.

mod x;
mod y;
mod z;

pub use self::z::Zed;
