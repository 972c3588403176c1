//! Uniform bit streams for generic batteries (PractRand, dieharder, TestU01): a generator's raw outputs packed
//! into 32-bit words, a deck's Lehmer rank turned into exactly uniform bits, and the scaled draws `r() % k` of
//! the catalogue's fixed-schedule loops.
//!
//! Every stream is a sequence of 32-bit words whose first bit is the word's most significant bit, written
//! little-endian: what `RNG_test stdin32`, `dieharder -g 200` and a TestU01 harness reading 32-bit words
//! (`unif01_CreateExternGenBits` over `fread` of `uint32_t`) all read on x86.

mod draws;
mod lehmer;
mod packer;

pub use draws::{DrawSchedule, ScheduleError};
pub use lehmer::{LehmerBits, Nat, factorial};
pub use packer::{BitPacker, fill_packed, fill_raw32};
