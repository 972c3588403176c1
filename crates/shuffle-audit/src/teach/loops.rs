//! The loops of the teaching page's menu, as JavaScript the student can edit: each is the catalogue's loop
//! (`list`, the algorithm definitions) written against the page's `random(m)`, an exactly uniform
//! integer in `0..m`, and `random()`, a uniform double in [0, 1). A loop with a slider names its count in one
//! constant line (`const SWAPS = 52;`), which the slider rewrites; the browser test runs every loop and checks
//! its counts against the exact matrix the Rust tool computes for it.

use crate::shuffle::AlgorithmKind;

/// The editable source of a loop of the menu, with its slider's constant at its default value.
pub fn source(kind: AlgorithmKind) -> &'static str {
    match kind {
        AlgorithmKind::NaiveSwap => NAIVE_SWAP,
        AlgorithmKind::NaiveSwapOffByOne => NAIVE_SWAP_OFF_BY_ONE,
        AlgorithmKind::FisherYates => FISHER_YATES,
        AlgorithmKind::Wash => WASH,
        AlgorithmKind::PairSwap => PAIR_SWAP,
        AlgorithmKind::SortRandomComparator => SORT_RANDOM_COMPARATOR,
        AlgorithmKind::Riffle => RIFFLE,
        AlgorithmKind::Sattolo => SATTOLO,
        other => unreachable!("{other:?} is not on the teaching page's menu"),
    }
}

const NAIVE_SWAP: &str = "\
// Swap each card with any card of the deck:
// n^n equally likely paths onto n! orders.
function shuffle(deck, random) {
  const n = deck.length;
  for (let i = 0; i < n; i++) {
    const j = random(n); // placed cards too
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
}
";

const NAIVE_SWAP_OFF_BY_ONE: &str = "\
// The naive swap, one place short
// (the 1999 online-poker bug).
function shuffle(deck, random) {
  const n = deck.length;
  for (let i = 0; i < n; i++) {
    const j = random(n - 1); // never the last
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
}
";

const FISHER_YATES: &str = "\
// Fisher-Yates (Durstenfeld): fill the places
// from the last: n! paths, one for each order.
function shuffle(deck, random) {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = random(i + 1); // unplaced cards only
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
}
";

const WASH: &str = "\
// The wash: SWAPS swaps of two distinct places.
const SWAPS = 52;
function shuffle(deck, random) {
  const n = deck.length;
  for (let k = 0; k < SWAPS; k++) {
    const a = random(n);
    let b = random(n);
    if (a === b) { // forced apart: parity flips
      b = a + 1;
      if (b >= n) b = 0;
    }
    const t = deck[a];
    deck[a] = deck[b];
    deck[b] = t;
  }
}
";

const PAIR_SWAP: &str = "\
// Swap random pairs, 0..1022 times.
function shuffle(deck, random) {
  const n = deck.length;
  const count = random(1023); // often few
  for (let k = 0; k < count; k++) {
    const p1 = random(n);
    const p2 = random(n);
    const t = deck[p1];
    deck[p1] = deck[p2];
    deck[p2] = t;
  }
}
";

const SORT_RANDOM_COMPARATOR: &str = "\
// Sort with a coin for a comparator: the
// browser's sort decides how far cards travel.
function shuffle(deck, random) {
  deck.sort(() => random() - 0.5);
}
";

const RIFFLE: &str = "\
// RIFFLES riffles (Gilbert-Shannon-Reeds): cut
// about in half, drop from each half in
// proportion to its size.
const RIFFLES = 7;
function shuffle(deck, random) {
  const n = deck.length;
  for (let r = 0; r < RIFFLES; r++) {
    let cut = 0;
    // The cut: Binomial(n, 1/2).
    for (let i = 0; i < n; i++) cut += random(2);
    const left = deck.slice(0, cut);
    const right = deck.slice(cut);
    let a = left.length, b = right.length;
    let li = 0, ri = 0;
    for (let p = 0; p < n; p++) {
      if (b === 0 || (a > 0 && random(a + b) < a)) {
        deck[p] = left[li++];
        a--;
      } else {
        deck[p] = right[ri++];
        b--;
      }
    }
  }
}
";

const SATTOLO: &str = "\
// Sattolo's algorithm: Fisher-Yates one place
// short, so every deck is one cycle and no
// card ever stays where it was.
function shuffle(deck, random) {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = random(i); // never i itself
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
}
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::lesson::LESSON_LOOPS;

    #[test]
    fn every_loop_defines_shuffle_and_its_slider_constant_once() {
        for l in LESSON_LOOPS {
            let code = source(l.kind);
            // The editor shows about 56 characters a line without wrapping.
            assert!(code.lines().all(|line| line.chars().count() <= 52), "{:?}", l.kind);
            assert_eq!(code.matches("function shuffle(deck, random)").count(), 1, "{:?}", l.kind);
            if let Some(p) = l.param {
                let line = format!("const {} = {};", p.constant, p.default);
                assert_eq!(code.matches(&line).count(), 1, "{:?}: {line}", l.kind);
            }
        }
    }
}
