//! Seed spaces: the seeds a dealer can have used, given how it seeds its generator and what is known of when it
//! dealt, and the equivalences between seeds that give one stream.
//!
//! A seed space is a set of seed values (sorted, disjoint, inclusive ranges) for `srand(seed)` (the C
//! generators, 32 bits) or `seed_from_u64(seed)` (the others). Two generators have seeds that give identical
//! streams: MSVC's `rand()` outputs bits 16–30 of its state and the low bits of an LCG never depend on the
//! high ones, so `srand(s)` and `srand(s ^ 2^31)` agree forever; glibc's `srandom` turns seed 0 into 1. A search
//! runs each stream once ([`SeedSpace::streams`]) and reports the equivalent seeds together.
//!
//! Clock seedings (`--clock`): `unix` is `srand(time(NULL))` (seconds; Python's `random.seed(int(time.time()))`);
//! `unix-ms` is Java's `new Random(System.currentTimeMillis())`; `ms-since-midnight` is the PlanetPoker
//! server of 1999 (Arkin et al.: milliseconds since midnight UTC, 86,400,000 values); `time-xor-pid` is
//! `srand(time(NULL) ^ getpid())`, where the process id only changes the low bits: with pids below 2^k the seeds
//! are every value of the aligned 2^k-blocks the window's times fall in (a superset, searched whole);
//! `tick-count` is .NET Framework's `new Random()`, seeded with `Environment.TickCount` (milliseconds since the
//! machine booted); `dotnet-ticks` is `new Random((int)DateTime.Now.Ticks)` (100-nanosecond ticks since
//! 0001-01-01 on the local clock, cut to their low 32 bits).
//!
//! The clock's value reaches the generator through the language's own conversion: C's `srand(unsigned int)`
//! and `std::mt19937(uint32_t)` keep its low 32 bits; .NET's `Random(int)` takes the low 32 bits as a signed
//! int and then its absolute value (`Int32.MinValue` counts as `Int32.MaxValue`), so a seed s stands for both
//! s and −s; Java's `long` and Python's int take it whole (Java then keeps 48 bits: seeds 2^48 apart give one
//! stream).

use super::clock::{DAY_MS, UnixMillis, format_clock, format_time};
use crate::error::{ConfigError, Field};
use crate::rng::{Family, GO_ZERO_SEED, RngKind, SeedParam, StreamTwins};

crate::names::named_enum! {
    /// How a dealer derives its seed from the clock.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Clock("clock") {
        /// `srand(time(NULL))`: Unix seconds.
        #[default]
        Unix => "unix",
        /// Milliseconds since midnight UTC (PlanetPoker, 1999).
        MsSinceMidnight => "ms-since-midnight",
        /// `srand(time(NULL) ^ getpid())`.
        TimeXorPid => "time-xor-pid",
        /// Unix milliseconds: Java's `new Random(System.currentTimeMillis())`.
        UnixMs => "unix-ms",
        /// Milliseconds since boot: .NET Framework's `new Random()` (`Environment.TickCount`), `GetTickCount()`.
        TickCount => "tick-count",
        /// `(int)DateTime.Now.Ticks`: 100-ns ticks since 0001-01-01 on the local clock, low 32 bits.
        DotnetTicks => "dotnet-ticks",
    }
}

/// `DateTime` ticks (100 ns since 0001-01-01) at the Unix epoch.
pub(crate) const EPOCH_TICKS: i128 = 621_355_968_000_000_000;

/// The seeds the program values `lo..=hi` (the clock's integer as the program holds it) become through the
/// generator's seeding parameter: the low 32 bits for `srand(unsigned int)` and `std::mt19937(uint32_t)`; the low
/// 32 bits as a signed int, then its absolute value, for .NET's `Random(int)`; the value itself otherwise.
pub(crate) fn seed_ranges(rng: RngKind, lo: i128, hi: i128) -> Vec<(u64, u64)> {
    const WORD: i128 = 1 << 32;
    let low32 = || -> Vec<(u64, u64)> {
        if hi - lo + 1 >= WORD {
            return vec![(0, u64::from(u32::MAX))];
        }
        let (a, b) = (lo.rem_euclid(WORD) as u64, hi.rem_euclid(WORD) as u64);
        if a <= b { vec![(a, b)] } else { vec![(a, u64::from(u32::MAX)), (0, b)] }
    };
    let out = match rng.facts().seed_param {
        SeedParam::Low32 => low32(),
        SeedParam::AbsInt32 => {
            const HALF: u64 = 1 << 31;
            let mut v = Vec::new();
            for (a, b) in low32() {
                if a < HALF {
                    v.push((a, b.min(HALF - 1)));
                }
                if b >= HALF {
                    // Negative ints −(2^32 − u): their magnitudes, Int32.MinValue counting as Int32.MaxValue.
                    let (ua, ub) = (a.max(HALF), b);
                    v.push((((1u64 << 32) - ub).min(HALF - 1), ((1u64 << 32) - ua).min(HALF - 1)));
                }
            }
            v
        }
        SeedParam::Whole => {
            vec![(lo.max(0).min(i128::from(u64::MAX)) as u64, hi.max(0).min(i128::from(u64::MAX)) as u64)]
        }
    };
    merge(out)
}

/// Which seeds to consider, as the command line gives them (exactly one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceRequest {
    /// The deal happened between these two times (milliseconds since the epoch, both included), on a clock
    /// `offset_minutes` ahead of UTC (what `DateTime.Now` reads; 0 for every other clock).
    Window { from: UnixMillis, to: UnixMillis, offset_minutes: i32 },
    /// The deal happened between these two uptimes (milliseconds since boot, both included).
    Uptime { from: u64, to: u64 },
    /// These seed values, both ends included.
    Seeds { from: u64, to: u64 },
    /// Every seed the generator's seeding takes (with a clock: every value the clock can give).
    All,
    /// The generator keyed from the operating system's entropy (`from_os_rng`, or `srand` of 32 random bits).
    OsSeeded,
}

/// The seed-space flags as given, before validation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpaceFlags {
    /// `--time T` or `--time FROM..TO`.
    pub time: Option<String>,
    /// `--window W`: the deal happened within W of T.
    pub window: Option<std::time::Duration>,
    /// `--seeds FROM..TO`.
    pub seeds: Option<(u64, u64)>,
    pub all_seeds: bool,
    pub os_seeded: bool,
    pub clock: Option<Clock>,
    pub max_pid: Option<u32>,
    /// `--uptime U`: with `--clock tick-count`, the machine had been up about U when it dealt.
    pub uptime: Option<std::time::Duration>,
}

/// `FROM..TO` of two unsigned integers (decimal or 0x hex).
pub fn parse_seed_range(text: &str) -> Result<(u64, u64), String> {
    let (a, b) = text.split_once("..").ok_or_else(|| format!("'{text}' is not FROM..TO"))?;
    let num = |t: &str| {
        let t = t.trim().replace('_', "");
        match t.strip_prefix("0x") {
            Some(h) => u64::from_str_radix(h, 16),
            None => t.parse::<u64>(),
        }
        .map_err(|_| format!("'{t}' in '{text}' is not an unsigned integer"))
    };
    Ok((num(a)?, num(b)?))
}

impl SpaceFlags {
    /// The one seed space the flags give; none or two of them, a window without a time and flags that do not
    /// apply (a clock with explicit seeds, `--max-pid` without `time-xor-pid`) are refused naming the flag.
    pub fn policy(&self, rng: RngKind) -> Result<SeedPolicy, ConfigError> {
        let clock = self.clock.unwrap_or_default();
        let tick = clock == Clock::TickCount;
        if self.uptime.is_some() && !tick {
            return Err(ConfigError::new(
                Field::Uptime,
                "applies only to --clock tick-count (milliseconds since boot)",
            ));
        }
        if tick && self.time.is_some() {
            return Err(ConfigError::new(
                Field::Time,
                "--clock tick-count counts milliseconds since the machine booted, not a date: give --window W (the \
                 deal came within W of boot) or --uptime U --window W",
            ));
        }
        // With tick-count, --window alone (or with --uptime) is the space: the uptimes the deal can have had.
        let uptime_given = tick && (self.window.is_some() || self.uptime.is_some());
        let given: Vec<Field> = [
            (self.time.is_some(), Field::Time),
            (uptime_given, Field::Uptime),
            (self.seeds.is_some(), Field::Seeds),
            (self.all_seeds, Field::AllSeeds),
            (self.os_seeded, Field::OsSeeded),
        ]
        .into_iter()
        .filter_map(|(g, f)| g.then_some(f))
        .collect();
        let request = match given.as_slice() {
            [] => {
                let what = if self.window.is_some() { Field::Window } else { Field::Seeds };
                return Err(ConfigError::new(
                    what,
                    "no seed space given: use one of --time T --window W, --seeds FROM..TO, --all-seeds, --os-seeded",
                ));
            }
            [one] => *one,
            [first, second, ..] => {
                let (first, second) = if *first == Field::Uptime && self.uptime.is_none() {
                    (Field::Window, *second)
                } else {
                    (*first, *second)
                };
                return Err(ConfigError::new(
                    second,
                    format!("cannot be used with {}: give one seed space", first.flag()),
                ));
            }
        };
        if self.window.is_some() && !matches!(request, Field::Time | Field::Uptime) {
            return Err(ConfigError::new(Field::Window, format!("applies to --time, not {}", request.flag())));
        }
        if self.clock.is_some() && matches!(request, Field::Seeds | Field::OsSeeded) {
            return Err(ConfigError::new(Field::Clock, format!("does not apply to {}", request.flag())));
        }
        if self.max_pid.is_some() && clock != Clock::TimeXorPid {
            return Err(ConfigError::new(Field::MaxPid, "applies only to --clock time-xor-pid"));
        }
        let request = match request {
            Field::Seeds => {
                let (from, to) = self.seeds.expect("given");
                SpaceRequest::Seeds { from, to }
            }
            Field::AllSeeds => SpaceRequest::All,
            Field::OsSeeded => SpaceRequest::OsSeeded,
            Field::Uptime => {
                let w = self.window.ok_or_else(|| {
                    ConfigError::new(Field::Uptime, "--uptime U needs --window W (the uptime was within W of U)")
                })?;
                let w = w.as_millis() as u64;
                match self.uptime {
                    Some(u) => {
                        let u = u.as_millis() as u64;
                        SpaceRequest::Uptime { from: u.saturating_sub(w), to: u.saturating_add(w) }
                    }
                    None => SpaceRequest::Uptime { from: 0, to: w },
                }
            }
            _ => {
                let text = self.time.as_deref().expect("given");
                let bad = |e: String| ConfigError::new(Field::Time, e);
                match (text.split_once(".."), self.window) {
                    (Some((a, b)), None) => {
                        let (from, offset_minutes) = super::clock::parse_local_time(a).map_err(bad)?;
                        let to = super::clock::parse_time(b).map_err(bad)?;
                        SpaceRequest::Window { from, to, offset_minutes }
                    }
                    (Some(_), Some(_)) => {
                        return Err(ConfigError::new(Field::Window, "does not apply to a --time FROM..TO range"));
                    }
                    (None, Some(w)) => {
                        let (t, offset_minutes) = super::clock::parse_local_time(text).map_err(bad)?;
                        let w = w.as_millis() as i64;
                        SpaceRequest::Window { from: t - w, to: t + w, offset_minutes }
                    }
                    (None, None) => {
                        return Err(ConfigError::new(
                            Field::Window,
                            "--time T needs --window W (the deal happened within W of T), or give --time FROM..TO",
                        ));
                    }
                }
            }
        };
        Ok(SeedPolicy { rng, clock, request, max_pid: self.max_pid.unwrap_or(DEFAULT_MAX_PID) })
    }
}

/// A seeding policy: the generator, how its seed is made, and which seeds are possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeedPolicy {
    pub rng: RngKind,
    pub clock: Clock,
    pub request: SpaceRequest,
    /// Largest process id for `time-xor-pid` (Linux's classic `pid_max` is 32768).
    pub max_pid: u32,
}

/// Default largest process id.
pub(crate) const DEFAULT_MAX_PID: u32 = 32_768;

/// The seeds a policy allows.
#[derive(Clone, Debug, PartialEq)]
pub struct SeedSpace {
    pub policy: SeedPolicy,
    /// The seed values, sorted, disjoint, both ends included; empty when the space is a key drawn from the
    /// operating system (not a seed value at all).
    pub ranges: Vec<(u64, u64)>,
    /// log2 of the number of seeds (or of keys, for an OS-keyed modern generator).
    pub log2_size: f64,
    /// What the space is, in words.
    pub description: String,
    /// The clock's values (as the program holds them) the space was made from, when it came from a clock:
    /// what [`SeedSpace::explain`] maps a seed back to.
    pub values: Option<(i128, i128)>,
}

/// What the program passes as the seed under a clock, in its own language.
pub(crate) fn clock_expression(rng: RngKind, clock: Clock) -> &'static str {
    match (clock, rng.facts().family) {
        (Clock::Unix, Family::Python) => "int(time.time())",
        (Clock::Unix, Family::Java) => "System.currentTimeMillis() / 1000",
        (Clock::Unix, Family::Dotnet) => "(int)DateTimeOffset.UtcNow.ToUnixTimeSeconds()",
        (Clock::Unix, Family::Cpp) => "time(nullptr)",
        (Clock::Unix, Family::CLibrary | Family::RustCrate) => "time(NULL)",
        (Clock::Unix, Family::JavaScript) => "Math.floor(Date.now() / 1000)",
        (Clock::UnixMs, Family::JavaScript) => "Date.now()",
        (Clock::UnixMs, Family::Java) => "System.currentTimeMillis()",
        (Clock::UnixMs, Family::Python) => "int(time.time() * 1000)",
        (Clock::UnixMs, Family::Dotnet) => "(int)DateTimeOffset.UtcNow.ToUnixTimeMilliseconds()",
        (Clock::Unix, Family::Go) => "time.Now().Unix()",
        (Clock::Unix, Family::Lua) => "os.time()",
        (Clock::Unix, Family::Php) => "time()",
        (Clock::UnixMs, Family::Php) => "(int) (microtime(true) * 1000)",
        (Clock::Unix, Family::Ruby) => "Time.now.to_i",
        (Clock::UnixMs, Family::Ruby) => "(Time.now.to_f * 1000).to_i",
        (Clock::UnixMs, Family::Go) => "time.Now().UnixMilli()",
        (Clock::UnixMs, Family::CLibrary | Family::Cpp | Family::RustCrate | Family::Lua) => "Unix milliseconds",
        (Clock::TickCount, Family::Dotnet) => "Environment.TickCount",
        (Clock::TickCount, _) => "GetTickCount()",
        (Clock::DotnetTicks, _) => "(int)DateTime.Now.Ticks",
        (Clock::MsSinceMidnight, _) => "milliseconds since midnight UTC",
        (Clock::TimeXorPid, _) => "time(NULL) ^ getpid()",
    }
}

/// `3d 04:05:06.789` of milliseconds since boot.
pub(crate) fn format_uptime(ms: u64) -> String {
    let days = ms / DAY_MS as u64;
    let clock = format_clock((ms % DAY_MS as u64) as i64);
    if days > 0 { format!("{days}d {clock}") } else { clock }
}

/// `+08:00` of minutes ahead of UTC.
fn format_offset(minutes: i32) -> String {
    let sign = if minutes < 0 { '-' } else { '+' };
    format!("{sign}{:02}:{:02}", minutes.abs() / 60, minutes.abs() % 60)
}

impl SeedSpace {
    /// The seed space of a policy; a window or range that ends before it starts, or seeds the generator's
    /// seeding cannot take, are refused naming the flag.
    pub fn new(policy: SeedPolicy) -> Result<SeedSpace, ConfigError> {
        let rng = policy.rng;
        if rng == RngKind::V8 {
            return Err(ConfigError::new(
                Field::Rng,
                "v8 is not seeded by a number to search: a real dealer's Math.random is keyed with 128 bits from the \
                 operating system, and its state is recovered from shown deals instead (crack --rng v8 --shown FILE)",
            ));
        }
        let c = rng.is_c_library();
        let runtime = rng.is_runtime();
        let seed_max: u64 = rng.max_seed();
        let seed_bits = 64 - seed_max.leading_zeros();
        let seeding = rng.seeding_call();
        let mut values: Option<(i128, i128)> = None;
        let (ranges, description): (Vec<(u64, u64)>, String) = match policy.request {
            SpaceRequest::OsSeeded if !c && !runtime => {
                let bits = rng.facts().os_key_bits;
                return Ok(SeedSpace {
                    policy,
                    ranges: Vec::new(),
                    log2_size: f64::from(bits),
                    description: format!("{} keyed from the operating system: 2^{bits} keys", rng.name()),
                    values: None,
                });
            }
            SpaceRequest::OsSeeded if c => {
                (vec![(0, seed_max)], "srand(32 bits from the operating system): still only 2^32 seeds".to_string())
            }
            SpaceRequest::OsSeeded => (
                vec![(0, seed_max)],
                format!("{seeding} with {seed_bits} bits from the operating system: still only 2^{seed_bits} seeds"),
            ),
            SpaceRequest::Seeds { from, to } => {
                if to < from {
                    return Err(ConfigError::new(
                        Field::Seeds,
                        format!("the range {from}..{to} ends before it starts"),
                    ));
                }
                if to > seed_max {
                    return Err(ConfigError::new(
                        Field::Seeds,
                        format!(
                            "{} seeds with {}: {to} does not fit in {seed_bits} bits (max {seed_max})",
                            rng.name(),
                            rng.seeding_rule()
                        ),
                    ));
                }
                (vec![(from, to)], format!("{seeding} for seed {from}..{to}"))
            }
            SpaceRequest::Uptime { from, to } => {
                if policy.clock != Clock::TickCount {
                    return Err(ConfigError::new(Field::Uptime, "applies only to --clock tick-count"));
                }
                if to < from {
                    return Err(ConfigError::new(
                        Field::Uptime,
                        format!("the uptimes {from}..{to} ms end before they start"),
                    ));
                }
                values = Some((i128::from(from), i128::from(to)));
                (
                    seed_ranges(rng, i128::from(from), i128::from(to)),
                    format!(
                        "{seeding} with seed = {} between {} and {} after boot",
                        clock_expression(rng, Clock::TickCount),
                        format_uptime(from),
                        format_uptime(to)
                    ),
                )
            }
            SpaceRequest::All => match policy.clock {
                Clock::MsSinceMidnight => {
                    values = Some((0, i128::from(DAY_MS) - 1));
                    (
                        seed_ranges(rng, 0, i128::from(DAY_MS) - 1),
                        format!("{seeding} of milliseconds since midnight: any time of day"),
                    )
                }
                Clock::Unix if c => (vec![(0, seed_max)], "srand(time(NULL)) at any time: every 32-bit seed".into()),
                Clock::TimeXorPid if c => {
                    (vec![(0, seed_max)], "srand(time(NULL) ^ getpid()) at any time: every 32-bit seed".into())
                }
                Clock::TickCount => {
                    // Environment.TickCount is an int (GetTickCount a DWORD): every value it wraps through.
                    let (lo, hi) = if rng.facts().family == Family::Dotnet {
                        (0, i128::from(i32::MAX))
                    } else {
                        (0, (1i128 << 32) - 1)
                    };
                    values = Some((lo, hi));
                    (
                        seed_ranges(rng, lo, hi),
                        format!("{seeding} with seed = {} at any uptime", clock_expression(rng, Clock::TickCount)),
                    )
                }
                _ if c => (vec![(0, seed_max)], "srand(seed): every 32-bit seed".into()),
                _ if runtime => (vec![(0, seed_max)], format!("{seeding}: every {seed_bits}-bit seed")),
                _ => (vec![(0, seed_max)], "seed_from_u64(seed): every 64-bit seed".into()),
            },
            SpaceRequest::Window { from, to, offset_minutes } => {
                if to < from {
                    return Err(ConfigError::new(
                        Field::Window,
                        format!("the window ends ({}) before it starts ({})", format_time(to), format_time(from)),
                    ));
                }
                if from < 0 {
                    return Err(ConfigError::new(
                        Field::Time,
                        format!("the window starts before 1970 ({})", format_time(from)),
                    ));
                }
                let when = format!("{} .. {}", format_time(from), format_time(to));
                let expr = clock_expression(rng, policy.clock);
                match policy.clock {
                    Clock::Unix | Clock::UnixMs => {
                        let (a, b) = if policy.clock == Clock::Unix {
                            (i128::from(from / 1000), i128::from(to / 1000))
                        } else {
                            (i128::from(from), i128::from(to))
                        };
                        if c && policy.clock == Clock::Unix && b > i128::from(u32::MAX) {
                            return Err(ConfigError::new(Field::Time, "times after 2106 do not fit in 32 bits"));
                        }
                        values = Some((a, b));
                        (seed_ranges(rng, a, b), format!("{seeding} with seed = {expr} between {when}"))
                    }
                    Clock::MsSinceMidnight => {
                        let text = format!("{seeding} with seed = milliseconds since midnight UTC between {when}");
                        let day = if to - from >= DAY_MS - 1 {
                            vec![(0, DAY_MS as u64 - 1)]
                        } else {
                            let (a, b) = (from.rem_euclid(DAY_MS) as u64, to.rem_euclid(DAY_MS) as u64);
                            if a <= b { vec![(a, b)] } else { vec![(0, b), (a, DAY_MS as u64 - 1)] }
                        };
                        let seeds = day.iter().flat_map(|&(a, b)| seed_ranges(rng, i128::from(a), i128::from(b)));
                        (merge(seeds.collect()), text)
                    }
                    Clock::TimeXorPid => {
                        if policy.max_pid == 0 {
                            return Err(ConfigError::new(Field::MaxPid, "the largest process id must be at least 1"));
                        }
                        let block = u64::from(policy.max_pid).next_power_of_two().max(2);
                        let block = if block == u64::from(policy.max_pid) { block * 2 } else { block };
                        let (a, b) = ((from / 1000) as u64, (to / 1000) as u64);
                        let (a, b) = (a & !(block - 1), b | (block - 1));
                        if c && b > seed_max {
                            return Err(ConfigError::new(Field::Time, "times after 2106 do not fit in 32 bits"));
                        }
                        (
                            seed_ranges(rng, i128::from(a), i128::from(b)),
                            format!(
                                "{seeding} with seed = time(NULL) ^ pid, pid 1..={}, time between {when} \
                                 (every value of its {block}-seed blocks)",
                                policy.max_pid
                            ),
                        )
                    }
                    Clock::TickCount => {
                        return Err(ConfigError::new(
                            Field::Time,
                            "--clock tick-count counts milliseconds since boot, not a date: give --window W or \
                             --uptime U --window W",
                        ));
                    }
                    Clock::DotnetTicks => {
                        let local = i128::from(offset_minutes) * 60_000;
                        let a = EPOCH_TICKS + (i128::from(from) + local) * 10_000;
                        let b = EPOCH_TICKS + (i128::from(to) + local) * 10_000 + 9_999;
                        values = Some((a, b));
                        let zone = if offset_minutes == 0 { "UTC".to_string() } else { format_offset(offset_minutes) };
                        (
                            seed_ranges(rng, a, b),
                            format!("{seeding} with seed = {expr} between {when} (local clock {zone})"),
                        )
                    }
                }
            }
        };
        if values.is_none() {
            values = match (policy.request, policy.clock) {
                (SpaceRequest::All, Clock::Unix | Clock::UnixMs) => Some((0, i128::from(seed_max))),
                (SpaceRequest::Window { .. }, Clock::MsSinceMidnight) => Some((0, i128::from(DAY_MS) - 1)),
                _ => None,
            };
        }
        let size: f64 = ranges.iter().map(|&(a, b)| (b - a) as f64 + 1.0).sum();
        Ok(SeedSpace { policy, ranges, log2_size: size.log2(), description, values })
    }

    /// Number of seeds, when it fits in 64 bits (not for a 2^64 or OS-keyed space).
    pub fn size(&self) -> Option<u64> {
        if self.ranges.is_empty() {
            return None;
        }
        self.ranges.iter().try_fold(0u64, |acc, &(a, b)| acc.checked_add((b - a).checked_add(1)?))
    }

    /// The seeds to run, one per distinct stream (MSVC: below 2^31; glibc: seed 0 folded into 1), as sorted,
    /// disjoint, inclusive ranges.
    pub fn streams(&self) -> Vec<(u64, u64)> {
        let out: Vec<(u64, u64)> = match self.policy.rng.facts().twins {
            StreamTwins::Low31 => {
                const HALF: u64 = 1 << 31;
                let mut v = Vec::new();
                for &(a, b) in &self.ranges {
                    if b - a + 1 >= HALF {
                        v.push((0, HALF - 1));
                    } else if (a % HALF) <= (b % HALF) {
                        v.push((a % HALF, b % HALF));
                    } else {
                        v.push((a % HALF, HALF - 1));
                        v.push((0, b % HALF));
                    }
                }
                v
            }
            StreamTwins::Low48 => {
                // Only the low 48 bits of the long reach the state.
                const STATE: u64 = 1 << 48;
                let mut v = Vec::new();
                for &(a, b) in &self.ranges {
                    if b - a >= STATE - 1 {
                        v.push((0, STATE - 1));
                    } else if (a % STATE) <= (b % STATE) {
                        v.push((a % STATE, b % STATE));
                    } else {
                        v.push((a % STATE, STATE - 1));
                        v.push((0, b % STATE));
                    }
                }
                v
            }
            StreamTwins::ZeroIsOne => {
                let mut v: Vec<(u64, u64)> =
                    self.ranges.iter().filter_map(|&(a, b)| (a.max(1) <= b).then_some((a.max(1), b))).collect();
                if self.contains(0) {
                    v.push((1, 1));
                }
                v
            }
            StreamTwins::ModInt32Max => {
                // Go keeps the seed modulo 2^31 − 1 and runs 0 as 89482311.
                const M: u64 = (1 << 31) - 1;
                let mut v = Vec::new();
                for &(a, b) in &self.ranges {
                    if b - a >= M - 1 {
                        v.push((0, M - 1));
                    } else if a % M <= b % M {
                        v.push((a % M, b % M));
                    } else {
                        v.push((a % M, M - 1));
                        v.push((0, b % M));
                    }
                }
                let mut v = merge(v);
                if v.first().is_some_and(|&(a, _)| a == 0) {
                    v[0].0 = 1;
                    if v[0].0 > v[0].1 {
                        v.remove(0);
                    }
                    v.push((GO_ZERO_SEED, GO_ZERO_SEED));
                }
                v
            }
            StreamTwins::TopWordOne => {
                // Seeds 2^32..2^33 run as their low word.
                const W: u64 = 1 << 32;
                let mut v = Vec::new();
                for &(a, b) in &self.ranges {
                    let (lo, hi) = (a.max(W), b.min(2 * W - 1));
                    if lo <= hi {
                        v.push((lo - W, hi - W));
                    }
                    v.extend([(a, b.min(W - 1)), (a.max(2 * W), b)].into_iter().filter(|&(x, y)| x <= y));
                }
                v
            }
            StreamTwins::None => self.ranges.clone(),
        };
        merge(out)
    }

    /// Number of distinct streams, when it fits in 64 bits.
    pub fn distinct_streams(&self) -> Option<u64> {
        if self.ranges.is_empty() {
            return None;
        }
        self.streams().iter().try_fold(0u64, |acc, &(a, b)| acc.checked_add((b - a).checked_add(1)?))
    }

    /// How many seeds of the space each stream stands for, as (seeds per stream, streams with that many),
    /// when the space fits in 64 bits: 1 or 2 for MSVC's twins and glibc's 0 and 1, and for Go's seeds kept
    /// modulo 2^31 − 1 the number of times a range wraps over the residues (0 and 89482311 added together).
    pub fn stream_multiplicities(&self) -> Option<Vec<(u64, u64)>> {
        let (size, streams) = (self.size()?, self.distinct_streams()?);
        if self.policy.rng.facts().twins != StreamTwins::ModInt32Max {
            // Every stream is one or two seeds.
            let twins = size - streams;
            return Some([(1, streams - twins), (2, twins)].into_iter().filter(|&(_, c)| c > 0).collect());
        }
        const M: u64 = (1 << 31) - 1;
        if self.ranges.len() > 1 {
            return None;
        }
        // How many residues take each count.
        let mut counts: std::collections::BTreeMap<u64, u64> = std::collections::BTreeMap::new();
        let mut of_zero = 0u64;
        let mut of_other = 0u64;
        for &(a, b) in &self.ranges {
            let len = b - a + 1;
            let (q, r) = (len / M, len % M);
            // Residues a mod M, …, (a + r − 1) mod M take q + 1 seeds; the rest q.
            let start = a % M;
            let in_extra = |x: u64| (x + M - start) % M < r;
            if q > 0 {
                *counts.entry(q).or_default() += M - r;
            }
            if r > 0 {
                *counts.entry(q + 1).or_default() += r;
            }
            for (residue, slot) in [(0, &mut of_zero), (GO_ZERO_SEED, &mut of_other)] {
                *slot += q + u64::from(in_extra(residue));
            }
        }
        // Residue 0 runs as 89482311: the two are one stream of their seeds together.
        for c in [of_zero, of_other].into_iter().filter(|&c| c > 0) {
            let e = counts.get_mut(&c).expect("counted above");
            *e -= 1;
        }
        if of_zero + of_other > 0 {
            *counts.entry(of_zero + of_other).or_default() += 1;
        }
        let out: Vec<(u64, u64)> = counts.into_iter().filter(|&(m, c)| m > 0 && c > 0).collect();
        debug_assert_eq!(out.iter().map(|&(_, c)| c).sum::<u64>(), streams);
        Some(out)
    }

    /// log2 of the number of distinct streams (for an OS-keyed space, of the keys).
    pub fn log2_streams(&self) -> f64 {
        match self.distinct_streams() {
            Some(s) => (s as f64).log2(),
            None => self.log2_size,
        }
    }

    /// True when `seed` is in the space.
    pub fn contains(&self, seed: u64) -> bool {
        self.ranges.iter().any(|&(a, b)| a <= seed && seed <= b)
    }

    /// Every seed of the space that gives the same stream as the stream seed `s` (from [`SeedSpace::streams`]),
    /// in increasing order.
    pub fn equivalents(&self, s: u64) -> Vec<u64> {
        let family: Vec<u64> = match self.policy.rng.facts().twins {
            StreamTwins::Low31 => vec![s, s + (1 << 31)],
            StreamTwins::ZeroIsOne if s == 1 => vec![0, 1],
            // Seeds 2^48 apart: listed up to sixteen (a space that holds more is far too large to search).
            StreamTwins::Low48 => (0..16u64).filter_map(|k| s.checked_add(k << 48)).collect(),
            // Seeds 2^31 − 1 apart (and 0 with 89482311): listed up to sixteen, as Java's.
            StreamTwins::ModInt32Max => {
                const M: u64 = (1 << 31) - 1;
                let mut v: Vec<u64> = (0..16u64).filter_map(|k| s.checked_add(k * M)).collect();
                if s == GO_ZERO_SEED {
                    v.extend((0..16u64).map(|k| k * M));
                }
                v.sort_unstable();
                v
            }
            StreamTwins::TopWordOne if s < 1 << 32 => vec![s, s + (1 << 32)],
            StreamTwins::ZeroIsOne | StreamTwins::None | StreamTwins::TopWordOne => vec![s],
        };
        family.into_iter().filter(|&x| self.contains(x)).collect()
    }

    /// The stream seed (as [`SeedSpace::streams`] lists it) that `seed` runs as.
    pub fn equivalents_stream(&self, seed: u64) -> Vec<u64> {
        match self.policy.rng.facts().twins {
            StreamTwins::Low31 => vec![seed & 0x7fff_ffff],
            StreamTwins::ZeroIsOne if seed == 0 => vec![1],
            StreamTwins::Low48 => vec![seed & ((1 << 48) - 1)],
            StreamTwins::ModInt32Max => match seed % ((1 << 31) - 1) {
                0 => vec![GO_ZERO_SEED],
                r => vec![r],
            },
            StreamTwins::TopWordOne if seed >> 32 == 1 => vec![seed - (1 << 32)],
            StreamTwins::ZeroIsOne | StreamTwins::None | StreamTwins::TopWordOne => vec![seed],
        }
    }

    /// What a seed means under the policy's clock: `time(NULL) = 2026-12-01T12:00:00Z`.
    pub fn explain(&self, seed: u64) -> Option<String> {
        let (clock, rng) = (self.policy.clock, self.policy.rng);
        let expr = clock_expression(rng, clock);
        let value = self.value_of(seed)?;
        Some(match clock {
            Clock::Unix if rng.is_c_library() => format!("time(NULL) = {}", format_time(value as i64 * 1000)),
            Clock::Unix => format!("{expr} = {value}: {}", format_time(value as i64 * 1000)),
            Clock::UnixMs => format!("{expr} = {value}: {}", format_time(value as i64)),
            Clock::MsSinceMidnight => format!("{} UTC", format_clock(value as i64)),
            Clock::TimeXorPid => return None,
            Clock::TickCount => format!("{expr} = {value}: {} after boot", format_uptime(value as u64)),
            Clock::DotnetTicks => {
                let offset = match self.policy.request {
                    SpaceRequest::Window { offset_minutes, .. } => offset_minutes,
                    _ => 0,
                };
                let local_ms = (value - EPOCH_TICKS).div_euclid(10_000) as i64;
                let utc = format_time(local_ms - i64::from(offset) * 60_000);
                let int = value.rem_euclid(1 << 32) as u32 as i32;
                format!(
                    "DateTime.Now.Ticks = {value} (as an int {int}): {utc}, of the window's such ticks the nearest its middle"
                )
            }
        })
    }

    /// The first clock value of the space whose seeding conversion gives `seed`.
    fn value_of(&self, seed: u64) -> Option<i128> {
        let (lo, hi) = self.values?;
        if let SpaceRequest::Seeds { .. } | SpaceRequest::OsSeeded = self.policy.request {
            return None;
        }
        let residues: Vec<i128> = match self.policy.rng.facts().seed_param {
            SeedParam::Low32 => vec![i128::from(seed)],
            SeedParam::AbsInt32 => {
                let mut r = vec![i128::from(seed), (1i128 << 32) - i128::from(seed)];
                if seed == u64::from(i32::MAX.unsigned_abs()) {
                    r.push(1 << 31);
                }
                r
            }
            SeedParam::Whole => return (lo <= i128::from(seed) && i128::from(seed) <= hi).then_some(i128::from(seed)),
        };
        // Of the values 2^32 apart that give the seed, the one nearest the middle of the window.
        let mid = lo + (hi - lo) / 2;
        residues
            .into_iter()
            .flat_map(|c| {
                let first = lo + (c - lo).rem_euclid(1 << 32);
                let k = (mid - first).max(0) >> 32;
                [first + (k << 32), first + ((k + 1) << 32)]
            })
            .filter(|&v| lo <= v && v <= hi)
            .min_by_key(|&v| (v - mid).abs())
    }
}

/// Sorts and merges overlapping or touching inclusive ranges.
fn merge(mut v: Vec<(u64, u64)>) -> Vec<(u64, u64)> {
    v.sort_unstable();
    let mut out: Vec<(u64, u64)> = Vec::with_capacity(v.len());
    for (a, b) in v {
        match out.last_mut() {
            Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn space(rng: RngKind, clock: Clock, request: SpaceRequest) -> SeedSpace {
        SeedSpace::new(SeedPolicy { rng, clock, request, max_pid: DEFAULT_MAX_PID }).unwrap()
    }

    #[test]
    fn msvc_twins_are_run_once_and_reported_together() {
        let all = space(RngKind::Msvc, Clock::Unix, SpaceRequest::All);
        assert_eq!((all.size(), all.distinct_streams()), (Some(1 << 32), Some(1 << 31)));
        assert_eq!(all.equivalents(5), vec![5, 5 + (1 << 31)]);
        let r = space(RngKind::Msvc, Clock::Unix, SpaceRequest::Seeds { from: (1 << 31) - 2, to: (1 << 31) + 3 });
        assert_eq!(r.streams(), vec![(0, 3), ((1 << 31) - 2, (1 << 31) - 1)]);
        assert_eq!(r.equivalents(2), vec![(1 << 31) + 2]);
        let g = space(RngKind::Glibc, Clock::Unix, SpaceRequest::Seeds { from: 0, to: 9 });
        assert_eq!((g.streams(), g.equivalents(1)), (vec![(1, 9)], vec![0, 1]));
        let g0 = space(RngKind::Glibc, Clock::Unix, SpaceRequest::Seeds { from: 0, to: 0 });
        assert_eq!((g0.streams(), g0.equivalents(1)), (vec![(1, 1)], vec![0]));
    }

    #[test]
    fn clock_values_reach_the_generator_through_the_languages_conversion() {
        const W: i128 = 1 << 32;
        // srand(unsigned int) and std::mt19937(uint32_t): the low 32 bits, wrapping.
        assert_eq!(seed_ranges(RngKind::Mt19937, W - 2, W + 1), vec![(0, 1), (W as u64 - 2, W as u64 - 1)]);
        assert_eq!(seed_ranges(RngKind::Msvc, 5, 5 + W), vec![(0, W as u64 - 1)]);
        // .NET's Random(int): the low 32 bits as an int, then its magnitude; Int32.MinValue counts as MaxValue.
        let half = 1u64 << 31;
        assert_eq!(seed_ranges(RngKind::Dotnet, 10, 20), vec![(10, 20)]);
        assert_eq!(seed_ranges(RngKind::Dotnet, W - 3, W - 1), vec![(1, 3)]);
        assert_eq!(seed_ranges(RngKind::Dotnet, (1 << 31) - 1, 1 << 31), vec![(half - 1, half - 1)]);
        assert_eq!(seed_ranges(RngKind::Dotnet, W - 2, W + 2), vec![(0, 2)]);
        assert_eq!(seed_ranges(RngKind::Dotnet, 0, W / 2 + 100), vec![(0, half - 1)]);
        for v in [0i128, 1, 99, (1 << 31) - 1, 1 << 31, (1 << 31) + 1, W - 1, W + 7, 639_317_520_001_234_567] {
            let int = (v.rem_euclid(W) as u32) as i32;
            let magnitude = if int == i32::MIN { i32::MAX } else { int.abs() };
            assert_eq!(seed_ranges(RngKind::Dotnet, v, v), vec![(magnitude as u64, magnitude as u64)], "{v}");
        }
        // Java's long and Python's int: the value itself.
        assert_eq!(
            seed_ranges(RngKind::Java, 1_796_126_400_000, 1_796_126_400_009),
            vec![(1_796_126_400_000, 1_796_126_400_009)]
        );
    }

    #[test]
    fn runtime_clocks_make_their_spaces() {
        let w = |from, to| SpaceRequest::Window { from, to, offset_minutes: 0 };
        let noon = 1_796_126_400_000;
        let java = space(RngKind::Java, Clock::UnixMs, w(noon - 3_600_000, noon + 3_600_000));
        assert_eq!(
            (java.size(), java.explain(noon as u64).unwrap().contains("System.currentTimeMillis()")),
            (Some(7_200_001), true)
        );
        // (int)DateTime.Now.Ticks over more than 2^32 ticks (7 min 9.5 s): every 31-bit magnitude.
        let ticks = space(RngKind::Dotnet, Clock::DotnetTicks, w(noon - 3_600_000, noon + 3_600_000));
        assert_eq!(ticks.size(), Some(1 << 31));
        let tick = space(RngKind::Dotnet, Clock::TickCount, SpaceRequest::Uptime { from: 1000, to: 2000 });
        assert_eq!(
            (tick.size(), tick.explain(1500).unwrap()),
            (Some(1001), "Environment.TickCount = 1500: 00:00:01.500 after boot".to_string())
        );
        // Java's seeds 2^48 apart give one stream.
        let all = space(RngKind::Java, Clock::Unix, SpaceRequest::All);
        assert_eq!((all.distinct_streams(), all.equivalents_stream(5 + (1 << 48))), (Some(1 << 48), vec![5]));
        let v8 = SeedSpace::new(SeedPolicy {
            rng: RngKind::V8,
            clock: Clock::Unix,
            request: SpaceRequest::All,
            max_pid: DEFAULT_MAX_PID,
        });
        assert!(v8.unwrap_err().to_string().starts_with("--rng: v8 is not seeded"));
    }

    #[test]
    fn go_seeds_fold_modulo_2_pow_31_minus_1() {
        const M: u64 = (1 << 31) - 1;
        let go = |from, to| space(RngKind::Go, Clock::Unix, SpaceRequest::Seeds { from, to });
        // A window of Unix seconds before 2038 is below 2^31 − 1: every seed its own stream.
        let w = go(1_796_126_400, 1_796_130_000);
        assert_eq!((w.distinct_streams(), w.stream_multiplicities()), (Some(3601), Some(vec![(1, 3601)])));
        // 0 runs as 89482311, and seeds M apart are one stream.
        let z = go(0, 10);
        assert_eq!(z.streams(), vec![(1, 10), (GO_ZERO_SEED, GO_ZERO_SEED)]);
        assert_eq!(z.equivalents_stream(M + 3), vec![3]);
        let all = go(0, 3 * M + 4);
        assert_eq!(all.streams(), vec![(1, M - 1)]);
        assert_eq!(
            all.equivalents(GO_ZERO_SEED),
            vec![0, GO_ZERO_SEED, M, M + GO_ZERO_SEED, 2 * M, 2 * M + GO_ZERO_SEED, 3 * M]
        );
        // 3M + 5 seeds: residues 0..=4 four times, the others three; 0 joins 89482311's three.
        let m = all.stream_multiplicities().unwrap();
        assert_eq!(m, vec![(3, M - 6), (4, 4), (7, 1)]);
        assert_eq!(m.iter().map(|&(k, c)| k * c).sum::<u64>(), 3 * M + 5);
    }

    #[test]
    fn ruby_seeds_with_a_top_word_of_one_run_as_their_low_word() {
        const W: u64 = 1 << 32;
        let ruby = space(RngKind::Ruby, Clock::Unix, SpaceRequest::Seeds { from: W - 2, to: W + 3 });
        assert_eq!(ruby.streams(), vec![(0, 3), (W - 2, W - 1)]);
        assert_eq!((ruby.equivalents(2), ruby.equivalents_stream(W + 2)), (vec![W + 2], vec![2]));
        let wide = space(RngKind::Ruby, Clock::Unix, SpaceRequest::Seeds { from: 0, to: 3 * W });
        assert_eq!(wide.distinct_streams(), Some(2 * W + 1));
    }

    #[test]
    fn clock_windows_become_seed_ranges() {
        let w = |from, to| SpaceRequest::Window { from, to, offset_minutes: 0 };
        let unix = space(RngKind::Glibc, Clock::Unix, w(1_796_126_400_000 - 1_800_000, 1_796_126_400_000 + 1_800_000));
        assert_eq!(unix.size(), Some(3601));
        let ms = space(RngKind::Chacha8, Clock::MsSinceMidnight, w(DAY_MS - 10, DAY_MS + 10));
        assert_eq!(ms.ranges, vec![(0, 10), (DAY_MS as u64 - 10, DAY_MS as u64 - 1)]);
        let day = space(RngKind::Chacha8, Clock::MsSinceMidnight, SpaceRequest::All);
        assert_eq!(day.size(), Some(86_400_000));
        let pid = space(RngKind::Msvc, Clock::TimeXorPid, w(1_796_126_400_000, 1_796_126_400_000));
        assert_eq!(pid.size(), Some(65_536));
        let os = space(RngKind::Chacha20, Clock::Unix, SpaceRequest::OsSeeded);
        assert_eq!((os.size(), os.log2_size), (None, 256.0));
        let bad = SeedSpace::new(SeedPolicy {
            rng: RngKind::Msvc,
            clock: Clock::Unix,
            request: w(10_000, 5_000),
            max_pid: DEFAULT_MAX_PID,
        });
        assert!(bad.unwrap_err().to_string().starts_with("--window: the window ends"));
    }
}
