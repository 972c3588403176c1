//! `fair verify`: a provably-fair casino's rounds checked one by one. Each line of the input is a JSON object with
//! `server_seed` (null or absent until the casino reveals it), `server_seed_hash` (shown before play),
//! `client_seed`, `nonce` and `cards` (the card names the casino showed). A round verifies when its revealed seed
//! hashes to the hash shown and the seeds deal exactly the cards shown; a round whose seed is not revealed yet is
//! pending. Alongside, the protocol's known failures are looked for: a server seed used again after another
//! replaced it (after its reveal), a nonce that skips, repeats or goes back (a 32-bit counter wrapping), and a
//! client seed changed under one server seed.

use std::collections::HashMap;
use std::io::BufRead;

use serde::Deserialize;

use crate::cards::{Card, NameStyle, card_name, parse_card};
use crate::fair::scheme::{Scheme, deal, seed_hash};

/// An input line that cannot be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {what}")]
pub struct RoundError {
    pub line: u64,
    pub what: String,
}

#[derive(Deserialize)]
struct RoundJson {
    #[serde(default)]
    server_seed: Option<String>,
    server_seed_hash: String,
    client_seed: String,
    nonce: u64,
    cards: Vec<String>,
    /// Whatever else a casino's export carries (a bet id, a game, an amount): read, not used.
    #[serde(flatten)]
    _rest: HashMap<String, serde_json::Value>,
}

/// A round that does not verify: its line, nonce, seed hash and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failed {
    pub line: u64,
    pub nonce: u64,
    pub server_seed_hash: String,
    pub why: String,
}

/// A protocol smell: its line and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Smell {
    pub line: u64,
    pub what: String,
}

/// What a verification found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verification {
    pub rounds: u64,
    pub verified: u64,
    pub pending: u64,
    pub failed: Vec<Failed>,
    pub smells: Vec<Smell>,
    pub server_seeds: usize,
    pub client_seeds: usize,
}

/// Where one server seed stands: the client seed and nonce of its last round, by client seed.
#[derive(Default)]
struct SeedState {
    client: Option<String>,
    last_nonce: HashMap<String, u64>,
}

/// A hash shortened for a sentence: its first 12 hex digits.
pub fn short(hash: &str) -> String {
    let h: String = hash.chars().take(12).collect();
    if hash.chars().count() > 12 { format!("{h}…") } else { h }
}

/// A count with its thousands grouped: 4,294,967,253.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn names(cards: &[Card]) -> String {
    cards.iter().map(|&c| card_name(c, 52, NameStyle::Symbol)).collect::<Vec<_>>().join(" ")
}

/// Verifies every round of `input` under `scheme`, line by line; `stop` ends the reading between lines.
pub fn verify(input: impl BufRead, scheme: Scheme, stop: &dyn Fn() -> bool) -> Result<Verification, RoundError> {
    let mut v = Verification::default();
    let mut seeds: HashMap<String, SeedState> = HashMap::new();
    let mut clients: std::collections::HashSet<String> = Default::default();
    let mut current: Option<String> = None;
    for (index, text) in input.split(b'\n').enumerate() {
        let line = index as u64 + 1;
        if stop() {
            break;
        }
        let text = text.map_err(|e| RoundError { line, what: format!("it cannot be read ({e})") })?;
        let text = std::str::from_utf8(&text).map_err(|_| RoundError { line, what: "it is not UTF-8 text".into() })?;
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let round: RoundJson = serde_json::from_str(text).map_err(|e| RoundError {
            line,
            what: format!(
                "not a round ({e}): a round is a JSON object with server_seed, server_seed_hash, client_seed, \
                 nonce and cards"
            ),
        })?;
        let cards: Vec<Card> = round
            .cards
            .iter()
            .map(|c| parse_card(c, 52).map_err(|e| RoundError { line, what: format!("cards: {e}") }))
            .collect::<Result<_, _>>()?;
        if cards.is_empty() {
            return Err(RoundError { line, what: "cards: the round shows no card".into() });
        }
        if !scheme.with_replacement() && cards.len() > 52 {
            return Err(RoundError { line, what: format!("cards: {} cards dealt from one deck of 52", cards.len()) });
        }
        let hash = round.server_seed_hash.trim().to_ascii_lowercase();
        v.rounds += 1;
        clients.insert(round.client_seed.clone());
        // The protocol: the seed in use, its client seed, its nonces.
        let known = seeds.contains_key(&hash);
        if known && current.as_deref() != Some(hash.as_str()) {
            v.smells.push(Smell {
                line,
                what: format!(
                    "server seed {} is used again after {} replaced it: a seed in use after its reveal",
                    short(&hash),
                    current.as_deref().map_or("another".to_string(), short)
                ),
            });
        }
        current = Some(hash.clone());
        let state = seeds.entry(hash.clone()).or_default();
        if let Some(client) = &state.client
            && *client != round.client_seed
        {
            v.smells.push(Smell {
                line,
                what: format!(
                    "client seed changed from '{client}' to '{}' under server seed {}: the server seed was chosen \
                     before the new client seed, and stays",
                    round.client_seed,
                    short(&hash)
                ),
            });
        }
        state.client = Some(round.client_seed.clone());
        if let Some(&last) = state.last_nonce.get(&round.client_seed) {
            let n = round.nonce;
            let what = if n == last {
                Some(format!("nonce {n} repeats under server seed {}: the same bet's bytes again", short(&hash)))
            } else if n == 0 && last >= u64::from(u32::MAX) {
                Some(format!("nonce wraps from {last} to 0 under server seed {}: a 32-bit counter", short(&hash)))
            } else if n < last {
                Some(format!("nonce goes back from {last} to {n} under server seed {}", short(&hash)))
            } else if n > last + 1 {
                Some(format!(
                    "nonce {n} follows {last} under server seed {}: {} missing",
                    short(&hash),
                    if n == last + 2 {
                        format!("nonce {} is", last + 1)
                    } else {
                        format!("{} nonces are", grouped(n - last - 1))
                    }
                ))
            } else {
                None
            };
            if let Some(what) = what {
                v.smells.push(Smell { line, what });
            }
        }
        state.last_nonce.insert(round.client_seed.clone(), round.nonce);
        // The round itself.
        let Some(server) = round.server_seed.as_deref() else {
            v.pending += 1;
            continue;
        };
        let fail = |why: String| Failed { line, nonce: round.nonce, server_seed_hash: hash.clone(), why };
        let actual = seed_hash(server);
        if actual != hash {
            v.failed.push(fail(format!(
                "the revealed server seed hashes to {}, not to the hash {} shown before play",
                short(&actual),
                short(&hash)
            )));
            continue;
        }
        let dealt = deal(scheme, server, &round.client_seed, round.nonce, cards.len());
        match dealt.iter().zip(&cards).position(|(a, b)| a != b) {
            None => v.verified += 1,
            Some(k) => v.failed.push(fail(format!(
                "card {} of {} shown is {} where the seeds deal {}{}",
                k + 1,
                cards.len(),
                names(&cards[k..=k]),
                names(&dealt[k..=k]),
                if k > 0 { format!(" (the {k} before agree)") } else { String::new() }
            ))),
        }
    }
    v.server_seeds = seeds.len();
    v.client_seeds = clients.len();
    Ok(v)
}

/// Verifies the rounds of the file at `path` (a regular file: a FIFO or a device is refused, never read).
pub fn verify_file(path: &std::path::Path, scheme: Scheme, stop: &dyn Fn() -> bool) -> Result<Verification, String> {
    let (file, _) = crate::audit::regular_file::open_regular(path).map_err(|e| format!("{}: {e}", path.display()))?;
    verify(std::io::BufReader::new(file), scheme, stop).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(server: Option<&str>, client: &str, nonce: u64, scheme: Scheme, count: usize) -> String {
        let seed = server.unwrap_or("hidden");
        let cards: Vec<String> = deal(scheme, seed, client, nonce, count)
            .iter()
            .map(|&c| format!("\"{}\"", card_name(c, 52, NameStyle::Symbol)))
            .collect();
        format!(
            r#"{{"server_seed": {}, "server_seed_hash": "{}", "client_seed": "{client}", "nonce": {nonce}, "cards": [{}]}}"#,
            server.map_or("null".to_string(), |s| format!("\"{s}\"")),
            seed_hash(seed),
            cards.join(", ")
        )
    }

    fn run(text: &str, scheme: Scheme) -> Result<Verification, RoundError> {
        verify(text.as_bytes(), scheme, &|| false)
    }

    #[test]
    fn rounds_verify_and_a_changed_card_or_hash_is_named() {
        for scheme in Scheme::ALL {
            let lines: Vec<String> = (0..5).map(|n| round(Some("s1"), "c1", n, scheme, 6)).collect();
            let v = run(&lines.join("\n"), scheme).unwrap();
            assert_eq!((v.rounds, v.verified, v.failed.len(), v.smells.len()), (5, 5, 0, 0), "{scheme}: {v:?}");
            let mut bad = lines.clone();
            let other = round(Some("s1"), "c1", 9, scheme, 6);
            let cards_at = |l: &str| l.find("\"cards\"").unwrap();
            bad[2] = format!("{}{}", &lines[2][..cards_at(&lines[2])], &other[cards_at(&other)..]);
            bad[4] = bad[4].replace(&seed_hash("s1"), &seed_hash("s2"));
            let v = run(&bad.join("\n"), scheme).unwrap();
            assert_eq!(v.verified, 3, "{scheme}");
            assert_eq!((v.failed[0].line, v.failed[0].nonce), (3, 2));
            assert!(v.failed[0].why.contains("where the seeds deal"), "{}", v.failed[0].why);
            assert_eq!((v.failed[1].line, v.failed[1].nonce), (5, 4));
            assert!(v.failed[1].why.contains("hashes to"), "{}", v.failed[1].why);
        }
    }

    #[test]
    fn the_protocols_failures_are_named() {
        let s = Scheme::Stake;
        let text = [
            round(Some("a"), "c", 0, s, 3),
            round(Some("a"), "c", 1, s, 3),
            round(Some("a"), "c", 3, s, 3),
            round(Some("a"), "c", 3, s, 3),
            round(Some("a"), "d", 4, s, 3),
            round(Some("b"), "d", 0, s, 3),
            round(Some("a"), "d", 5, s, 3),
            round(None, "d", 6, s, 3),
        ]
        .join("\n");
        let v = run(&text, s).unwrap();
        let said: Vec<String> = v.smells.iter().map(|m| format!("{}: {}", m.line, m.what)).collect();
        assert_eq!(v.pending, 1, "{said:?}");
        assert!(said[0].starts_with("3: nonce 3 follows 1") && said[0].contains("nonce 2 is missing"), "{said:?}");
        assert!(said[1].starts_with("4: nonce 3 repeats"), "{said:?}");
        assert!(said[2].starts_with("5: client seed changed from 'c' to 'd'"), "{said:?}");
        assert!(said[3].starts_with("7: server seed") && said[3].contains("used again after"), "{said:?}");
        assert_eq!(said.len(), 4, "{said:?}");
        let wrap = [round(Some("w"), "c", u64::from(u32::MAX), s, 2), round(Some("w"), "c", 0, s, 2)].join("\n");
        assert!(run(&wrap, s).unwrap().smells[0].what.contains("wraps from 4294967295 to 0"));
    }

    #[test]
    fn bad_lines_are_refused_by_line() {
        let s = Scheme::Stake;
        let good = round(Some("a"), "c", 0, s, 3);
        for (text, said) in [
            (format!("{good}\nnot json"), "line 2: not a round"),
            (good.replace("\"nonce\": 0", "\"nonce\": -1"), "line 1: not a round"),
            (good.replace("\"client_seed\": \"c\", ", ""), "missing field `client_seed`"),
            (good.replace("[\"", "[\"Xx\", \""), "line 1: cards: "),
            (good.replace(&good[good.find("\"cards\"").unwrap()..], "\"cards\": []}"), "shows no card"),
        ] {
            let e = run(&text, s).unwrap_err().to_string();
            assert!(e.contains(said), "{e}");
        }
    }
}

/// What [`replay`] replayed: the decks, the revealed seed pairs, and the rounds left out (seed not revealed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replayed {
    pub decks: u64,
    pub pairs: usize,
    pub unrevealed: u64,
}

/// Replays the rounds of `path` whose seed is revealed, each handed to `deck`: whole decks of 52 (`stake-shuffle`,
/// `hmac-fisher-yates`: every card the round's bytes choose, not only those shown), or under `stake` (with
/// replacement) the round's draws, as many as it shows; with `rounds`, instead, nonces `0..rounds` of each
/// revealed pair of seeds (52 cards each). Every revealed round must verify first
/// (a round that does not is an error naming it): a battery of decks the casino did not deal proves nothing.
pub fn replay(
    path: &std::path::Path,
    scheme: Scheme,
    rounds: Option<u64>,
    stop: &dyn Fn() -> bool,
    deck: &mut dyn FnMut(&[Card]) -> Result<(), String>,
) -> Result<Replayed, String> {
    let checked = verify_file(path, scheme, stop)?;
    if let Some(f) = checked.failed.first() {
        return Err(format!(
            "{}: line {}, nonce {}: the round does not verify ({}); `fair verify` names every such round",
            path.display(),
            f.line,
            f.nonce,
            f.why
        ));
    }
    let (file, _) = crate::audit::regular_file::open_regular(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Replayed::default();
    let mut pairs: Vec<(String, String)> = Vec::new();
    for (index, text) in std::io::BufRead::split(std::io::BufReader::new(file), b'\n').enumerate() {
        if stop() {
            break;
        }
        let text = text.map_err(|e| format!("{}: line {}: {e}", path.display(), index + 1))?;
        let text = String::from_utf8_lossy(&text);
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let round: RoundJson = serde_json::from_str(text).map_err(|e| format!("line {}: {e}", index + 1))?;
        let Some(server) = round.server_seed else {
            out.unrevealed += 1;
            continue;
        };
        let pair = (server, round.client_seed);
        if rounds.is_none() {
            let count = if scheme.with_replacement() { round.cards.len() } else { 52 };
            deck(&deal(scheme, &pair.0, &pair.1, round.nonce, count))?;
            out.decks += 1;
        }
        if !pairs.contains(&pair) {
            pairs.push(pair);
        }
    }
    if let Some(n) = rounds {
        for (server, client) in &pairs {
            for nonce in 0..n {
                if stop() {
                    break;
                }
                deck(&deal(scheme, server, client, nonce, 52))?;
                out.decks += 1;
            }
        }
    }
    out.pairs = pairs.len();
    Ok(out)
}
