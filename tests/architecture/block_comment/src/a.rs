//! Uses in comments do not count: a nested block comment, a doc comment, a line comment.
//! use crate::b::B;

/* Once there was
   /* a nested comment */
   use crate::b::B;
   and the outer one goes on: crate::b::f();
*/

/// See `crate::b::B`.
pub struct A; // crate::b::B
