//! `crack` and `seeds` for the runtimes' dealers through the binary: a dealer seeded from the clock as Python,
//! Java, C++ and C# programs seed it, cracked from one 斗地主 hand with every other hand predicted; the clocks'
//! flags refused where they do not apply; `seeds` listing each seeding's bits next to the deck's. (Dealers run by
//! the real runtimes are cracked by scripts/runtime-crack.sh in CI.)

use crate::common;

use assert_cmd::Command;
use common::assert_usage_error;

fn bin() -> Command {
    Command::cargo_bin("shuffle-audit").unwrap()
}

/// The 斗地主 deal `deal --rng RNG --seed SEED` prints, as card ids: three hands and the bottom.
fn dealt(algorithm: &str, rng: &str, seed: u64) -> Vec<Vec<u64>> {
    let out = bin()
        .args(["shuffle", "-a", algorithm, "--rng", rng, "--seed", &seed.to_string(), "--deck", "54", "--count", "1"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let deck: Vec<u64> = String::from_utf8_lossy(&out.stdout).split_whitespace().map(|t| t.parse().unwrap()).collect();
    assert_eq!(deck.len(), 54, "one 54-card deck of ids");
    vec![deck[..17].to_vec(), deck[17..34].to_vec(), deck[34..51].to_vec(), deck[51..].to_vec()]
}

fn ids(cards: &[u64]) -> String {
    cards.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

#[test]
fn clock_seeded_runtime_dealers_are_cracked_from_one_hand() {
    // (algorithm, rng, the seed the clock gave, the clock flags that say when): 12:00 UTC ± 1 hour, or an
    // uptime of 9 h ± 1 h. Each space holds 7,201 to 7,200,001 seeds; a 17-card hand is 45.4 bits, so a false
    // candidate has probability at most 7.2e6 · 2^-45.4 = 1.6e-7 per case.
    let noon = 1_796_126_400u64;
    let cases: [(&str, &str, u64, &[&str]); 6] = [
        (
            "fisher-yates",
            "python",
            noon + 1234,
            &["--clock", "unix", "--time", "2026-12-01T12:00:00Z", "--window", "1h"],
        ),
        (
            "library-shuffle",
            "java",
            noon * 1000 - 987_654,
            &["--clock", "unix-ms", "--time", "2026-12-01T12:00:00Z", "--window", "1h"],
        ),
        (
            "library-shuffle",
            "mt19937",
            noon + 2345,
            &["--clock", "unix", "--time", "2026-12-01T20:00:00+08:00", "--window", "1h"],
        ),
        ("fisher-yates", "dotnet", 32_400_000 + 777, &["--clock", "tick-count", "--uptime", "9h", "--window", "1h"]),
        (
            "library-shuffle",
            "python",
            noon * 1000 + 42,
            &["--clock", "unix-ms", "--time", "2026-12-01T12:00:00Z", "--window", "1h"],
        ),
        // A Go 斗地主 server: rand.Seed(time.Now().Unix()), then the rand.Intn(i + 1) loop.
        ("fisher-yates", "go", noon - 1717, &["--clock", "unix", "--time", "2026-12-01T12:00:00Z", "--window", "1h"]),
    ];
    for (algorithm, rng, seed, when) in cases {
        let hands = dealt(algorithm, rng, seed);
        let out = bin()
            .args(["crack", "--game", "doudizhu", "-a", algorithm, "--rng", rng, "--seat", "1"])
            .args(["--cards", &ids(&hands[0])])
            .args(when)
            .arg("--json")
            .output()
            .unwrap();
        let label = format!("{algorithm} --rng {rng} seed {seed}");
        assert!(out.status.success(), "{label}: {}", String::from_utf8_lossy(&out.stderr));
        // The time estimate comes first, before any result.
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("searching "), "{label}: no estimate first");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let candidates = json["candidates"].as_array().unwrap();
        assert_eq!(candidates.len(), 1, "{label}: {json}");
        assert_eq!(candidates[0]["seed"].as_u64(), Some(seed), "{label}");
        let deal = &candidates[0]["deal"];
        for (k, hand) in hands[..3].iter().enumerate() {
            let got: Vec<u64> = deal["seats"][k].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
            assert_eq!(&got, hand, "{label}: seat {}", k + 1);
        }
        let bottom: Vec<u64> = deal["bottom"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
        assert_eq!(bottom, hands[3], "{label}: bottom");
    }
}

#[test]
fn a_dotnet_ticks_seed_is_explained_by_the_tick_nearest_the_window() {
    // (int)DateTime.Now.Ticks wraps every 2^32 ticks (7 min 9.5 s): within a 2-second window (4e7 ticks, as many
    // seeds) the magnitude maps back to one tick; the text names it in UTC, from the local clock given with --time.
    // 2026-12-01T20:00:00+08:00 on the local clock, in ticks since 0001-01-01, 123.4567 ms later; its low 32 bits
    // as an int, and that int's magnitude is the seed.
    let local_ms: i128 = 1_796_126_400_000 + 8 * 3_600_000;
    let ticks: i128 = 621_355_968_000_000_000 + local_ms * 10_000 + 1_234_567;
    let int = (ticks.rem_euclid(1 << 32) as u32) as i32;
    let seed = u64::from(int.unsigned_abs());
    let hands = dealt("fisher-yates", "dotnet", seed);
    let out = bin()
        .args(["crack", "--game", "doudizhu", "-a", "fisher-yates", "--rng", "dotnet", "--seat", "1"])
        .args(["--cards", &ids(&hands[0])])
        .args(["--clock", "dotnet-ticks", "--time", "2026-12-01T20:00:01+08:00", "--window", "1s"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        text.contains(&format!(
            "seed {seed} (DateTime.Now.Ticks = {ticks} (as an int {int}): 2026-12-01T12:00:00.123Z"
        )),
        "{text}"
    );
}

#[test]
fn clock_flags_that_do_not_apply_are_refused() {
    let crack = |extra: &[&str]| {
        bin()
            .args(["crack", "--game", "doudizhu", "-a", "fisher-yates", "--rng", "dotnet", "--seat", "1"])
            .args(["--cards", "0 1 2"])
            .args(extra)
            .output()
            .unwrap()
    };
    let tick_time = crack(&["--clock", "tick-count", "--time", "2026-12-01T12:00:00Z", "--window", "1h"]);
    assert_usage_error(&tick_time, "--time", "tick-count with --time");
    assert_usage_error(
        &crack(&["--uptime", "3h", "--window", "1h", "--all-seeds"]),
        "--uptime",
        "uptime, no tick-count",
    );
    assert_usage_error(&crack(&["--clock", "tick-count", "--uptime", "3h"]), "--uptime", "uptime without window");
    assert_usage_error(&crack(&["--clock", "unix-ms", "--seeds", "0..9"]), "--clock", "clock with --seeds");
    let seeds = bin().args(["seeds", "--rng", "dotnet", "--seeds", "0..2147483648"]).output().unwrap();
    assert_usage_error(&seeds, "--seeds", ".NET seeds beyond 31 bits");
    // seeds with --uptime and no --window names what is missing, never --all-seeds, which was not given.
    let seeds = bin().args(["seeds", "--rng", "dotnet", "--clock", "tick-count", "--uptime", "5h"]).output().unwrap();
    assert_usage_error(&seeds, "--window", "seeds' uptime without a window");
    let err = String::from_utf8_lossy(&seeds.stderr);
    assert!(!err.contains("--all-seeds"), "{err}");
}

#[test]
fn seeds_lists_each_seeding_s_bits_next_to_the_deck_s() {
    // log2 of the distinct streams: ±1 h of seconds is 7,201 seeds (12.81 bits), of milliseconds 7,200,001
    // (22.78); .NET's Random(int) takes 2^31 magnitudes; Java keeps 48 bits of its long.
    let want: [(&str, &[(&str, f64)]); 10] = [
        ("python", &[("unix ±1 h", 12.81), ("unix-ms ±1 h", 22.78), ("every seed", 64.0)]),
        ("java", &[("unix-ms ±1 h", 22.78), ("every seed", 48.0)]),
        ("dotnet", &[("tick-count up ≤ 30 d", 31.0), ("dotnet-ticks ±1 h", 31.0), ("every seed", 31.0)]),
        ("mt19937", &[("unix ±1 h", 12.81), ("every seed", 32.0)]),
        // Go keeps its int64 seed modulo 2^31 − 1, 0 running as 89482311: 2^31 − 2 streams.
        ("go", &[("unix ±1 h", 12.81), ("unix-ms ±1 h", 22.78), ("every seed", 30.999_999_999)]),
        // JavaScript's seeds: Date.now() and its seconds; mulberry32 keeps 32 bits, the sine idiom 2^53 counts.
        ("mulberry32", &[("unix ±1 h", 12.81), ("unix-ms ±1 h", 22.78), ("every seed", 32.0)]),
        ("sin", &[("unix-ms ±1 h", 22.78), ("every seed", 53.0)]),
        ("lua54", &[("unix ±1 h", 12.81), ("every seed", 64.0)]),
        ("php", &[("unix ±1 h", 12.81), ("every seed", 32.0)]),
        // Ruby's seeds s and 2^32 + s are one stream: 2^64 − 2^32 of them.
        ("ruby", &[("unix-ms ±1 h", 22.78), ("every seed", 64.0)]),
    ];
    for (rng, rows) in want {
        let out = bin().args(["seeds", "--rng", rng, "--json"]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let policies = json["policies"].as_array().unwrap();
        for &(policy, bits) in rows {
            let row = policies.iter().find(|p| p["policy"] == policy).unwrap_or_else(|| panic!("{rng}: {policy}"));
            let got = row["log2_streams"].as_f64().unwrap();
            assert!((got - bits).abs() < 0.01, "{rng} {policy}: {got} bits, want {bits}");
            assert!((row["log2_orders"].as_f64().unwrap() - 225.58).abs() < 0.01, "{rng}: log2 52!");
        }
    }
}

#[test]
fn the_sine_idiom_deals_far_fewer_decks_than_its_seeds() {
    // 10^10 seeds, but a 52-card Fisher–Yates deck is constant on at most 40000 · (2 + … + 52) = 55,080,000 arcs
    // of seed mod 2π: 2^25.7 decks. The view of a hand then pins the deck, not the seed.
    let out = bin().args(["seeds", "--rng", "sin", "--seeds", "0..9999999999", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let arcs = json["log2_phase_decks"].as_f64().unwrap();
    assert!((arcs - 55_080_000f64.log2()).abs() < 1e-9, "{arcs}");
    assert_eq!(json["log2_decks"].as_f64(), Some(arcs));
    assert!((json["log2_streams"].as_f64().unwrap() - 1e10f64.log2()).abs() < 1e-9);
    let text = bin().args(["seeds", "--rng", "sin", "--seeds", "0..9999999999"]).output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("at most 2^25.7 arcs") && text.contains("pins the deck, not the seed"), "{text}");
    // Other generators' budgets have no such bound.
    let go = bin().args(["seeds", "--rng", "go", "--json"]).output().unwrap();
    assert!(serde_json::from_slice::<serde_json::Value>(&go.stdout).unwrap().get("log2_phase_decks").is_none());
}

#[test]
fn a_missing_runtime_stops_the_runtime_scripts_loudly() {
    // The guard scripts/runtime-golden.sh and scripts/runtime-crack.sh share: a tool missing from the PATH is exit
    // 2 with a banner naming it, never a skip; every tool present passes.
    let guard = |tools: &str| {
        std::process::Command::new("bash")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args([
                "-c",
                &format!(
                    "source scripts/lib/require-tools.sh; require_tools x.sh 'cannot run' 'apt-get install y' {tools}"
                ),
            ])
            .output()
            .unwrap()
    };
    let missing = guard("bash no-such-runtime-1");
    let err = String::from_utf8_lossy(&missing.stderr);
    assert_eq!(missing.status.code(), Some(2), "{err}");
    assert!(err.contains("x.sh: MISSING RUNTIME(S): no-such-runtime-1") && err.contains("apt-get install y"), "{err}");
    let present = guard("bash");
    assert!(present.status.success() && present.stderr.is_empty(), "{}", String::from_utf8_lossy(&present.stderr));
}
