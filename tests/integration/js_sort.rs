//! `sort-random-comparator` against the engine it models: the same comparator answers are fed to shuffle-audit's
//! port of V8's TimSort and to `Array.prototype.sort` on Node (`scripts/js_sort_shuffle.js --replay`), and the
//! sorted decks and the number of answers each used must be identical.
//!
//! Deck sizes cover binary insertion alone (below 64 cards), one forced run plus merges (64, 65), and many runs
//! with galloping (up to 1024); answer streams that say "less" with probability 0.5, 0.1, 0.9 and 0.97 drive
//! the merges into long winning streaks, so every galloping branch is taken.
//!
//! This test needs `node` (CI has it). When it is missing the test fails with a message saying so, rather than
//! being skipped silently.

use shuffle_audit::cards::Card;
use shuffle_audit::shuffle::{Draws, v8_sort_random};

use crate::common;
use common::repo;

/// Comparator answers from a fixed string of '1' (less) and '0'.
struct Answers<'a> {
    bits: &'a [u8],
    used: usize,
}

impl Draws for Answers<'_> {
    fn below(&mut self, _: usize) -> usize {
        unreachable!("the sort only asks for comparator answers")
    }
    fn half(&mut self) -> bool {
        let b = self.bits[self.used];
        self.used += 1;
        b == b'1'
    }
}

/// SplitMix64: a fixed, seedable stream for the answers.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn v8_timsort_port_matches_node_exactly() {
    let ok = std::process::Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(ok, "node is required by this test (CI has it): install it, it is not optional");
    let mut state = 16u64;
    for n in [2usize, 3, 5, 10, 52, 63, 64, 65, 100, 200, 500, 1024] {
        let mut lines = Vec::new();
        let mut expected = Vec::new();
        for &p_less in &[0.5, 0.1, 0.9, 0.97] {
            for _ in 0..8 {
                // Far more answers than a sort of n cards can use (about n log2 n).
                let len = 24 * n + 64;
                let bits: Vec<u8> =
                    (0..len)
                        .map(|_| {
                            if ((splitmix(&mut state) >> 11) as f64) < p_less * (1u64 << 53) as f64 {
                                b'1'
                            } else {
                                b'0'
                            }
                        })
                        .collect();
                let mut deck: Vec<Card> = (0..n as Card).collect();
                let mut answers = Answers { bits: &bits, used: 0 };
                v8_sort_random(&mut deck, &mut answers, &mut Vec::new());
                let cards: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
                expected.push(format!("{} | {}", cards.join(" "), answers.used));
                lines.push(String::from_utf8(bits).unwrap());
            }
        }
        let mut child = std::process::Command::new("node")
            .current_dir(repo())
            .args(["scripts/js_sort_shuffle.js", "--replay", &n.to_string()])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("node starts");
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all((lines.join("\n") + "\n").as_bytes()).unwrap();
        }
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "node failed for {n} cards: {}", String::from_utf8_lossy(&out.stderr));
        let got: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect();
        assert_eq!(got.len(), expected.len(), "{n} cards: one line per answer stream");
        for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
            assert_eq!(g, e, "{n} cards, stream {i}: node's deck and answer count, then shuffle-audit's");
        }
    }
}
