//! The keyword arguments every entry point takes, turned into the library's [`Audit`] builder: the same names,
//! defaults and validation as the Rust builder, with errors that name the keyword as it was passed
//! (`deck=1025: …`).

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use shuffle_audit::game::Game;
use shuffle_audit::{Audit, AuditError, ConfigError, Field};

/// `audit`'s and `audit_decks`'s settings, as Python passed them. A keyword the call does not take, or that was
/// left to `None`, is `None`: `audit_decks` has no `shuffles` or `seed`, and reads `deck` from the first deck
/// unless it is given.
pub struct Options {
    pub deck: Option<usize>,
    pub shuffles: Option<u64>,
    pub seed: Option<u64>,
    pub threads: Option<usize>,
    pub tests: String,
    pub fail_below: f64,
    pub suspicious_below: f64,
    pub game: Option<String>,
    /// Copies of the deck in one shoe (a game of shoes has its own default).
    pub copies: Option<usize>,
    /// Players at the table (blackjack's, or another game's).
    pub players: Option<usize>,
    /// Blackjack's cut card, in cards from the top of the shoe.
    pub cut_card: Option<usize>,
}

impl Options {
    /// The builder for decks of `deck` cards. A game that does not parse is `game`'s error.
    pub fn builder(&self, py: Python<'_>, deck: usize) -> PyResult<Audit> {
        let mut audit = Audit::new(deck).tests(&self.tests).thresholds(self.fail_below, self.suspicious_below);
        if let Some(shuffles) = self.shuffles {
            audit = audit.shuffles(shuffles);
        }
        if let Some(seed) = self.seed {
            audit = audit.seed(seed);
        }
        if let Some(threads) = self.threads {
            audit = audit.threads(threads);
        }
        if let Some(copies) = self.copies {
            audit = audit.copies(copies);
        }
        if let Some(name) = &self.game {
            let game: Game =
                name.parse().map_err(|e: String| self.error(py, AuditError::from(ConfigError::new(Field::Game, e))))?;
            audit = audit.game(game);
        }
        if let Some(players) = self.players {
            audit = audit.players(players);
        }
        if let Some(cut_card) = self.cut_card {
            audit = audit.cut_card(cut_card);
        }
        Ok(audit)
    }

    /// The library's error as a `ValueError`. A setting's names the keyword and the value it was given,
    /// `deck=1025: 1025 cards is outside 2..=1024`, where the library's words name the command line's flag.
    pub fn error(&self, py: Python<'_>, e: AuditError) -> PyErr {
        let Some(setting) = e.setting() else {
            return PyValueError::new_err(e.message().to_string());
        };
        let key = setting.field.key();
        let message = match self.given(py, setting.field) {
            Some(value) => format!("{key}={value}: {}", setting.message),
            None => format!("{key}: {}", setting.message),
        };
        PyValueError::new_err(message)
    }

    /// The Python `repr` of the value passed for `field`'s keyword, when this call took one.
    fn given(&self, py: Python<'_>, field: Field) -> Option<String> {
        fn repr<'py, T: IntoPyObject<'py>>(py: Python<'py>, value: T) -> Option<String> {
            value.into_bound_py_any(py).ok()?.repr().ok().map(|r| r.to_string())
        }
        match field {
            Field::Deck => self.deck.and_then(|v| repr(py, v)),
            Field::Shuffles => self.shuffles.and_then(|v| repr(py, v)),
            Field::Seed => self.seed.and_then(|v| repr(py, v)),
            Field::Threads => self.threads.and_then(|v| repr(py, v)),
            Field::Tests => repr(py, self.tests.as_str()),
            Field::FailBelow => repr(py, self.fail_below),
            Field::SuspiciousBelow => repr(py, self.suspicious_below),
            Field::Game => self.game.as_deref().and_then(|v| repr(py, v)),
            Field::Copies => self.copies.and_then(|v| repr(py, v)),
            Field::Players => self.players.and_then(|v| repr(py, v)),
            Field::CutCard => self.cut_card.and_then(|v| repr(py, v)),
            _ => None,
        }
    }
}
