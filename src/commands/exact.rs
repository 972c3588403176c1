//! `shuffle-audit exact`: a game's exact hand odds, as fractions and decimals, computed on the spot (see
//! [`shuffle_audit::game::doudizhu::odds`] and [`shuffle_audit::game::douniu::exact_counts`]); or, with
//! `--algorithm`, a shuffle's exact position-by-card law (see [`shuffle_audit::stats::exact::model`]): `exact.csv`,
//! `exact.svg`, and per test family the noncentrality and the shuffles a sampled run needs to see the bias.

use std::fmt::Write;
use std::process::ExitCode;

use crate::cli::{ExactArgs, ExactRng};
use shuffle_audit::audit::StopReason;
use shuffle_audit::cards::{Card, card_name};
use shuffle_audit::error::{ConfigError, Field};
use shuffle_audit::game::deal::order::start_deck;
use shuffle_audit::game::deal::{DealConfig, DealShape, StartOrder};
use shuffle_audit::game::fraction::{Fraction, choose};
use shuffle_audit::game::{Game, Lang, doudizhu, douniu};
use shuffle_audit::report::svg::exact_heatmap;
use shuffle_audit::report::{csv, i18n, write_all};
use shuffle_audit::shuffle::{Algorithm, AlgorithmKind};
use shuffle_audit::stats::exact::detect::{Detectability, detectability};
use shuffle_audit::stats::exact::model::{
    DD_FLOOR, ExactError, ExactMatrix, ExactRequest, Watch, exact_marginals_watched,
};
use shuffle_audit::stats::exact::order_law::{self, Distances};
use shuffle_audit::stats::exact::riffle;

pub fn run(args: ExactArgs) -> anyhow::Result<ExitCode> {
    if let Some(kind) = args.algorithm {
        if args.table {
            return run_algorithm(kind, &args);
        }
        return run_shuffle(kind, &args);
    }
    let Some(game) = args.game else {
        return Err(ConfigError::new(
            Field::Algorithm,
            "exact needs --algorithm A (a shuffle's exact law) or --game GAME (a game's exact hand odds)",
        )
        .into());
    };
    for (given, flag) in [
        (args.rng.is_some(), "--rng"),
        (args.deck.is_some(), "--deck"),
        (args.swaps.is_some(), "--swaps"),
        (args.riffles.is_some(), "--riffles"),
        (args.moves.is_some(), "--moves"),
        (args.passes.is_some(), "--passes"),
        (args.table, "--table"),
        (args.cut, "--cut"),
        (args.burn.is_some(), "--burn"),
        (args.order.is_some(), "--order"),
        (args.out.is_some(), "--out"),
    ] {
        if given {
            anyhow::bail!("{flag}: applies to `exact --algorithm A`, not to a game's odds (--game)");
        }
    }
    let shape = DealShape { hand: args.hand, bottom: args.bottom, ..Default::default() };
    let text = match game {
        Game::Doudizhu => {
            let deal = DealConfig::new(Game::Doudizhu, None, shape)?;
            render_doudizhu(&deal, &doudizhu::odds(deal.hand, deal.bottom))
        }
        Game::Douniu => {
            // The niu odds are those of one 5-card hand from 52 cards, whatever else is dealt.
            for (given, field) in [(args.hand.is_some(), Field::Hand), (args.bottom.is_some(), Field::Bottom)] {
                if given {
                    return Err(ConfigError::new(
                        field,
                        "applies to doudizhu's odds only: douniu's niu odds are those of one 5-card hand from 52 \
                         cards",
                    )
                    .into());
                }
            }
            render_douniu(&douniu::exact_counts())
        }
        Game::Custom => {
            return Err(ConfigError::new(
                Field::Game,
                "exact odds exist for doudizhu and douniu; a custom deal has the seat tests only",
            )
            .into());
        }
    };
    let mut stdout = super::Console::stdout();
    write!(stdout, "{text}");
    stdout.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// `exact --algorithm A`: the riffle table (`--table`); the `--game` options are refused.
fn run_algorithm(algorithm: AlgorithmKind, args: &ExactArgs) -> anyhow::Result<ExitCode> {
    for (given, field) in
        [(args.game.is_some(), Field::Game), (args.hand.is_some(), Field::Hand), (args.bottom.is_some(), Field::Bottom)]
    {
        if given {
            return Err(ConfigError::new(field, "applies to a game's odds, not to exact --algorithm").into());
        }
    }
    for (given, flag) in [
        (args.rng.is_some(), "--rng"),
        (args.swaps.is_some(), "--swaps"),
        (args.riffles.is_some(), "--riffles"),
        (args.moves.is_some(), "--moves"),
        (args.passes.is_some(), "--passes"),
        (args.cut, "--cut"),
        (args.burn.is_some(), "--burn"),
        (args.order.is_some(), "--order"),
    ] {
        if given {
            anyhow::bail!("{flag}: does not apply to --table (the riffle table is for ideal riffles of a fresh deck)");
        }
    }
    if !args.table {
        return Err(ConfigError::new(
            Field::Table,
            format!(
                "exact --algorithm {algorithm} needs --table (the riffle table is the exact shuffle analysis here)"
            ),
        )
        .into());
    }
    if algorithm != AlgorithmKind::Riffle {
        return Err(ConfigError::new(
            Field::Table,
            format!("applies to --algorithm riffle only (the rising-sequence law), not {algorithm}"),
        )
        .into());
    }
    riffle_table(args.deck.unwrap_or(52), args.out.as_deref())
}

/// `exact --algorithm riffle --table`: total variation and separation after 1..=12 riffles, printed and written
/// to riffle.csv.
fn riffle_table(n: usize, out: Option<&std::path::Path>) -> anyhow::Result<ExitCode> {
    let table = riffle::distance_table(n, riffle::TABLE_RIFFLES);
    let out = super::prepare_out(&super::out_path(out, || format!("exact-riffle-{n}")))?;
    let mut stdout = super::Console::stdout();
    write!(stdout, "{}", csv::riffle::render_text(n, &table));
    out.write(|dir| write_all(dir, &[("riffle.csv", csv::riffle::render(&table))]))?;
    let dir = out.commit()?;
    writeln!(stdout, "\nWritten to {}/riffle.csv", dir.display());
    stdout.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// Seven significant decimals, or scientific notation below 10^-3.
fn decimal(x: f64) -> String {
    if x >= 1e-3 || x == 0.0 { format!("{x:.7}") } else { format!("{x:.6e}") }
}

fn line(s: &mut String, what: &str, f: &Fraction) {
    let _ = writeln!(s, "  {what:<54} {:>26} = {}", f.to_string(), decimal(f.to_f64()));
}

/// The 斗地主 odds of one seat's hand and of the bottom.
pub fn render_doudizhu(deal: &DealConfig, o: &doudizhu::Odds) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "斗地主: 54 cards, {} seats × {} + {} bottom; every deal equally likely (a uniform shuffle, any dealing scheme).",
        deal.players, o.hand, o.bottom
    );
    let _ = writeln!(
        s,
        "A bomb is the four cards of one rank; the rocket (小王 + 大王) is counted apart, not as a bomb.\n"
    );
    line(&mut s, "P(a given seat holds the rocket)", &o.rocket);
    if o.bottom > 0 {
        line(&mut s, "P(the bottom holds at least one joker)", &o.bottom_joker);
    }
    line(&mut s, "P(a given seat holds at least one bomb)", &o.bomb);
    line(&mut s, "P(a given seat holds at least one bomb or the rocket)", &o.bomb_or_rocket);
    line(&mut s, "expected bombs per hand", &o.bombs_mean);
    line(&mut s, "variance of bombs per hand", &o.bombs_variance);
    for (k, p) in o.bombs_pmf.iter().enumerate() {
        line(&mut s, &format!("P(exactly {k} bomb{})", if k == 1 { "" } else { "s" }), p);
    }
    line(&mut s, "expected big cards (A, 2, jokers) per hand", &o.big_mean);
    line(&mut s, "variance of big cards per hand", &o.big_variance);
    s
}

/// The 斗牛 niu distribution over all C(52, 5) hands.
pub fn render_douniu(counts: &[u64; douniu::VALUES]) -> String {
    let total = choose(52, 5);
    let mut s = String::new();
    let _ = writeln!(s, "斗牛: 5 cards from 52; all C(52,5) = {total} hands equally likely.");
    let _ = writeln!(
        s,
        "A = 1, 2-10 face value, J/Q/K = 10; niu k when three cards sum to a multiple of 10 (k = the other two mod \
         10, 0 = niu-niu).\n"
    );
    let _ = writeln!(s, "  {:<17} {:>8}  {:>16}  {:>9}", "value", "hands", "probability", "decimal");
    for (v, &c) in counts.iter().enumerate() {
        let name = format!("{} ({})", douniu::niu_name(v, Lang::En), douniu::niu_name(v, Lang::Zh));
        let p = Fraction::new(u128::from(c), total);
        // CJK names take two columns each: pad by display width, not by characters.
        let pad = 17usize.saturating_sub(name.chars().map(|ch| if ch.is_ascii() { 1 } else { 2 }).sum());
        let _ = writeln!(s, "  {name}{} {c:>8}  {:>16}  {}", " ".repeat(pad), p.to_string(), decimal(p.to_f64()));
    }
    let _ = writeln!(s, "  {:<17} {:>8}", "total", counts.iter().sum::<u64>());
    s
}

/// `exact --algorithm A`: the checks, the computation, the files and the summary.
fn run_shuffle(kind: AlgorithmKind, args: &ExactArgs) -> anyhow::Result<ExitCode> {
    let refuse = |field: Field, message: String| -> anyhow::Error { ConfigError::new(field, message).into() };
    if args.game.is_some() {
        return Err(refuse(
            Field::Game,
            "cannot be combined with --algorithm: --game gives a game's exact hand odds, --algorithm a shuffle's \
             exact law"
                .to_string(),
        ));
    }
    for (given, flag) in [(args.hand.is_some(), "--hand"), (args.bottom.is_some(), "--bottom")] {
        if given {
            anyhow::bail!("{flag}: applies to a game's odds (--game), not to `exact --algorithm`");
        }
    }
    let n = args.deck.unwrap_or(52);
    let rng = args.rng.unwrap_or(ExactRng::Ideal);
    // Each repetition count has its own flag, for the algorithms that repeat.
    let mut repetitions = None;
    for (value, flag, kinds) in [
        (args.swaps, "--swaps", &[AlgorithmKind::Wash, AlgorithmKind::PairSwap][..]),
        (args.riffles, "--riffles", &[AlgorithmKind::Riffle][..]),
        (args.passes, "--passes", &[AlgorithmKind::Overhand][..]),
        (args.moves, "--moves", &[AlgorithmKind::TopToRandom][..]),
    ] {
        if let Some(k) = value {
            if !kinds.contains(&kind) {
                let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
                anyhow::bail!("{flag}: applies to {}, not to {kind}", names.join(" and "));
            }
            repetitions = Some(k);
        }
    }
    let order = args.order.unwrap_or_default();
    if order == StartOrder::Rank && !(n == 52 || n == 54) {
        return Err(refuse(Field::Order, format!("rank order exists for 52 and 54 cards, not {n}")));
    }
    let req = ExactRequest {
        cut: args.cut,
        burn: args.burn.unwrap_or(0),
        ..ExactRequest::new(Algorithm { kind, swaps: repetitions }, rng.bits(), n)
    };
    let by_place = match marginals_with_progress(&req) {
        Ok(m) => m,
        Err(ExactError::Intractable(e)) => return Err(refuse(Field::Algorithm, e.to_string())),
        Err(ExactError::Stopped) => {
            let reason = crate::signals::STOP.requested().unwrap_or(StopReason::Interrupt);
            eprintln!("{} during the exact computation: nothing written", reason.stopped_by());
            return Ok(ExitCode::from(reason.exit_code()));
        }
    };
    let start = start_deck(order, n);
    let matrix = by_place.relabel(&start);
    // The law over orders follows card ids of the suit-ordered deck; with another start order the tests on
    // orders (fixed points, adjacency) would need relabelling, and the marginals are what matters there.
    let orders =
        if n <= order_law::MAX_DECK && order == StartOrder::Suit { Some(order_law::order_law(&req)) } else { None };
    let law = orders.as_ref().and_then(|r| r.as_ref().ok());
    let detect = detectability(&matrix, law.map(Vec::as_slice), shuffle_audit::audit::Thresholds::default().fail);
    let distances = law.map(|l| order_law::distances(l));
    let label = label(&req, rng, order);
    let dir = super::out_path(args.out.as_deref(), || dir_name(&req, rng, order));
    let outdir = super::prepare_out(&dir)?;
    let draws = draws_words(rng);
    let map = exact_heatmap::heatmap(&matrix, &label, &draws, None, Lang::En);
    let svg = map
        .render(shuffle_audit::report::svg::heatmap::Layout::full(n, n))
        .to_svg(&format!("{} — {label}", map.title), shuffle_audit::report::svg::Target::File);
    let files = [("exact.csv", csv::exact::render(&matrix)), ("exact.svg", svg.into_bytes())];
    outdir.write(|d| shuffle_audit::report::write_all(d, &files))?;
    let dir = outdir.commit()?;
    let mut stdout = super::Console::stdout();
    let order_note = match &orders {
        Some(Err(e)) => Some(format!("law over orders: not computed: {}; {}", e.reason, e.nearest)),
        None if n <= order_law::MAX_DECK => {
            Some("law over orders: computed for the suit-ordered deck only (--order suit)".to_string())
        }
        _ => None,
    };
    write!(stdout, "{}", render_shuffle(&label, &matrix, &detect, distances.as_ref(), order_note.as_deref()));
    writeln!(stdout, "Written to {}/ (exact.csv, exact.svg)", dir.display());
    stdout.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// Work above which the computation shows its progress on stderr (about a second).
const PROGRESS_WORK: f64 = 1e8;

/// The exact marginals; a long computation says so on stderr, shows each tenth done, and stops at the first
/// SIGINT or SIGTERM (exit 130 or 143, nothing written).
fn marginals_with_progress(req: &ExactRequest) -> Result<ExactMatrix, ExactError> {
    let work = req.work();
    // What is refused is refused before anything is said of its progress.
    if work <= PROGRESS_WORK || shuffle_audit::stats::exact::model::refusal(req).is_some() {
        return exact_marginals_watched(req, &mut Watch::none());
    }
    crate::signals::install();
    eprintln!(
        "exact: {} on {} cards takes about {work:.1e} double-double operations; progress follows (Ctrl-C stops)",
        req.algorithm.label(req.n),
        req.n
    );
    let mut shown = 0u32;
    let mut report = |done: f64| {
        let tenths = (done * 10.0).floor() as u32;
        if tenths > shown {
            shown = tenths;
            eprintln!("exact: {}% done", tenths * 10);
        }
        !crate::signals::STOP.is_set()
    };
    exact_marginals_watched(req, &mut Watch::new(&mut report))
}

/// `ideal draws`, `15-bit r() % m (msvc)`.
fn draws_words(rng: ExactRng) -> String {
    match rng.bits() {
        None => "ideal draws".to_string(),
        Some(w) => format!("{w}-bit r() % m ({})", rng.name()),
    }
}

/// `fisher-yates / glibc, 52 cards` with the options.
pub fn label(req: &ExactRequest, rng: ExactRng, order: StartOrder) -> String {
    let mut s = format!("{} / {}", req.algorithm.label(req.n), rng.name());
    if req.cut {
        s.push_str(" --cut");
    }
    if req.burn > 0 {
        s.push_str(&format!(" --burn {}", req.burn));
    }
    if order == StartOrder::Rank {
        s.push_str(" --order rank");
    }
    s.push_str(&format!(", {} cards", req.n));
    s
}

/// `exact-<algorithm>-<rng>-<deck>` plus options.
fn dir_name(req: &ExactRequest, rng: ExactRng, order: StartOrder) -> String {
    let mut s = format!("exact-{}-{}-{}", req.algorithm.kind, rng.name(), req.n);
    if let Some(k) = req.algorithm.swaps {
        s.push_str(&format!("-swaps{k}"));
    }
    if req.cut {
        s.push_str("-cut");
    }
    if req.burn > 0 {
        s.push_str(&format!("-burn{}", req.burn));
    }
    if order == StartOrder::Rank {
        s.push_str("-rank");
    }
    s
}

/// `3.7e17`, `never`.
pub fn shuffles_words(x: f64) -> String {
    if !x.is_finite() {
        "never".to_string()
    } else if x < 1e6 {
        i18n::group_digits(x.ceil() as u64)
    } else {
        format!("{x:.2e}")
    }
}

/// How a matrix with this rounding floor was computed.
fn precision_words(floor: f64) -> &'static str {
    if floor <= DD_FLOOR { "double-double arithmetic, about 26 digits" } else { "computed in doubles, about 12 digits" }
}

/// The summary `exact --algorithm` prints.
pub fn render_shuffle(
    label: &str,
    m: &ExactMatrix,
    d: &Detectability,
    distances: Option<&Distances>,
    order_note: Option<&str>,
) -> String {
    let n = m.n();
    let mut s = String::new();
    let _ = writeln!(s, "exact law of {label}: every (position, card) cell computed without sampling");
    let [(hi_at, hi), (lo_at, lo)] = m.ratio_extremes();
    let name = |c: usize| card_name(c as Card, n, Lang::En.name_style());
    for (what, (card, pos), excess) in [("largest", hi_at, hi), ("smallest", lo_at, lo)] {
        // The excess is shown with the digits it has above the matrix's rounding floor, at most 10.
        let digits = (excess.abs().to_f64() / m.floor()).log10().floor();
        let ratio = if digits >= 1.0 {
            format!(
                "1/{n} × (1 {} {})",
                if excess.hi < 0.0 { "−" } else { "+" },
                excess.abs().to_sci(digits.min(10.0) as usize)
            )
        } else {
            format!("1/{n} to within {:.0e}", m.floor())
        };
        let _ = writeln!(
            s,
            "  {what} cell: {} at position {pos}: p = {} = {ratio}",
            name(card),
            m.get(card, pos).to_sci(12)
        );
    }
    let _ = writeln!(
        s,
        "  what sampling needs (FAIL below {:e}, Holm over the default battery's {} tests; noncentral χ², \
         local-alternative approximation):",
        d.fail_below, d.family_size
    );
    let _ = writeln!(
        s,
        "    {:<18} {:>7} {:>16} {:>16} {:>16}",
        "test family", "df", "λ per shuffle", "50% FAIL after", "99% FAIL after"
    );
    for f in &d.families {
        let _ = writeln!(
            s,
            "    {:<18} {:>7} {:>16} {:>16} {:>16}",
            f.test.name(),
            f.df,
            if f.lambda == 0.0 { "0".to_string() } else { format!("{:.6e}", f.lambda) },
            shuffles_words(f.shuffles_50),
            shuffles_words(f.shuffles_99)
        );
    }
    if distances.is_none() && n > order_law::MAX_DECK {
        let _ = writeln!(
            s,
            "    adjacency, fixed-points: not computed: they need the joint law of the cards, not the marginals; \
             exact for decks of at most {} cards",
            order_law::MAX_DECK
        );
    }
    match d.first() {
        Some(f) => {
            let _ =
                writeln!(s, "  first to see it: {} (50% at {} shuffles)", f.test.name(), shuffles_words(f.shuffles_50));
        }
        None => {
            let _ = writeln!(
                s,
                "  no family sees a bias: the law is uniform to the precision of its computation (every n·|p − 1/n| \
                 below {:.0e}, {})",
                m.floor(),
                precision_words(m.floor())
            );
        }
    }
    if let Some(dist) = distances {
        let _ = writeln!(
            s,
            "  law over the {} orders: total variation {}, separation {}, {} orders impossible",
            order_law::factorial(n),
            dist.total_variation.to_sci(10),
            dist.separation.to_sci(10),
            dist.impossible
        );
    }
    if let Some(note) = order_note {
        let _ = writeln!(s, "  {note}");
    }
    s
}
