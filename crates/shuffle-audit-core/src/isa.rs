//! The instruction sets the hot kernels are compiled for, and the one this process uses.
//!
//! Three paths, each giving the same results bit for bit (the tests compare them on every deck size and every
//! selected test); they differ only in speed:
//! - `avx512`: the battery's register pass (AVX-512 F, BW, VBMI, VPOPCNTDQ), the 16-block ChaCha and the seed
//!   search's 16 lanes (F, BW, DQ, VL): Intel Ice Lake and later, AMD Zen 4 and later;
//! - `avx2`: the battery's pass with its cycle count and fixed points in 256-bit registers, the 8-block ChaCha
//!   and the seed search's 8 lanes (AVX2, BMI2, POPCNT): almost every x86-64 processor since 2015;
//! - `portable`: scalar code for any processor of the architecture (the popcount instruction where the
//!   processor reports it, as every x86-64 since 2008 and every 64-bit ARM does), which the compiler still
//!   vectorises with the baseline's vector unit (SSE2 on x86-64, NEON on ARM).
//!
//! The runtimes' seed searches (`std::mt19937`, `random.seed`, .NET's `Random`) run 64 seeds side by side on
//! every path; x86-64's baseline has no 32-bit vector multiply, so `std::mt19937`'s seeding is slowest there.
//!
//! A process uses the best its processor has, unless told otherwise: [`Isa::select`] (the command line's
//! `--isa`), or the environment variable `SHUFFLE_AUDIT_ISA` (for the test suite: `SHUFFLE_AUDIT_ISA=portable
//! cargo test` runs every test on the portable kernels). A path the processor lacks is refused, never emulated.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

/// The environment variable that chooses the kernels, when no caller has.
pub const ENV: &str = "SHUFFLE_AUDIT_ISA";

/// A kernel path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isa {
    Avx512,
    Avx2,
    Portable,
}

/// Why a path cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IsaError {
    #[error("'{0}' is not avx512, avx2 or portable")]
    Unknown(String),
    #[error("this processor has no {}: its kernels cannot run here (this processor has: {})", .0.label(), Isa::available_names())]
    Missing(Isa),
}

impl Isa {
    /// Every path, fastest first.
    pub const ALL: [Isa; 3] = [Isa::Avx512, Isa::Avx2, Isa::Portable];

    /// The name `--isa` takes: `avx512`, `avx2`, `portable`.
    pub fn name(self) -> &'static str {
        match self {
            Isa::Avx512 => "avx512",
            Isa::Avx2 => "avx2",
            Isa::Portable => "portable",
        }
    }

    /// The name for people: `AVX-512`, `AVX2`, `portable`.
    pub fn label(self) -> &'static str {
        match self {
            Isa::Avx512 => "AVX-512",
            Isa::Avx2 => "AVX2",
            Isa::Portable => "portable",
        }
    }

    /// The path named `name` (`avx512`, `avx2`, `portable`; `avx-512` too), if this processor runs it.
    pub fn parse(name: &str) -> Result<Isa, IsaError> {
        let isa = match name.trim().to_ascii_lowercase().as_str() {
            "avx512" | "avx-512" => Isa::Avx512,
            "avx2" => Isa::Avx2,
            "portable" => Isa::Portable,
            _ => return Err(IsaError::Unknown(name.to_string())),
        };
        if isa.available() { Ok(isa) } else { Err(IsaError::Missing(isa)) }
    }

    /// Whether this processor runs every kernel of the path.
    pub fn available(self) -> bool {
        match self {
            Isa::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => {
                use std::arch::is_x86_feature_detected as has;
                has!("avx2") && has!("bmi1") && has!("bmi2") && has!("popcnt")
            }
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => {
                use std::arch::is_x86_feature_detected as has;
                Isa::Avx2.available()
                    && has!("avx512f")
                    && has!("avx512bw")
                    && has!("avx512dq")
                    && has!("avx512vl")
                    && has!("avx512vbmi")
                    && has!("avx512vpopcntdq")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The best path this processor runs.
    pub fn best() -> Isa {
        Isa::ALL.into_iter().find(|i| i.available()).unwrap_or(Isa::Portable)
    }

    /// The paths this processor runs, fastest first.
    pub fn all_available() -> Vec<Isa> {
        Isa::ALL.into_iter().filter(|i| i.available()).collect()
    }

    fn available_names() -> String {
        Isa::all_available().iter().map(|i| i.name()).collect::<Vec<_>>().join(", ")
    }

    /// The path `SHUFFLE_AUDIT_ISA` names (`None` when it is unset or empty).
    pub fn from_env() -> Result<Option<Isa>, IsaError> {
        match std::env::var(ENV) {
            Ok(v) if !v.trim().is_empty() => Isa::parse(&v).map(Some),
            Ok(_) | Err(std::env::VarError::NotPresent) => Ok(None),
            Err(std::env::VarError::NotUnicode(v)) => Err(IsaError::Unknown(v.to_string_lossy().into_owned())),
        }
    }

    /// Makes `isa` this process's path from now on (kernels chosen before keep theirs): refused when the
    /// processor lacks it.
    pub fn select(isa: Isa) -> Result<(), IsaError> {
        if !isa.available() {
            return Err(IsaError::Missing(isa));
        }
        SELECTED.store(code(isa), Ordering::Relaxed);
        Ok(())
    }

    /// The path this process uses: the one selected, else the environment's, else the best.
    ///
    /// # Panics
    /// When `SHUFFLE_AUDIT_ISA` names a path that is unknown or that this processor lacks and none was
    /// selected: a test run that asked for kernels it cannot have fails instead of measuring others. The
    /// command line checks the variable first and exits with status 2 and the same message.
    pub fn current() -> Isa {
        match SELECTED.load(Ordering::Relaxed) {
            0 => *FROM_ENV.get_or_init(|| match Isa::from_env() {
                Ok(isa) => isa.unwrap_or_else(Isa::best),
                Err(e) => panic!("{ENV}: {e}"),
            }),
            c => Isa::ALL[usize::from(c - 1)],
        }
    }
}

/// The selected path, 1 + its index in [`Isa::ALL`]; 0 when none was selected.
static SELECTED: AtomicU8 = AtomicU8::new(0);
static FROM_ENV: OnceLock<Isa> = OnceLock::new();

fn code(isa: Isa) -> u8 {
    Isa::ALL.iter().position(|&i| i == isa).map_or(0, |i| i as u8 + 1)
}

impl std::fmt::Display for Isa {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_missing_paths_are_refused() {
        for isa in Isa::ALL {
            match Isa::parse(isa.name()) {
                Ok(got) => assert!(got == isa && isa.available()),
                Err(e) => assert!(!isa.available() && e == IsaError::Missing(isa), "{e}"),
            }
        }
        assert_eq!(Isa::parse("portable"), Ok(Isa::Portable));
        assert_eq!(Isa::parse("sse9"), Err(IsaError::Unknown("sse9".into())));
        let missing = IsaError::Missing(Isa::Avx512).to_string();
        assert!(missing.contains("no AVX-512") && missing.contains("portable"), "{missing}");
        assert!(Isa::best().available() && Isa::all_available().contains(&Isa::best()));
        // The paths nest: a processor that runs one runs every slower one.
        let available: Vec<bool> = Isa::ALL.iter().map(|i| i.available()).collect();
        assert!(available.windows(2).all(|w| !w[0] || w[1]), "{available:?}");
    }
}
