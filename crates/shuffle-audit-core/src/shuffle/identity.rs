//! `identity`: no shuffle at all, the control every test must reject.

use super::{Fault, Scratch, Shuffle};
use crate::cards::Card;
use crate::rng::RawRng;

/// Leaves the deck as it is and draws nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Identity;

impl Shuffle for Identity {
    #[inline]
    fn shuffle<R: RawRng>(&self, _: &mut [Card], _: &mut R, _: &mut Scratch) -> Result<(), Fault> {
        Ok(())
    }
}
