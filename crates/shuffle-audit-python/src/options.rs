//! The keyword arguments every entry point takes, turned into the library's [`Audit`] builder: the same names,
//! defaults and validation as the Rust builder and the CLI's flags.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use shuffle_audit::Audit;
use shuffle_audit::game::Game;

/// `audit`'s and `audit_decks`'s settings, as Python passed them. `deck` is `None` for `audit_decks` when the
/// size is read from the first deck.
pub struct Options {
    pub deck: Option<usize>,
    pub shuffles: u64,
    pub seed: u64,
    pub threads: Option<usize>,
    pub tests: String,
    pub fail_below: f64,
    pub suspicious_below: f64,
    pub game: Option<String>,
}

impl Options {
    /// The builder for decks of `deck` cards. Errors are the library's, as `ValueError`.
    pub fn builder(&self, deck: usize) -> PyResult<Audit> {
        let mut audit = Audit::new(deck)
            .shuffles(self.shuffles)
            .seed(self.seed)
            .tests(&self.tests)
            .thresholds(self.fail_below, self.suspicious_below);
        if let Some(threads) = self.threads {
            audit = audit.threads(threads);
        }
        if let Some(name) = &self.game {
            let game: Game = name.parse().map_err(|e: String| PyValueError::new_err(format!("--game: {e}")))?;
            audit = audit.game(game);
        }
        Ok(audit)
    }
}
