//! Continuous shuffling machines: the cards of a round go back into the machine after it and come out again. A
//! shuffler of the kind casinos use (Shuffle Master's one2six, say) drops each returned card into one of its
//! compartments (at a random height in its stack) and, when its tray holds fewer than a threshold of cards,
//! empties a random compartment into the tray, whose cards are dealt in order; a card just returned therefore
//! waits behind the tray's cards, and cannot come out in the next round when the tray's threshold is at least a
//! round. The ideal machine deals every card uniformly from the cards inside it: the null of the stream tests
//! ([`crate::stats::stream`]).

use rand::{Rng, RngExt};

use crate::cards::Card;
use crate::stats::stream::Event;

/// Which machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MachineKind {
    /// Compartments and a tray, as above.
    Compartments,
    /// Every dealt card uniform over the cards inside.
    Ideal,
}

/// A machine's shape: `copies` of `faces` faces, `compartments`, the tray's refill threshold, cards a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MachineSpec {
    pub kind: MachineKind,
    pub faces: usize,
    pub copies: usize,
    pub compartments: usize,
    pub tray: usize,
    pub round: usize,
}

impl MachineSpec {
    /// The toy machine of the stream tests' examples: 38 compartments, 4 decks, a tray refilled below 20 cards,
    /// 16 cards a round.
    pub const DEFAULT: MachineSpec =
        MachineSpec { kind: MachineKind::Compartments, faces: 52, copies: 4, compartments: 38, tray: 20, round: 16 };

    /// Why this shape is no machine, naming the setting (`copies`, `compartments`, `tray`, `round`).
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        let cards = self.faces * self.copies;
        if self.compartments == 0 {
            return Err(("compartments", "a machine has at least one compartment".into()));
        }
        if self.round == 0 || self.round >= cards {
            return Err((
                "round",
                format!("{} cards a round: a round deals 1..{cards} of the {cards} cards", self.round),
            ));
        }
        if self.tray == 0 || self.tray + self.round > cards {
            return Err((
                "tray",
                format!(
                    "a tray refilled below {} cards and a round of {} need more than the {cards} cards",
                    self.tray, self.round
                ),
            ));
        }
        Ok(())
    }
}

/// A machine's cards, round by round.
#[derive(Clone, Debug)]
pub struct Machine {
    spec: MachineSpec,
    /// The ideal machine's cards inside; the compartments' stacks and the tray otherwise.
    pool: Vec<Card>,
    compartments: Vec<Vec<Card>>,
    tray: std::collections::VecDeque<Card>,
    hand: Vec<Card>,
}

impl Machine {
    /// A loaded machine: every card dropped into a random compartment (the ideal one simply holds them).
    pub fn new<R: Rng>(spec: MachineSpec, rng: &mut R) -> Self {
        let mut m = Machine {
            spec,
            pool: Vec::new(),
            compartments: vec![Vec::new(); spec.compartments],
            tray: Default::default(),
            hand: Vec::with_capacity(spec.round),
        };
        for copy in 0..spec.copies {
            for f in 0..spec.faces {
                let _ = copy;
                m.put(f as Card, rng);
            }
        }
        m
    }

    fn put<R: Rng>(&mut self, card: Card, rng: &mut R) {
        match self.spec.kind {
            MachineKind::Ideal => self.pool.push(card),
            MachineKind::Compartments => {
                let c = rng.random_range(0..self.compartments.len());
                let stack = &mut self.compartments[c];
                let at = rng.random_range(0..=stack.len());
                stack.insert(at, card);
            }
        }
    }

    fn deal_one<R: Rng>(&mut self, rng: &mut R) -> Card {
        match self.spec.kind {
            MachineKind::Ideal => {
                let k = rng.random_range(0..self.pool.len());
                self.pool.swap_remove(k)
            }
            MachineKind::Compartments => {
                while self.tray.len() < self.spec.tray {
                    let full: Vec<usize> =
                        (0..self.compartments.len()).filter(|&c| !self.compartments[c].is_empty()).collect();
                    if full.is_empty() {
                        break;
                    }
                    let c = full[rng.random_range(0..full.len())];
                    self.tray.extend(self.compartments[c].drain(..));
                }
                self.tray.pop_front().expect("the machine holds more than a round")
            }
        }
    }

    /// One round: `round` cards dealt, then returned in a random order; each event given to `out`.
    pub fn round<R: Rng>(&mut self, rng: &mut R, out: &mut impl FnMut(Event)) {
        self.hand.clear();
        for _ in 0..self.spec.round {
            let c = self.deal_one(rng);
            self.hand.push(c);
            out(Event::Dealt(c));
        }
        // The discards go back in the order they are picked up: any order.
        let mut hand = std::mem::take(&mut self.hand);
        for k in (1..hand.len()).rev() {
            hand.swap(k, rng.random_range(0..=k));
        }
        for &c in &hand {
            out(Event::Returned(c));
            self.put(c, rng);
        }
        self.hand = hand;
    }
}

/// A machine with its own generator: ChaCha8 seeded by `seed_from_u64(seed)`, so a seed repeats its stream.
#[derive(Clone, Debug)]
pub struct SeededMachine {
    machine: Machine,
    rng: rand_chacha::ChaCha8Rng,
}

impl SeededMachine {
    pub fn new(spec: MachineSpec, seed: u64) -> Self {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        SeededMachine { machine: Machine::new(spec, &mut rng), rng }
    }

    /// One round's events, given to `out`.
    pub fn round(&mut self, out: &mut impl FnMut(Event)) {
        self.machine.round(&mut self.rng, out);
    }
}
