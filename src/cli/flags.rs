//! The help of every flag that several subcommands take, written once (ripgrep keeps one flag table for its
//! `--help` and its man page). A subcommand's argument names one of these texts (`help = flags::DECK`), so the
//! man page, the completions and the book's CLI reference, all generated from the clap tree, say it the same way
//! everywhere. `tests::one_help_per_flag` walks the tree and fails on two texts for one flag, except the
//! differences it lists on purpose.
//!
//! Defaults: clap shows a `default_value` itself (`[default: 52]`). A flag the settings validation must see as
//! absent (to refuse it where it does not apply, or because its default depends on other flags) has no clap
//! default; its text says the default in words, `(default: …)`.

/// `--algorithm`, `-a`: the shuffle that is run.
pub const ALGORITHM: &str = "Shuffling algorithm (see `list`)";

/// `--compartments` of `-a csm`.
pub const COMPARTMENTS: &str = "With -a csm: the machine's compartments, each a stack a returned card is dropped into \
     (default: 38)";

/// `--tray` of `-a csm`.
pub const TRAY: &str = "With -a csm: the tray is refilled from a random compartment when it holds fewer than T cards \
     (default: 20)";

/// `--round` of `-a csm`.
pub const ROUND: &str = "With -a csm: cards dealt a round, returned to the machine after it (default: 16)";

/// `--machine` of `-a csm`.
pub const MACHINE: &str = "With -a csm: csm (compartments and a tray) or ideal (every card dealt uniformly from the \
     cards inside: the control) (default: csm); its decks are --copies (default: 4)";

/// `--copies` of `shuffle`: the decks inside `-a csm`'s machine.
pub const COPIES_OF_MACHINE: &str = "With -a csm: the decks inside the machine (default: 4)";

/// `--deck` where 52 is the only default (clap shows it).
pub const DECK: &str = "Number of cards, 2..=1024";

/// `--deck` where a game fixes the deck: 斗地主 is played with 54 cards, and giving another count is an error.
pub const DECK_OF_GAME: &str = "Number of cards, 2..=1024 (default: 52, or the game's deck: doudizhu 54, douniu 52)";

/// `--deal` of `logs` and `plan`: how a table's cards went to its views.
pub const DEAL_SCHEME: &str = "How the table was dealt: block or round-robin (doudizhu, douniu; plan's default \
     block), holdem (two rounds from seat 1, then the board; plan's default for holdem)";

/// `--players` of `logs` and `plan`: the seats of a table whose views are planned.
pub const PLAYERS_AT_TABLE: &str = "Players at the table (default: doudizhu 3, douniu 5, holdem 6)";

/// `--rng` of a built-in shuffle; absent, it is the settings' default generator.
pub const RNG: &str = "Generator (see `list`; default: chacha8)";

/// `--rng` where a dealer's generator must be named: its seeding is what is searched (v8's state is recovered).
pub const RNG_OF_DEALER: &str = "The dealer's generator, seeded as its runtime does: srand(seed) for msvc and glibc, \
     new Random(seed) for java and dotnet, std::mt19937(seed), random.seed(seed) for python, rand.Seed(seed) for \
     go, math.randomseed(seed) for lua54, mt_srand(seed) for php, Random.new(seed) for ruby, mulberry32(seed) (a \
     number's low 32 bits or an xmur3 hash), the counter of fract(sin(seed++) * 10000) for sin, seed_from_u64 \
     otherwise; v8 (JavaScript's Math.random) is not seeded but recovered from shown deals (crack --shown)";

/// `--seed` of a built-in shuffle.
pub const SEED: &str = "Seed; drawn from the operating system and printed to stderr when absent";

/// The four repetition counts of a built-in shuffle, without the limit of sampling: `exact` computes their law
/// for any count.
macro_rules! swaps {
    () => {
        "Swaps for `wash` (default: the deck size); for `pair-swap`, exactly K swaps instead of `r() % 1023`"
    };
}
macro_rules! riffles {
    () => {
        "Riffles for `riffle` (default: 7)"
    };
}
macro_rules! passes {
    () => {
        "Passes for `overhand` (default: 10), `shelf` and `faro` (default: 1)"
    };
}
macro_rules! moves {
    () => {
        "Moves for `top-to-random` (default: ceil(n·H(n)), 236 for 52 cards)"
    };
}

/// `--swaps` of a sampled shuffle: a run costs swaps × shuffles, and the settings validation refuses more.
pub const SWAPS: &str = concat!(swaps!(), ". At most 2^20");
/// `--riffles` of a sampled shuffle.
pub const RIFFLES: &str = concat!(riffles!(), ". At most 2^20");
/// `--shelves`, `--piles`, `--pile-order`, `--faro`: the machines' layouts, for sampled runs and `exact`.
pub const SHELVES: &str =
    "Shelves of the `shelf` machine (default: 10, as in the machine Diaconis, Fulman and Holmes studied)";
pub const PILES: &str = "Piles of the `pile` shuffle (default: 7)";
pub const PILE_ORDER: &str =
    "How `pile` stacks its piles: `fixed` (pile 0 on top, then 1, ...) or `random` (default: fixed)";
pub const FARO: &str = "Which perfect shuffle `faro` makes: `out` (the top card stays on top) or `in` (default: out)";

/// `--passes` of a sampled shuffle.
pub const PASSES: &str = concat!(passes!(), ". At most 2^20");
/// `--moves` of a sampled shuffle.
pub const MOVES: &str = concat!(moves!(), ". At most 2^20");
/// `--swaps` of `exact`.
pub const SWAPS_EXACT: &str = swaps!();
/// `--riffles` of `exact`.
pub const RIFFLES_EXACT: &str = riffles!();
/// `--passes` of `exact`.
pub const PASSES_EXACT: &str = passes!();
/// `--moves` of `exact`.
pub const MOVES_EXACT: &str = moves!();

/// `--copies` on run, calibrate, deal, exact and seeds.
pub const COPIES: &str = "Copies of the deck in one shoe, shuffled as one (--deck 52 --copies 6: a 312-card blackjack shoe; \
    --deck 54 --copies 2: the 108 cards of 掼蛋); with --game baccarat or blackjack, the decks of its shoe; decks \
    read with --decks/--exec then repeat each card K times (by name, or by face id 0..N-1), or are ids 0..K·N-1 (default: 1, baccarat 8, blackjack 6)";

/// `--cut`.
pub const CUT: &str = "After each shuffle, cut the deck at a random place (drawn from the same generator)";

/// `--burn`.
pub const BURN: &str = "After each shuffle (and the cut), move the first K cards to the bottom (\"start dealing from the 7th card\" \
     is 6)";

/// `--hand`.
pub const HAND: &str = "Cards per player (default: doudizhu 17, douniu 5, custom (deck - bottom) / players)";

/// `--bottom`.
pub const BOTTOM: &str = "Bottom cards (底牌) dealt after the hands (default: doudizhu 3, otherwise 0)";

/// `--order`.
pub const ORDER: &str = "The deck before shuffling: suit (0..n: ♠A..♠K ♥ ♣ ♦) or rank (斗地主 numbering: 3s first, \
                         jokers last; 52 or 54 cards) (default: suit)";

/// `--threads`: every command that runs work on a pool.
pub const THREADS: &str = "Worker threads (default: every core), at most 4 × the cores. Results do not depend on it";

/// `--max-shuffles` of progressive mode.
pub const MAX_SHUFFLES: &str = "Largest sample of --progressive (default: 2^30), at most 2^50";

/// `--lang` of the commands that write report.html.
pub const LANG_OF_REPORTS: &str =
    "Language of report.html, the pictures and the verdicts: en or zh (the CSV files stay English)";

/// `--tests`.
pub const TESTS: &str = "Tests to apply: comma-separated names, `position`, `default` (every test of the default \
     battery that applies: the default), `all` (every test that applies, the opt-in longest-increasing and guess too) \
     or `default,NAME` (the default battery and an opt-in test); for a shoe (`--copies`) `default` is `shoe`, the \
     tests of its faces counted by face (`shoe,NAME` adds one), and the tests of its distinct ids run when named or \
     with `all`";

pub const GUESSER: &str = "The guess test's guesser: marginal, successor, above-last, or all (the default: each \
     one, Bonferroni over them); needs guess among --tests";

/// `--rng` of `export raw` and `export draws`.
pub const RNG_OF_EXPORT: &str = "Generator: msvc (15 bits), glibc (31 bits), chacha8, chacha12, chacha20, pcg32 or pcg64 \
                                 (32 bits), or a runtime's: java, mt19937, python (32 bits), dotnet (31 bits); seeded \
                                 with srand(seed) for msvc and glibc, the runtime's own seeding for the runtimes, \
                                 seed_from_u64 otherwise; a runtime's draws use its own scaling (nextInt(k), Next(k), \
                                 uniform_int_distribution, randint)";

/// `--bytes` of `export raw`.
pub const BYTES: &str = "Bytes to write, a multiple of 4 (1e6, 2^20, …) (default: unlimited on standard output; \
                         required with --out)";

/// `--bytes` of `export bits`.
pub const BYTES_AT_MOST: &str = "Write at most this many bytes, a multiple of 4 (1e6, 2^20, …)";

/// `--format` of `export raw` and `export bits`.
pub const BATTERY_FORMAT: &str = "The battery that reads it: practrand (RNG_test stdin32), dieharder (dieharder -g 200 \
                                  -a) or testu01 (a harness reading 32-bit words); all read little-endian 32-bit \
                                  words, so the bytes are the same and only the reader command printed differs";

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use clap::CommandFactory;

    /// The flags whose help differs between subcommands on purpose: (flag, the subcommands that share one text
    /// of their own, why). Every other subcommand taking the flag shares the one text of the rest. An entry
    /// that no longer matches the tree fails too, so the list stays true.
    const INTENDED: &[(&str, &[&str], &str)] = &[
        // --algorithm: the shuffle run, except where the command restricts or reads it differently.
        ("algorithm", &["exact"], "its law is computed exactly, not sampled"),
        ("algorithm", &["sweep"], "only wash or pair-swap, whose swap count the sweep varies"),
        // --deck: clap's default 52 where nothing else decides; a game's deck where one can be dealt; run's also
        // follows the first deck read.
        ("deck", &["crack", "deal", "exact", "seeds"], "the game fixes the deck"),
        ("deck", &["run"], "the game fixes the deck, and --decks/--exec the first deck's size"),
        // --rng: a built-in shuffle's optional generator; the dealer's required one whose seeds are searched;
        // exact's three kinds of draw.
        ("rng", &["crack", "seeds"], "the dealer's generator, required: its seeding is what is searched"),
        ("rng", &["exact"], "ideal, msvc or glibc draws of an exact computation, not a generator"),
        // --seed: compare's fixed seed, crack's seed of the hidden seeds.
        ("seed", &["compare"], "fixed by default, so that the findings reproduce"),
        ("seed", &["crack"], "seeds the draw of the hidden seeds of --trials, not a shuffle"),
        // --isa: the kernels a run counts with; crack's are those of its MSVC search (also --simd).
        ("isa", &["crack"], "the kernels of the seed search, not of counting"),
        // The repetition counts: exact computes a law for any count; sweep's --swaps is a range.
        ("swaps", &["exact"], "no 2^20 limit: nothing is sampled"),
        ("swaps", &["sweep"], "a range of swap counts, one point each"),
        ("riffles", &["exact"], "no 2^20 limit: nothing is sampled"),
        ("passes", &["exact"], "no 2^20 limit: nothing is sampled"),
        ("moves", &["exact"], "no 2^20 limit: nothing is sampled"),
        // --exec: run's program of decks; crack's dealer run once per seed.
        ("exec", &["crack"], "a dealer program run once per seed, not a stream of decks"),
        // --copies: a shoe dealt or read, or the shoe a views file's deals come from.
        ("copies", &["logs"], "the decks of the shoe a views file's deals were dealt from, not a shoe to deal"),
        // --count: decks printed, or deals printed.
        ("count", &["deal"], "counts deals (hands and bottom), not decks"),
        // --decks: a file of decks, or a number of decks dealt.
        ("decks", &["seeds"], "a number of decks for the expected repeats, not a file"),
        // --shuffles: one run's, a replicate's, a sweep point's, each with its own default.
        ("shuffles", &["calibrate"], "per replicate, default 100000"),
        ("shuffles", &["sweep"], "per swap count, default 100000"),
        // --progressive: run's doubling sample; calibrate's replicates of it.
        ("progressive", &["calibrate"], "replicates progressive runs and counts their false alarms"),
        // --out: each command's own default folder, or none.
        ("out", &["calibrate"], "its default folder, reports/calibrate-…"),
        ("out", &["compare"], "its default folder beside the build, and where the reference output comes from"),
        ("out", &["exact"], "its default folder, reports/exact-…, or riffle.csv with --table"),
        ("out", &["gate"], "optional copies of every check's files, no default"),
        ("out", &["man"], "the man pages' folder, no default"),
        ("out", &["merge"], "the merged run's own folder name"),
        ("out", &["sweep"], "its default folder, reports/sweep-…"),
        ("out", &["teach"], "its default folder beside the build"),
        // --lang: report languages, except the dealt words and the teaching page.
        ("lang", &["deal"], "card names and seat words printed, not a report"),
        ("lang", &["teach"], "the teaching page's language"),
        // --game: what each command does with the game.
        ("game", &["crack"], "the game the dealer dealt, custom by default"),
        ("game", &["deal"], "required: the game dealt"),
        ("game", &["exact"], "doudizhu or douniu only: their exact hand odds"),
        ("game", &["seeds"], "adds the views of a seat to the figures"),
        // --state-out: run's state at the end; merge's merged state.
        ("state-out", &["merge"], "the merged state, also written"),
        // --json: a file of results, or the printed figures in two shapes.
        ("json", &["crack"], "prints the search's result, whose fields it lists"),
        ("json", &["logs"], "prints the whole log report as JSON instead of the summary"),
        // plan: a flaw, its draws, a game's table and a family's size, not a run's.
        ("algorithm", &["plan"], "the flaw planned, optional: every known flaw without it"),
        ("rng", &["plan"], "the flaw's draws: ideal by default, or a generator's r() % m"),
        ("game", &["plan"], "doudizhu, douniu or holdem: the table whose view is planned"),
        ("tests", &["plan"], "the size of the log's family, not a test selection"),
        ("deal", &["crack"], "the deal seen after srand, not a dealing rule"),
        ("players", &["logs", "plan"], "a table's seats, holdem's among them"),
        // logs: a views file's deck and game, the log formats, its own folder.
        ("deck", &["logs"], "the deck of a views file, which a game or hand histories fix otherwise"),
        ("format", &["logs"], "the log formats, not the deck formats of --decks"),
        ("game", &["logs"], "the game of a views file, for its deck"),
        ("out", &["logs"], "its default folder, reports/logs"),
        ("json", &["seeds"], "prints the seed space's figures"),
        ("copies", &["shuffle"], "the decks inside -a csm's machine, the only shuffle with copies"),
    ];

    /// Every long flag of every subcommand: flag → subcommand → its help.
    fn helps() -> BTreeMap<String, BTreeMap<String, String>> {
        let mut cmd = super::super::Cli::command();
        cmd.build();
        let mut by_flag: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        for sub in cmd.get_subcommands() {
            // clap's own --help and --version are the same everywhere but for its "(see a summary with '-h')".
            for arg in sub.get_arguments().filter(|a| !matches!(a.get_id().as_str(), "help" | "version")) {
                let Some(long) = arg.get_long() else { continue };
                let help = arg.get_long_help().or_else(|| arg.get_help()).map(|h| h.to_string()).unwrap_or_default();
                by_flag.entry(long.to_string()).or_default().insert(sub.get_name().to_string(), help);
            }
        }
        by_flag
    }

    /// What is wrong with `by_flag` against the allow-list `intended`: a flag with more than one text not listed
    /// there, and a listed entry that matches no group.
    fn problems(
        by_flag: &BTreeMap<String, BTreeMap<String, String>>,
        intended: &[(&str, &[&str], &str)],
    ) -> Vec<String> {
        let mut problems = Vec::new();
        let mut used = vec![false; intended.len()];
        for (flag, by_command) in by_flag {
            // Subcommands grouped by the text they show.
            let mut groups: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
            for (command, help) in by_command {
                groups.entry(help.as_str()).or_default().push(command.as_str());
            }
            let mut unlisted = Vec::new();
            for (help, commands) in &groups {
                match intended.iter().position(|(f, cs, _)| f == flag && cs == commands) {
                    Some(i) => used[i] = true,
                    None => unlisted.push(format!("    {commands:?}: {help}")),
                }
            }
            if unlisted.len() > 1 {
                problems.push(format!("--{flag} has {} texts:\n{}", unlisted.len(), unlisted.join("\n")));
            }
        }
        for (i, (flag, commands, why)) in intended.iter().enumerate() {
            if !used[i] {
                problems.push(format!("allow-list entry --{flag} {commands:?} ({why}) matches no group of texts"));
            }
        }
        problems
    }

    #[test]
    fn one_help_per_flag() {
        let problems = problems(&helps(), INTENDED);
        assert!(problems.is_empty(), "a flag's help is written once (src/cli/flags.rs):\n{}", problems.join("\n"));
    }

    #[test]
    fn the_check_catches_a_drifted_copy_and_a_stale_entry() {
        let tree = |rows: &[(&str, &str, &str)]| {
            let mut m: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
            for (flag, command, help) in rows {
                m.entry(flag.to_string()).or_default().insert(command.to_string(), help.to_string());
            }
            m
        };
        let drifted = tree(&[("deck", "run", "Number of cards"), ("deck", "sweep", "Number of cards [default: 52]")]);
        assert_eq!(problems(&drifted, &[]).len(), 1);
        assert!(problems(&drifted, &[("deck", &["sweep"], "on purpose")]).is_empty());
        // Listed for the wrong subcommands: the drift is still reported, and the entry as stale.
        assert_eq!(problems(&drifted, &[("deck", &["run", "sweep"], "stale")]).len(), 2);
        // The real tree has the nine --deck and the six --threads this file is about.
        let real = helps();
        assert_eq!(real["deck"].len(), 9, "{:?}", real["deck"].keys());
        assert_eq!(real["threads"].len(), 6, "{:?}", real["threads"].keys());
    }
}
