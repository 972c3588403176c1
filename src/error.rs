//! Errors the library reports to its callers: each names the flag, line, card or position at fault.

use thiserror::Error;

/// A configuration that cannot be run.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// A flag with a bad value.
    #[error("{flag}: {message}")]
    Flag { flag: &'static str, message: String },
}

impl ConfigError {
    pub fn flag(flag: &'static str, message: impl Into<String>) -> Self {
        ConfigError::Flag { flag, message: message.into() }
    }
}
