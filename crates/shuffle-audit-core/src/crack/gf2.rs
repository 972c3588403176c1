//! Linear equations over GF(2) in at most 128 unknowns, one `u128` a row, solved by incremental Gaussian
//! elimination: each equation is reduced by the pivots found so far and either adds a pivot (the rank grows),
//! reduces to `0 = 0` (implied by the others) or to `0 = 1` (the system is inconsistent).

/// What adding one equation did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Added {
    /// A new pivot: the rank grew by one.
    Independent,
    /// Implied by the equations before, and consistent with them.
    Implied,
    /// Contradicts the equations before.
    Contradiction,
}

/// A system of equations `mask · x = rhs` over GF(2), x the 128 unknowns.
#[derive(Clone, Debug)]
pub struct Gf2System {
    /// `pivots[b]`: the row whose highest set bit is b, with its right-hand side.
    pivots: [Option<(u128, bool)>; 128],
    rank: u32,
}

impl Default for Gf2System {
    fn default() -> Self {
        Self::new()
    }
}

impl Gf2System {
    pub fn new() -> Self {
        Gf2System { pivots: [None; 128], rank: 0 }
    }

    /// The number of independent equations so far: the unknown bits fixed, 0..=128.
    pub fn rank(&self) -> u32 {
        self.rank
    }

    /// Adds `mask · x = rhs`.
    pub fn add(&mut self, mut mask: u128, mut rhs: bool) -> Added {
        while mask != 0 {
            let top = 127 - mask.leading_zeros() as usize;
            match self.pivots[top] {
                Some((row, r)) => {
                    mask ^= row;
                    rhs ^= r;
                }
                None => {
                    self.pivots[top] = Some((mask, rhs));
                    self.rank += 1;
                    return Added::Independent;
                }
            }
        }
        if rhs { Added::Contradiction } else { Added::Implied }
    }

    /// The unique solution, once the rank is 128: back-substitution from the lowest pivot up.
    pub fn solution(&self) -> Option<u128> {
        if self.rank < 128 {
            return None;
        }
        let mut x = 0u128;
        for (b, pivot) in self.pivots.iter().enumerate() {
            let (row, rhs) = (*pivot)?;
            // Every other bit of the row is below b, so already solved.
            let rest = row & !(1u128 << b);
            if rhs ^ ((rest & x).count_ones() & 1 == 1) {
                x |= 1u128 << b;
            }
        }
        Some(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parity(x: u128) -> bool {
        x.count_ones() % 2 == 1
    }

    #[test]
    fn solves_a_random_full_system() {
        let secret: u128 = 0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210;
        let mut state = 0x9E37_79B9_7F4A_7C15u128;
        let mut s = Gf2System::new();
        let mut added = 0;
        while s.rank() < 128 {
            state = state.wrapping_mul(0x2360_ED05_1FC6_5DA4_4385_DF64_9FCC_F645).wrapping_add(1);
            let mask = state ^ (state >> 64);
            let rhs = parity(mask & secret);
            assert_ne!(s.add(mask, rhs), Added::Contradiction);
            added += 1;
        }
        assert!(added >= 128);
        assert_eq!(s.solution(), Some(secret));
        assert_eq!(s.add(secret | 1, !parity((secret | 1) & secret)), Added::Contradiction);
        assert_eq!(s.add(3, parity(3 & secret)), Added::Implied);
    }

    #[test]
    fn underdetermined_has_no_solution() {
        let mut s = Gf2System::new();
        assert_eq!(s.add(1, true), Added::Independent);
        assert_eq!(s.add(1, true), Added::Implied);
        assert_eq!(s.add(1, false), Added::Contradiction);
        assert_eq!(s.rank(), 1);
        assert_eq!(s.solution(), None);
    }
}
