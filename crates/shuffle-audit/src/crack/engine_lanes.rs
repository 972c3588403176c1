//! The runtimes' searches, sixty-four seeds at a time: C++'s `std::mt19937(seed)` (`--rng mt19937`), CPython's
//! `random.seed(n)` (`--rng python`) and .NET's `new Random(seed)` (`--rng dotnet`).
//!
//! Seeding costs far more than dealing: `std::mt19937(s)` runs a chain of multiplications before its first
//! output, `random.seed(n)` mixes the key into the whole 624-word state twice (1,247 steps), and .NET's
//! subtractive generator fills and stirs 55 slots four times (274 steps). Each is sequential within a seed but
//! the same for every seed, so the lanes run it for 64 consecutive seeds side by side in plain arrays that the
//! compiler vectorises (compiled for AVX-512, AVX2 and the portable baseline, chosen at run time like the MSVC
//! lanes); 64 lanes keep enough independent multiplications in flight to hide their latency. Only the first
//! [`PREFIX`] outputs are made: MT19937's output k < 227 is the tempered `x[k+397] ^ twist(x[k], x[k+1])` of the
//! seeded words, so `std::mt19937` needs its chain only up to word 396 + PREFIX, never the 624-word twist.
//!
//! The outputs then meet the dealer's draws, on a 64-bit mask of where the seen cards are (n ≤ 64, cards seen
//! as a set): libstdc++'s `std::shuffle` (⌈n/2⌉ draws, checked at the end) and the Fisher–Yates walks of C++ and
//! .NET (rejected at the first finalised position that breaks the view). libstdc++'s bounded draw redraws when a
//! product's low word falls below its range (under 2^-19 a draw for 52 cards): such a lane is kept. Python's
//! `_randbelow` redraws up to half the time, so its walk (and ordered views, and larger decks) runs lane by lane
//! over the prefix with the runtime's own bounded draw. A lane that needs more outputs than the prefix holds is
//! kept. Every kept seed is decided by the real generator (the search's check), so the lanes only ever save time.

use super::problem::{Problem, Role};
use crate::cards::Card;
use crate::isa::Isa;
use crate::rng::{Mt19937, RawRng, StateInit, dotnet_scale, lemire_below, randbelow_from};
use crate::shuffle::AlgorithmKind;

/// Seeds per block.
pub(crate) const LANES: usize = 64;

/// Outputs made per seed: std::shuffle of 64 cards takes 32 draws; a Fisher–Yates walk has rejected almost
/// every seed long before.
pub(crate) const PREFIX: usize = 32;

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;

/// The first [`PREFIX`] outputs of sixteen seeds, output-major.
type Outputs = [[u32; LANES]; PREFIX];

/// How the runtime seeds its generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seeding {
    /// `std::mt19937(seed)`: `init_genrand`.
    Genrand,
    /// `random.seed(n)`: `init_by_array` of n's 32-bit words.
    ByArray,
    /// .NET's `new Random(seed)`, seed the magnitude `0..=2^31−1`.
    Dotnet,
}

/// The subtractive generator's modulus and seed offset.
const MBIG: i32 = i32::MAX;
const MSEED: i32 = 161_803_398;

/// How the lanes decide a seed.
#[derive(Clone, Copy, Debug)]
enum Check {
    /// libstdc++'s `std::shuffle` of n ≤ 64 cards seen as a set: the seen cards' positions as a mask, which
    /// must miss `bad` (positions outside the seat) and cover `need` (the seat's positions, for a whole hand).
    StdShuffle { n: usize, mask0: u64, bad: u64, need: u64 },
    /// A Fisher–Yates walk on the seen cards' mask ([`WalkStep`]), for C++ and .NET with n ≤ 64 and a set view.
    MaskWalk { mask0: u64 },
    /// A Fisher–Yates walk, lane by lane over the prefix, with the runtime's bounded draw.
    Walk,
}

/// One step of a Fisher–Yates walk on the mask: `j = base + draw(m)`, swap `i` and `j`, check position `i`.
#[derive(Clone, Copy, Debug)]
struct WalkStep {
    i: u32,
    base: u32,
    m: u32,
    /// 0: nothing to check, 1: the card must not be seen, 2: the card must be seen.
    check: u8,
}

/// The lanes' plan for a problem, when they apply: `--rng mt19937` or `python`, the first deal after the
/// seeding, and a Fisher–Yates walk (or Python's `random.shuffle`) or C++'s `std::shuffle` of at most 64 cards
/// seen as a set.
pub(crate) struct Plan {
    seeding: Seeding,
    check: Check,
    /// The walk's steps, for [`Check::MaskWalk`].
    steps: Vec<WalkStep>,
    /// `init_genrand(19650218)`, where `random.seed` starts (Python only).
    base: Option<Box<[u32; N]>>,
}

/// The plan, or `None` when the lanes do not apply.
pub(crate) fn plan(problem: &Problem) -> Option<Plan> {
    let seeding = match problem.dealer.rng.facts().state_init {
        StateInit::Mt19937Genrand => Seeding::Genrand,
        StateInit::Mt19937ByArray => Seeding::ByArray,
        StateInit::DotnetKnuth => Seeding::Dotnet,
        StateInit::Other => return None,
    };
    if problem.dealer.deal_number != 1 {
        return None;
    }
    let n = problem.dealer.deal.deck;
    let (mut mask0, mut bad, mut need) = (0u64, 0u64, 0u64);
    if n <= 64 {
        for (p, &c) in problem.start.iter().enumerate() {
            if problem.in_set[usize::from(c)] {
                mask0 |= 1 << p;
            }
            match problem.roles[p] {
                Role::NotInSet => bad |= 1 << p,
                Role::InSet => need |= 1 << p,
                _ => {}
            }
        }
    }
    let masks = n <= 64 && !problem.view.ordered;
    let mut steps = Vec::new();
    let check = match problem.walk() {
        Some(walk) if masks && seeding != Seeding::ByArray => {
            let step = |i: usize, base: usize, m: usize| WalkStep {
                i: i as u32,
                base: base as u32,
                m: m as u32,
                check: match problem.roles[i] {
                    Role::NotInSet => 1,
                    Role::InSet => 2,
                    _ => 0,
                },
            };
            steps = match walk {
                super::problem::Walk::Backward => (1..n).rev().map(|i| step(i, 0, i + 1)).collect(),
                super::problem::Walk::Forward => (0..n).map(|i| step(i, i, n - i)).collect(),
            };
            Check::MaskWalk { mask0 }
        }
        Some(_) => Check::Walk,
        None if problem.dealer.algorithm.kind == AlgorithmKind::LibraryShuffle
            && seeding == Seeding::Genrand
            && masks =>
        {
            Check::StdShuffle { n, mask0, bad, need }
        }
        None => return None,
    };
    let base = (seeding == Seeding::ByArray).then(|| Box::new(*Mt19937::init_genrand(19_650_218).words()));
    Some(Plan { seeding, check, steps, base })
}

#[inline(always)]
fn temper(mut y: u32) -> u32 {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c_5680;
    y ^= (y << 15) & 0xefc6_0000;
    y ^ (y >> 18)
}

/// Output k (< 227) of a seeded state: `temper(x[k+397] ^ twist(x[k], x[k+1]))`.
#[inline(always)]
fn output(a: u32, b: u32, c: u32) -> u32 {
    let y = (a & UPPER) | (b & LOWER);
    temper(c ^ (y >> 1) ^ ((y & 1).wrapping_neg() & MATRIX_A))
}

/// `std::mt19937(seed)`'s first outputs for sixteen seeds.
#[inline(always)]
fn genrand_outputs(seeds: &[u32; LANES], out: &mut Outputs) {
    let mut low = [[0u32; LANES]; PREFIX + 1];
    let mut high = [[0u32; LANES]; PREFIX];
    let mut x = *seeds;
    low[0] = x;
    for i in 1..M + PREFIX {
        for v in x.iter_mut() {
            *v = 1_812_433_253u32.wrapping_mul(*v ^ (*v >> 30)).wrapping_add(i as u32);
        }
        if i <= PREFIX {
            low[i] = x;
        } else if i >= M {
            high[i - M] = x;
        }
    }
    for k in 0..PREFIX {
        for l in 0..LANES {
            out[k][l] = output(low[k][l], low[k + 1][l], high[k][l]);
        }
    }
}

/// `random.seed(n)`'s first outputs for sixteen keys of the same length (`keys[j][lane]`, word j).
#[inline(always)]
fn by_array_outputs(base: &[u32; N], keys: &[[u32; LANES]], mt: &mut [[u32; LANES]; N], out: &mut Outputs) {
    for (row, &b) in mt.iter_mut().zip(base.iter()) {
        *row = [b; LANES];
    }
    let len = keys.len();
    let (mut i, mut j) = (1usize, 0usize);
    for _ in 0..N.max(len) {
        let prev = mt[i - 1];
        let key = keys[j];
        for l in 0..LANES {
            let p = prev[l];
            mt[i][l] = (mt[i][l] ^ (p ^ (p >> 30)).wrapping_mul(1_664_525)).wrapping_add(key[l]).wrapping_add(j as u32);
        }
        i += 1;
        j += 1;
        if i >= N {
            mt[0] = mt[N - 1];
            i = 1;
        }
        if j >= len {
            j = 0;
        }
    }
    for _ in 0..N - 1 {
        let prev = mt[i - 1];
        for l in 0..LANES {
            let p = prev[l];
            mt[i][l] = (mt[i][l] ^ (p ^ (p >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
        }
        i += 1;
        if i >= N {
            mt[0] = mt[N - 1];
            i = 1;
        }
    }
    mt[0] = [0x8000_0000; LANES];
    for k in 0..PREFIX {
        for l in 0..LANES {
            out[k][l] = output(mt[k][l], mt[k + 1][l], mt[k + M][l]);
        }
    }
}

/// .NET's `new Random(seed)`'s first outputs (`InternalSample`) for 64 seed magnitudes.
#[inline(always)]
fn dotnet_outputs(seeds: &[u32; LANES], out: &mut Outputs) {
    let mut slots = [[0i32; LANES]; 56];
    let mut mj: [i32; LANES] = std::array::from_fn(|l| MSEED.wrapping_sub(seeds[l] as i32));
    slots[55] = mj;
    let mut mk = [1i32; LANES];
    for i in 1..55 {
        let ii = (21 * i) % 55;
        slots[ii] = mk;
        for l in 0..LANES {
            let t = mj[l].wrapping_sub(mk[l]);
            mk[l] = if t < 0 { t.wrapping_add(MBIG) } else { t };
        }
        mj = slots[ii];
    }
    for _ in 1..5 {
        for i in 1..56 {
            let other = slots[1 + (i + 30) % 55];
            for (v, &o) in slots[i].iter_mut().zip(other.iter()) {
                let t = v.wrapping_sub(o);
                *v = if t < 0 { t.wrapping_add(MBIG) } else { t };
            }
        }
    }
    let (mut next, mut nextp) = (0usize, 21usize);
    for row in out.iter_mut() {
        next = if next + 1 >= 56 { 1 } else { next + 1 };
        nextp = if nextp + 1 >= 56 { 1 } else { nextp + 1 };
        let other = slots[nextp];
        for l in 0..LANES {
            let mut v = slots[next][l].wrapping_sub(other[l]);
            if v == MBIG {
                v -= 1;
            }
            if v < 0 {
                v = v.wrapping_add(MBIG);
            }
            slots[next][l] = v;
            row[l] = v as u32;
        }
    }
}

/// A Fisher–Yates walk on the seen cards' mask of 64 lanes, with libstdc++'s (`DOTNET` false) or .NET's bounded
/// draw; a lane is kept unless a finalised position breaks the view, or when a draw could have been redrawn or
/// the prefix ran out.
#[inline(always)]
fn walk_lanes<const DOTNET: bool>(outs: &Outputs, steps: &[WalkStep], mask0: u64, keep: &mut [bool; LANES]) {
    let mut mask = [mask0; LANES];
    let mut dead = [false; LANES];
    let mut unsure = [false; LANES];
    for (k, st) in steps.iter().enumerate() {
        if k == PREFIX {
            // Out of outputs: the lanes still alive are kept for the real check.
            break;
        }
        let (i, base, m) = (st.i, st.base, st.m);
        for l in 0..LANES {
            let o = outs[k][l];
            let d = if DOTNET {
                dotnet_scale(o as i32, m as i32) as u32
            } else {
                let x = u64::from(o) * u64::from(m);
                unsure[l] |= (x as u32) < m;
                (x >> 32) as u32
            };
            let j = base.wrapping_add(d);
            let bj = mask[l].wrapping_shr(j) & 1;
            mask[l] = swap_bits(mask[l], i, j);
            dead[l] |= match st.check {
                1 => bj == 1,
                2 => bj == 0,
                _ => false,
            };
        }
        if dead.iter().zip(&unsure).all(|(&d, &u)| d || u) {
            break;
        }
    }
    for l in 0..LANES {
        keep[l] = unsure[l] || !dead[l];
    }
}

/// One lane's prefix served as the runtime's generator would serve it. Past the prefix it answers a value that
/// ends any redraw loop and records that it ran out: the lane is then kept for the real check.
struct Prefix<'a, const RULE: u8> {
    outs: &'a Outputs,
    lane: usize,
    pos: usize,
    exhausted: bool,
}

/// The bounded draws a [`Prefix`] serves.
const LIBSTDCXX: u8 = 0;
const CPYTHON: u8 = 1;
const DOTNET: u8 = 2;

impl<const RULE: u8> RawRng for Prefix<'_, RULE> {
    const BITS: u32 = 32;
    const SCALES: bool = true;

    #[inline(always)]
    fn r(&mut self) -> u32 {
        if self.pos < PREFIX {
            self.pos += 1;
            self.outs[self.pos - 1][self.lane]
        } else {
            self.exhausted = true;
            // 0 is below any bound for `_randbelow`; u32::MAX times any range up to 2^31 leaves a low word of
            // 2^32 − range, never under libstdc++'s threshold (< range).
            if RULE == LIBSTDCXX { u32::MAX } else { 0 }
        }
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        match RULE {
            CPYTHON => randbelow_from(m, || self.r()),
            DOTNET => dotnet_scale(self.r() as i32, m as i32) as u32,
            _ => lemire_below(u64::from(m), || self.r()) as u32,
        }
    }
}

/// The dealer's walk on lane `lane`'s prefix: false when a finalised position breaks the view within it.
#[inline(always)]
fn prefix_walk<const RULE: u8>(problem: &Problem, outs: &Outputs, lane: usize, deck: &mut [Card]) -> bool {
    let mut g = Prefix::<RULE> { outs, lane, pos: 0, exhausted: false };
    problem.walk_deck(&mut g, deck) || g.exhausted
}

/// Swaps bits `i` and `j` of `mask`.
#[inline(always)]
fn swap_bits(mask: u64, i: u32, j: u32) -> u64 {
    let x = (mask.wrapping_shr(i) ^ mask.wrapping_shr(j)) & 1;
    mask ^ (x.wrapping_shl(i) | x.wrapping_shl(j))
}

/// libstdc++'s `std::shuffle` on the seen cards' mask of sixteen lanes; a lane is kept when its mask fits the
/// view or when a draw could have been redrawn.
#[inline(always)]
fn std_shuffle_lanes(outs: &Outputs, n: usize, mask0: u64, bad: u64, need: u64, keep: &mut [bool; LANES]) {
    let mut mask = [mask0; LANES];
    let mut unsure = [false; LANES];
    let mut k = 0usize;
    let mut i = 1u32;
    if n.is_multiple_of(2) {
        for l in 0..LANES {
            let x = u64::from(outs[0][l]) * 2;
            unsure[l] |= (x as u32) < 2;
            mask[l] = swap_bits(mask[l], 1, (x >> 32) as u32);
        }
        k = 1;
        i = 2;
    }
    while (i as usize) < n {
        let (b0, b1) = (u64::from(i) + 1, u64::from(i) + 2);
        let range = b0 * b1;
        // x / b1 for x < range ≤ 64·65: (x · ⌈2^32 / b1⌉) >> 32 is exact there.
        let magic = (1u64 << 32).div_ceil(b1);
        for l in 0..LANES {
            let x = u64::from(outs[k][l]) * range;
            unsure[l] |= (x as u32 as u64) < range;
            let hi = x >> 32;
            let q = (hi * magic) >> 32;
            let r = hi - q * b1;
            let m = swap_bits(mask[l], i, q as u32);
            mask[l] = swap_bits(m, i + 1, r as u32);
        }
        k += 1;
        i += 2;
    }
    for l in 0..LANES {
        keep[l] = unsure[l] || (mask[l] & bad == 0 && need & !mask[l] == 0);
    }
}

/// Scratch space of one thread's lanes.
pub(crate) struct Scratch {
    /// The 624 words of 64 lanes (160 kB), for `random.seed`'s whole-state mixing only.
    mt: Option<Box<[[u32; LANES]; N]>>,
    deck: Vec<Card>,
}

impl Scratch {
    /// Scratch for `plan` on an n-card deck.
    pub(crate) fn new(plan: &Plan, n: usize) -> Self {
        let mt = plan.base.as_ref().map(|_| {
            let rows: Box<[[u32; LANES]]> = vec![[0u32; LANES]; N].into_boxed_slice();
            rows.try_into().expect("N rows")
        });
        Scratch { mt, deck: vec![0; n] }
    }
}

#[inline(always)]
fn filter_body(plan: &Plan, problem: &Problem, from: u64, to: u64, scratch: &mut Scratch, out: &mut Vec<u64>) {
    let mut outs: Outputs = [[0u32; LANES]; PREFIX];
    let mut base = from;
    while base <= to {
        let seed = |l: usize| base.saturating_add(l as u64).min(to);
        match plan.seeding {
            Seeding::Genrand => {
                let seeds: [u32; LANES] = std::array::from_fn(|l| seed(l) as u32);
                genrand_outputs(&seeds, &mut outs);
            }
            Seeding::Dotnet => {
                let seeds: [u32; LANES] = std::array::from_fn(|l| seed(l) as u32);
                dotnet_outputs(&seeds, &mut outs);
            }
            Seeding::ByArray => {
                let (base, mt) = (
                    plan.base.as_deref().expect("a Python plan"),
                    scratch.mt.as_deref_mut().expect("a Python plan's scratch"),
                );
                // One or two key words: the caller splits ranges at 2^32, so every lane has as many.
                let low: [u32; LANES] = std::array::from_fn(|l| seed(l) as u32);
                if from >> 32 == 0 {
                    by_array_outputs(base, &[low], mt, &mut outs);
                } else {
                    let high: [u32; LANES] = std::array::from_fn(|l| (seed(l) >> 32) as u32);
                    by_array_outputs(base, &[low, high], mt, &mut outs);
                }
            }
        }
        let mut keep = [false; LANES];
        match plan.check {
            Check::StdShuffle { n, mask0, bad, need } => std_shuffle_lanes(&outs, n, mask0, bad, need, &mut keep),
            Check::MaskWalk { mask0 } if plan.seeding == Seeding::Dotnet => {
                walk_lanes::<true>(&outs, &plan.steps, mask0, &mut keep)
            }
            Check::MaskWalk { mask0 } => walk_lanes::<false>(&outs, &plan.steps, mask0, &mut keep),
            Check::Walk => {
                for (l, k) in keep.iter_mut().enumerate() {
                    *k = match plan.seeding {
                        Seeding::Genrand => prefix_walk::<LIBSTDCXX>(problem, &outs, l, &mut scratch.deck),
                        Seeding::ByArray => prefix_walk::<CPYTHON>(problem, &outs, l, &mut scratch.deck),
                        Seeding::Dotnet => prefix_walk::<DOTNET>(problem, &outs, l, &mut scratch.deck),
                    };
                }
            }
        }
        for (l, &k) in keep.iter().enumerate() {
            if k && base.checked_add(l as u64).is_some_and(|s| s <= to) {
                out.push(base + l as u64);
            }
        }
        match base.checked_add(LANES as u64) {
            Some(next) => base = next,
            None => break,
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl")]
unsafe fn filter_avx512(plan: &Plan, problem: &Problem, from: u64, to: u64, scratch: &mut Scratch, out: &mut Vec<u64>) {
    filter_body(plan, problem, from, to, scratch, out)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn filter_avx2(plan: &Plan, problem: &Problem, from: u64, to: u64, scratch: &mut Scratch, out: &mut Vec<u64>) {
    filter_body(plan, problem, from, to, scratch, out)
}

/// Appends to `out` every seed of `from..=to` the lanes do not reject (a superset of the consistent seeds, in
/// increasing order), with the code of `isa` (which must be [`Isa::available`]).
pub(crate) fn filter_range(
    isa: Isa,
    plan: &Plan,
    problem: &Problem,
    from: u64,
    to: u64,
    scratch: &mut Scratch,
    out: &mut Vec<u64>,
) {
    assert!(isa.available(), "{} is not available on this processor", isa.label());
    // Python keys of one word below 2^32, of two from there: a block never mixes them.
    let mut pieces = [(from, to), (1, 0)];
    if plan.seeding == Seeding::ByArray && from < 1 << 32 && to >= 1 << 32 {
        pieces = [(from, (1 << 32) - 1), (1 << 32, to)];
    }
    for (a, b) in pieces.into_iter().filter(|(a, b)| a <= b) {
        match isa {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the processor has the features (checked just above).
            Isa::Avx512 => unsafe { filter_avx512(plan, problem, a, b, scratch, out) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            Isa::Avx2 => unsafe { filter_avx2(plan, problem, a, b, scratch, out) },
            _ => filter_body(plan, problem, a, b, scratch, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{DotnetRandom, PythonRandom, StdMt19937};

    #[test]
    fn the_prefix_outputs_are_the_generators() {
        let seeds: [u32; LANES] = std::array::from_fn(|l| [0, 1, 5489, u32::MAX][l % 4] ^ (l as u32) << 20);
        let mut outs = [[0u32; LANES]; PREFIX];
        genrand_outputs(&seeds, &mut outs);
        for (l, &s) in seeds.iter().enumerate() {
            let mut g = StdMt19937::new(s);
            for (k, row) in outs.iter().enumerate() {
                assert_eq!(row[l], g.next_u32(), "std::mt19937({s}) output {k}");
            }
        }
        let base = Box::new(*Mt19937::init_genrand(19_650_218).words());
        let mut mt = Box::new([[0u32; LANES]; N]);
        for keys in [vec![0u64, 1, 42, 1_796_126_400], vec![1 << 32, 1_796_126_400_123, u64::MAX - LANES as u64]] {
            let seeds: [u64; LANES] = std::array::from_fn(|l| keys[l % keys.len()] + l as u64);
            let low: [u32; LANES] = std::array::from_fn(|l| seeds[l] as u32);
            let high: [u32; LANES] = std::array::from_fn(|l| (seeds[l] >> 32) as u32);
            let words: Vec<[u32; LANES]> = if keys[0] >> 32 == 0 { vec![low] } else { vec![low, high] };
            by_array_outputs(&base, &words, &mut mt, &mut outs);
            for (l, &s) in seeds.iter().enumerate() {
                let mut g = PythonRandom::new(s);
                for (k, row) in outs.iter().enumerate() {
                    assert_eq!(row[l], g.r(), "random.seed({s}) output {k}");
                }
            }
        }
    }

    #[test]
    fn the_dotnet_prefix_is_the_generators() {
        let seeds: [u32; LANES] = std::array::from_fn(|l| {
            [0, 1, 42, 161_803_398, 161_803_399, i32::MAX as u32, 1_000_000_007][l % 7].saturating_sub(l as u32 / 7)
        });
        let mut outs = [[0u32; LANES]; PREFIX];
        dotnet_outputs(&seeds, &mut outs);
        for (l, &s) in seeds.iter().enumerate() {
            let mut g = DotnetRandom::new(s as i32);
            for (k, row) in outs.iter().enumerate() {
                assert_eq!(row[l], g.r(), "new Random({s}) output {k}");
            }
        }
    }

    #[test]
    fn bits_swap() {
        assert_eq!(swap_bits(0b0010, 1, 3), 0b1000);
        assert_eq!(swap_bits(0b1010, 1, 3), 0b1010);
        assert_eq!(swap_bits(1 << 63, 63, 0), 1);
        assert_eq!(swap_bits(0b100, 2, 2), 0b100);
    }
}
