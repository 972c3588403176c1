//! `shuffle-audit exact`: a game's exact hand odds, as fractions and decimals, computed on the spot (see
//! [`shuffle_audit::game::doudizhu::odds`] and [`shuffle_audit::game::douniu::exact_counts`]).

use std::fmt::Write;
use std::process::ExitCode;

use crate::cli::ExactArgs;
use shuffle_audit::error::{ConfigError, Field};
use shuffle_audit::game::deal::{DealConfig, DealShape};
use shuffle_audit::game::fraction::{Fraction, choose};
use shuffle_audit::game::{Game, Lang, doudizhu, douniu};
use shuffle_audit::report::{riffle_csv, writer};
use shuffle_audit::shuffle::AlgorithmKind;
use shuffle_audit::stats::exact::riffle;

pub fn run(args: ExactArgs) -> anyhow::Result<ExitCode> {
    if let Some(algorithm) = args.algorithm {
        return run_algorithm(algorithm, &args);
    }
    for (given, field) in
        [(args.table, Field::Table), (args.deck.is_some(), Field::Deck), (args.out.is_some(), Field::Out)]
    {
        if given {
            return Err(ConfigError::new(field, "applies to exact --algorithm, not to a game's odds").into());
        }
    }
    let Some(game) = args.game else {
        return Err(ConfigError::new(
            Field::Game,
            "give a game (--game doudizhu|douniu) or --algorithm riffle --table",
        )
        .into());
    };
    let shape = DealShape { hand: args.hand, bottom: args.bottom, ..Default::default() };
    let text = match game {
        Game::Doudizhu => {
            let deal = DealConfig::new(Game::Doudizhu, None, shape)?;
            render_doudizhu(&deal, &doudizhu::odds(deal.hand, deal.bottom))
        }
        Game::Douniu => {
            DealConfig::new(Game::Douniu, None, shape)?;
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
    write!(stdout, "{}", riffle_csv::render_text(n, &table));
    out.write(|dir| writer::write_all(dir, &[("riffle.csv", riffle_csv::render(&table))]))?;
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
