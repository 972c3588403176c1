//! Decks as `--decks` reads them: one deck per line, 0-based card ids separated by spaces.

use std::io::Write;

use crate::cards::Card;

/// Renders decks into lines, reusing one buffer.
#[derive(Default)]
pub struct DeckLines {
    line: Vec<u8>,
}

impl DeckLines {
    /// The line of `deck`, newline included.
    pub fn line(&mut self, deck: &[Card]) -> &[u8] {
        self.line.clear();
        for (i, &c) in deck.iter().enumerate() {
            if i > 0 {
                self.line.push(b' ');
            }
            let _ = write!(self.line, "{c}");
        }
        self.line.push(b'\n');
        &self.line
    }
}
