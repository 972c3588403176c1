//! `sort-random-comparator`: the web's `array.sort(() => Math.random() - 0.5)`, with the comparator
//! `() => r() < half ? −1 : +1` (`half = 2^(BITS−1)`, so each answer is "less" with probability exactly 1/2 for
//! every generator) run through the sort a JavaScript engine uses: V8's `Array.prototype.sort`, which has been
//! TimSort since V8 7.0 (2018; Node 11 and later, checked against Node 20.20.2 by the tests).
//!
//! V8's TimSort, followed step for step (third_party/v8/builtins/array-sort.tq, itself a port of CPython's
//! listsort): `minrun` is `n` below 64 cards, else a value in 32..=64 (the top six bits of `n`, plus one if any
//! lower bit is set). From the left, each natural run is found (`CountAndMakeRun`: ascending while the
//! comparator does not answer "less", or strictly descending while it does, then reversed), extended to `minrun`
//! by binary insertion sort, and pushed on the stack of pending runs, which is merged whenever the run-length
//! invariants fail (`MergeCollapse`) and once more at the end (`MergeForceCollapse`). A merge first gallops to
//! skip the parts already in place, then merges the shorter run into the longer from the low end (`MergeLow`)
//! or the high end (`MergeHigh`), switching to galloping after `min_gallop` (initially 7) wins in a row. Only the
//! comparator's sign matters (`< 0` or not) at every step, so a comparator that ignores its arguments makes each
//! step a fair coin: decks below 64 cards get only the run detection and binary insertion, and a card moves
//! far only when a binary search sends it there.

use super::{Draws, Fault, RngDraws, Scratch, Shuffle};
use crate::cards::Card;
use crate::rng::RawRng;

pub(super) const PSEUDOCODE: &str = "d.sort((x, y) => r() < half ? -1 : 1) with V8's TimSort: minrun = n if n < 64 else \
     32..64; natural runs (strictly descending ones reversed) extended to minrun by binary insertion; pending runs \
     merged with galloping (min_gallop = 7) when the run-length invariants fail, then all at the end";

/// A sort with a random comparator (V8's `Array.prototype.sort`).
#[derive(Clone, Copy, Debug)]
pub struct SortRandomComparator;

impl Shuffle for SortRandomComparator {
    #[inline]
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault> {
        v8_sort_random(deck, &mut RngDraws(rng), &mut scratch.cards);
        Ok(())
    }
}

/// Sorts `deck` with V8's TimSort, each comparison answering "less" when `d.half()`; `tmp` is the merge buffer.
pub fn v8_sort_random<D: Draws>(deck: &mut [Card], d: &mut D, tmp: &mut Vec<Card>) {
    let n = deck.len();
    if n < 2 {
        return;
    }
    let mut s = TimSort { a: deck, tmp, d, min_gallop: MIN_GALLOP, runs: [(0, 0); MAX_PENDING], pending: 0 };
    let min_run = min_run_length(n);
    let (mut low, mut remaining) = (0, n);
    while remaining != 0 {
        let mut run = s.count_and_make_run(low, low + remaining);
        if run < min_run {
            let forced = min_run.min(remaining);
            s.binary_insertion(low, low + run, low + forced);
            run = forced;
        }
        s.runs[s.pending] = (low, run);
        s.pending += 1;
        s.merge_collapse();
        low += run;
        remaining -= run;
    }
    s.merge_force_collapse();
}

/// V8's `kMinGallopWins`: the initial `min_gallop` and the wins that keep a merge galloping.
const MIN_GALLOP: usize = 7;
/// V8's `kMaxMergePending`: enough pending runs for any array length.
const MAX_PENDING: usize = 85;

/// `n` below 64; else `n`'s top six bits, plus one if any bit shifted off is set.
fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= 64 {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

struct TimSort<'a, D> {
    a: &'a mut [Card],
    tmp: &'a mut Vec<Card>,
    d: &'a mut D,
    min_gallop: usize,
    /// Pending runs (base, length), `pending` of them in use.
    runs: [(usize, usize); MAX_PENDING],
    pending: usize,
}

impl<D: Draws> TimSort<'_, D> {
    /// The comparator's answer is negative ("less").
    #[inline(always)]
    fn less(&mut self) -> bool {
        self.d.half()
    }

    fn count_and_make_run(&mut self, low: usize, high: usize) -> usize {
        if low + 1 == high {
            return 1;
        }
        let mut run = 2;
        let descending = self.less();
        for _ in low + 2..high {
            let less = self.less();
            if less != descending {
                break;
            }
            run += 1;
        }
        if descending {
            self.a[low..low + run].reverse();
        }
        run
    }

    fn binary_insertion(&mut self, low: usize, start: usize, high: usize) {
        let start = if low == start { start + 1 } else { start };
        for start in start..high {
            let (mut left, mut right) = (low, start);
            while left < right {
                let mid = left + ((right - left) >> 1);
                if self.less() {
                    right = mid;
                } else {
                    left = mid + 1;
                }
            }
            self.a[left..=start].rotate_right(1);
        }
    }

    fn merge_collapse(&mut self) {
        while self.pending > 1 {
            let mut n = self.pending - 2;
            if !self.invariant(n + 1) || !self.invariant(n) {
                if self.runs[n - 1].1 < self.runs[n + 1].1 {
                    n -= 1;
                }
                self.merge_at(n);
            } else if self.runs[n].1 <= self.runs[n + 1].1 {
                self.merge_at(n);
            } else {
                break;
            }
        }
    }

    /// `run_length(n − 2) > run_length(n − 1) + run_length(n)`.
    fn invariant(&self, n: usize) -> bool {
        n < 2 || self.runs[n - 2].1 > self.runs[n - 1].1 + self.runs[n].1
    }

    fn merge_force_collapse(&mut self) {
        while self.pending > 1 {
            let mut n = self.pending - 2;
            if n > 0 && self.runs[n - 1].1 < self.runs[n + 1].1 {
                n -= 1;
            }
            self.merge_at(n);
        }
    }

    fn merge_at(&mut self, i: usize) {
        let (mut base_a, mut len_a) = self.runs[i];
        let (base_b, mut len_b) = self.runs[i + 1];
        self.runs[i].1 = len_a + len_b;
        if i + 3 == self.pending {
            self.runs[i + 1] = self.runs[i + 2];
        }
        self.pending -= 1;
        let k = self.gallop_right(len_a, 0);
        base_a += k;
        len_a -= k;
        if len_a == 0 {
            return;
        }
        len_b = self.gallop_left(len_b, len_b - 1);
        if len_b == 0 {
            return;
        }
        if len_a <= len_b {
            self.merge_low(base_a, len_a, base_b, len_b);
        } else {
            self.merge_high(base_a, len_a, base_b, len_b);
        }
    }

    /// V8's `GallopLeft` over a sorted range of `length` elements from `hint`: the comparisons `a[x] < key`.
    fn gallop_left(&mut self, length: usize, hint: usize) -> usize {
        let (length, hint) = (length as isize, hint as isize);
        let (mut last, mut ofs): (isize, isize) = (0, 1);
        if self.less() {
            let max = length - hint;
            while ofs < max {
                if !self.less() {
                    break;
                }
                last = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max);
            last += hint;
            ofs += hint;
        } else {
            let max = hint + 1;
            while ofs < max {
                if self.less() {
                    break;
                }
                last = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max);
            (last, ofs) = (hint - ofs, hint - last);
        }
        last += 1;
        while last < ofs {
            let m = last + ((ofs - last) >> 1);
            if self.less() {
                last = m + 1;
            } else {
                ofs = m;
            }
        }
        ofs as usize
    }

    /// V8's `GallopRight`: the comparisons `key < a[x]`.
    fn gallop_right(&mut self, length: usize, hint: usize) -> usize {
        let (length, hint) = (length as isize, hint as isize);
        let (mut last, mut ofs): (isize, isize) = (0, 1);
        if self.less() {
            let max = hint + 1;
            while ofs < max {
                if !self.less() {
                    break;
                }
                last = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max);
            (last, ofs) = (hint - ofs, hint - last);
        } else {
            let max = length - hint;
            while ofs < max {
                if self.less() {
                    break;
                }
                last = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max);
            last += hint;
            ofs += hint;
        }
        last += 1;
        while last < ofs {
            let m = last + ((ofs - last) >> 1);
            if self.less() {
                ofs = m;
            } else {
                last = m + 1;
            }
        }
        ofs as usize
    }

    /// V8's `MergeLow`: run A (the shorter, copied to `tmp`) merged with run B from the low end.
    fn merge_low(&mut self, base_a: usize, mut len_a: usize, base_b: usize, mut len_b: usize) {
        self.tmp.clear();
        self.tmp.extend_from_slice(&self.a[base_a..base_a + len_a]);
        let (mut dest, mut ct, mut cb) = (base_a, 0, base_b);
        self.a[dest] = self.a[cb];
        dest += 1;
        cb += 1;
        len_b -= 1;
        // Ends in `Succeed` (false) or `CopyB` (true).
        let copy_b = 'merge: {
            if len_b == 0 {
                break 'merge false;
            }
            if len_a == 1 {
                break 'merge true;
            }
            let mut min_gallop = self.min_gallop;
            loop {
                let (mut wins_a, mut wins_b) = (0, 0);
                loop {
                    if self.less() {
                        self.a[dest] = self.a[cb];
                        dest += 1;
                        cb += 1;
                        wins_b += 1;
                        len_b -= 1;
                        wins_a = 0;
                        if len_b == 0 {
                            break 'merge false;
                        }
                        if wins_b >= min_gallop {
                            break;
                        }
                    } else {
                        self.a[dest] = self.tmp[ct];
                        dest += 1;
                        ct += 1;
                        wins_a += 1;
                        len_a -= 1;
                        wins_b = 0;
                        if len_a == 1 {
                            break 'merge true;
                        }
                        if wins_a >= min_gallop {
                            break;
                        }
                    }
                }
                min_gallop += 1;
                let mut first = true;
                while wins_a >= MIN_GALLOP || wins_b >= MIN_GALLOP || first {
                    first = false;
                    min_gallop = min_gallop.saturating_sub(1).max(1);
                    self.min_gallop = min_gallop;
                    wins_a = self.gallop_right(len_a, 0);
                    if wins_a > 0 {
                        self.a[dest..dest + wins_a].copy_from_slice(&self.tmp[ct..ct + wins_a]);
                        dest += wins_a;
                        ct += wins_a;
                        len_a -= wins_a;
                        if len_a == 1 {
                            break 'merge true;
                        }
                        if len_a == 0 {
                            break 'merge false;
                        }
                    }
                    self.a[dest] = self.a[cb];
                    dest += 1;
                    cb += 1;
                    len_b -= 1;
                    if len_b == 0 {
                        break 'merge false;
                    }
                    wins_b = self.gallop_left(len_b, 0);
                    if wins_b > 0 {
                        self.a.copy_within(cb..cb + wins_b, dest);
                        dest += wins_b;
                        cb += wins_b;
                        len_b -= wins_b;
                        if len_b == 0 {
                            break 'merge false;
                        }
                    }
                    self.a[dest] = self.tmp[ct];
                    dest += 1;
                    ct += 1;
                    len_a -= 1;
                    if len_a == 1 {
                        break 'merge true;
                    }
                }
                min_gallop += 1;
                self.min_gallop = min_gallop;
            }
        };
        if copy_b {
            // The last card of run A belongs at the end of the merge.
            self.a.copy_within(cb..cb + len_b, dest);
            self.a[dest + len_b] = self.tmp[ct];
        } else if len_a > 0 {
            self.a[dest..dest + len_a].copy_from_slice(&self.tmp[ct..ct + len_a]);
        }
    }

    /// V8's `MergeHigh`: run B (the shorter, copied to `tmp`) merged with run A from the high end.
    fn merge_high(&mut self, base_a: usize, mut len_a: usize, base_b: usize, mut len_b: usize) {
        self.tmp.clear();
        self.tmp.extend_from_slice(&self.a[base_b..base_b + len_b]);
        // Cursors step below 0 at the very end, hence signed.
        let mut dest = (base_b + len_b - 1) as isize;
        let mut ct = len_b as isize - 1;
        let mut ca = (base_a + len_a - 1) as isize;
        let at = |i: isize| i as usize;
        self.a[at(dest)] = self.a[at(ca)];
        dest -= 1;
        ca -= 1;
        len_a -= 1;
        // Ends in `Succeed` (false) or `CopyA` (true).
        let copy_a = 'merge: {
            if len_a == 0 {
                break 'merge false;
            }
            if len_b == 1 {
                break 'merge true;
            }
            let mut min_gallop = self.min_gallop;
            loop {
                let (mut wins_a, mut wins_b) = (0, 0);
                loop {
                    if self.less() {
                        self.a[at(dest)] = self.a[at(ca)];
                        dest -= 1;
                        ca -= 1;
                        wins_a += 1;
                        len_a -= 1;
                        wins_b = 0;
                        if len_a == 0 {
                            break 'merge false;
                        }
                        if wins_a >= min_gallop {
                            break;
                        }
                    } else {
                        self.a[at(dest)] = self.tmp[at(ct)];
                        dest -= 1;
                        ct -= 1;
                        wins_b += 1;
                        len_b -= 1;
                        wins_a = 0;
                        if len_b == 1 {
                            break 'merge true;
                        }
                        if wins_b >= min_gallop {
                            break;
                        }
                    }
                }
                min_gallop += 1;
                let mut first = true;
                while wins_a >= MIN_GALLOP || wins_b >= MIN_GALLOP || first {
                    first = false;
                    min_gallop = min_gallop.saturating_sub(1).max(1);
                    self.min_gallop = min_gallop;
                    let k = self.gallop_right(len_a, len_a - 1);
                    wins_a = len_a - k;
                    if wins_a > 0 {
                        dest -= wins_a as isize;
                        ca -= wins_a as isize;
                        self.a.copy_within(at(ca + 1)..at(ca + 1) + wins_a, at(dest + 1));
                        len_a -= wins_a;
                        if len_a == 0 {
                            break 'merge false;
                        }
                    }
                    self.a[at(dest)] = self.tmp[at(ct)];
                    dest -= 1;
                    ct -= 1;
                    len_b -= 1;
                    if len_b == 1 {
                        break 'merge true;
                    }
                    let k = self.gallop_left(len_b, len_b - 1);
                    wins_b = len_b - k;
                    if wins_b > 0 {
                        dest -= wins_b as isize;
                        ct -= wins_b as isize;
                        let from = at(ct + 1);
                        self.a[at(dest + 1)..at(dest + 1) + wins_b].copy_from_slice(&self.tmp[from..from + wins_b]);
                        len_b -= wins_b;
                        if len_b == 1 {
                            break 'merge true;
                        }
                        if len_b == 0 {
                            break 'merge false;
                        }
                    }
                    self.a[at(dest)] = self.a[at(ca)];
                    dest -= 1;
                    ca -= 1;
                    len_a -= 1;
                    if len_a == 0 {
                        break 'merge false;
                    }
                }
                min_gallop += 1;
                self.min_gallop = min_gallop;
            }
        };
        if copy_a {
            // The first card of run B belongs at the front of the merge.
            dest -= len_a as isize;
            ca -= len_a as isize;
            self.a.copy_within(at(ca + 1)..at(ca + 1) + len_a, at(dest + 1));
            self.a[at(dest)] = self.tmp[at(ct)];
        } else if len_b > 0 {
            let to = at(dest - (len_b as isize - 1));
            self.a[to..to + len_b].copy_from_slice(&self.tmp[..len_b]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::min_run_length;

    #[test]
    fn min_run_matches_v8() {
        assert_eq!(min_run_length(52), 52);
        assert_eq!(min_run_length(63), 63);
        assert_eq!(min_run_length(64), 32);
        assert_eq!(min_run_length(65), 33);
        assert_eq!(min_run_length(1024), 32);
        assert_eq!(min_run_length(1000), 63);
    }
}
