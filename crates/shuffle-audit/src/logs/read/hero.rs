//! Whose hole cards a poker log's `hole` view holds: the hero's. A player's own log deals known hole cards to
//! one name, the player's; an operator's log deals them to everybody, and then the hero must be named
//! (`--hero NAME`): the `hole` view is one player's hand, always seen, and a deal has one. Picking a hero
//! silently (the first seat, the first name) would mix players' hands without saying so.

use std::collections::BTreeSet;

use crate::logs::model::LogError;

/// At most this many names are listed in a message; the count says how many there are in all.
const LISTED: usize = 12;

/// The hero across the hands of one file: the one asked for, or the one the file deals to.
pub(crate) struct Hero {
    asked: Option<String>,
    /// The hero taken from the file when none was asked: the one player dealt known hole cards so far.
    taken: Option<String>,
    /// Every player dealt known hole cards so far, for the messages.
    dealt: BTreeSet<String>,
    /// Whether a hand dealt to the asked hero was met.
    met: bool,
}

/// The hero of one hand: the index of their hole cards among the hand's known ones, or why the hand has no
/// hero (the hand is then invalid).
pub(crate) type Pick = Result<usize, String>;

impl Hero {
    pub(crate) fn new(asked: Option<String>) -> Self {
        Hero { asked, taken: None, dealt: BTreeSet::new(), met: false }
    }

    /// The hero asked for (`--hero`), if any.
    pub(crate) fn asked(&self) -> Option<&str> {
        self.asked.as_deref()
    }

    /// Picks the hero of a hand starting at `line` among `known`, the players dealt known hole cards in it.
    /// `named` is the hero the file itself names for this hand (Open Hand History's `hero_player_id`), used
    /// when none was asked. `across` says whether names are the same players from hand to hand (PokerKit
    /// files without `players` name them by position, `p1`, `p2`: then each hand is judged alone).
    ///
    /// Fails, ending the file, when no hero was asked or named and hole cards are dealt to several players.
    pub(crate) fn pick(
        &mut self,
        known: &[&str],
        named: Option<&str>,
        across: bool,
        line: u64,
    ) -> Result<Pick, LogError> {
        self.dealt.extend(known.iter().map(|n| n.to_string()));
        let position = |name: &str| known.iter().position(|k| *k == name);
        if let Some(hero) = &self.asked {
            return Ok(match position(hero) {
                Some(i) => {
                    self.met = true;
                    Ok(i)
                }
                None if known.is_empty() => Err(format!("the hero {hero} was not dealt in (no known hole cards)")),
                None => Err(format!("the hero {hero} was not dealt in (hole cards dealt to {})", list(known))),
            });
        }
        if let Some(hero) = named {
            return Ok(position(hero).ok_or_else(|| format!("the hero {hero} the hand names has no known hole cards")));
        }
        let several =
            known.len() > 1 || (across && known.len() == 1 && self.taken.as_deref().is_some_and(|t| t != known[0]));
        if several {
            return Err(LogError::at(
                line,
                format!(
                    "hole cards are dealt to several players ({}): the log holds other players' hands, as an \
                     operator's does; say whose are the hole cards with --hero NAME",
                    self.names()
                ),
            ));
        }
        match (known.first(), &self.taken) {
            (Some(name), _) => {
                if across {
                    self.taken = Some(name.to_string());
                }
                Ok(Ok(0))
            }
            (None, Some(taken)) => Ok(Err(format!("the hero {taken} was not dealt in (no known hole cards)"))),
            (None, None) => Ok(Err("no player is dealt known hole cards: the hand has no hero".to_string())),
        }
    }

    /// At the end of the file: the error when a hero was asked and no hand dealt to them.
    pub(crate) fn end(&self) -> Option<LogError> {
        let hero = self.asked.as_ref().filter(|_| !self.met)?;
        Some(LogError::file(if self.dealt.is_empty() {
            format!("no hand deals hole cards to the hero {hero}, nor known hole cards to anybody")
        } else {
            format!("no hand deals hole cards to the hero {hero}; the players dealt hole cards are {}", self.names())
        }))
    }

    /// The players dealt known hole cards so far, in order of name.
    fn names(&self) -> String {
        let names: Vec<&str> = self.dealt.iter().map(String::as_str).collect();
        list(&names)
    }
}

/// Names separated by commas, the first few only when there are many.
fn list(names: &[&str]) -> String {
    let shown = names[..names.len().min(LISTED)].join(", ");
    if names.len() > LISTED { format!("{shown}, … ({} in all)", names.len()) } else { shown }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_own_log_has_one_hero_and_an_operators_needs_one_named() {
        let mut own = Hero::new(None);
        assert_eq!(own.pick(&["Ann"], None, true, 1), Ok(Ok(0)));
        assert_eq!(own.pick(&[], None, true, 9), Ok(Err("the hero Ann was not dealt in (no known hole cards)".into())));
        let e = own.pick(&["Bob"], None, true, 20).unwrap_err();
        assert_eq!(e.line, Some(20));
        assert!(e.what.contains("several players (Ann, Bob)") && e.what.contains("--hero NAME"), "{e}");

        let mut asked = Hero::new(Some("Bob".into()));
        assert_eq!(asked.pick(&["Ann", "Bob"], None, true, 1), Ok(Ok(1)));
        assert!(asked.pick(&["Ann"], None, true, 5).unwrap().unwrap_err().contains("the hero Bob was not dealt in"));
        assert_eq!(asked.end(), None);
        let never = Hero::new(Some("Cy".into()));
        assert!(never.end().is_some());
    }
}
