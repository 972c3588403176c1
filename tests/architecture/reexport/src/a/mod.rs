//! `a` re-exports `x`'s item: `crate::a::Thing` names the parent, but the item is `a::x`'s.

mod x;
mod y;

pub use self::x::Thing;
