//! Messages and their templates: a [`Message`] is a key and named arguments, a [`Catalogue`] maps each key to a
//! template with `{name}` holes, and [`render_in`] fills the holes from the arguments.
//!
//! The reports' catalogues are `en.rs` and `zh.rs` with each test's `sentences/`; the teaching page's messages are one too, with the same
//! hole syntax as its script's `fmt(key, vars)` (a hole is `{` letters, digits or `_` `}`; any other brace is
//! text). A key without a template, or a hole without an argument, is a mistake of the catalogue: a debug
//! build stops on it, and a release build leaves the key or hole visible in the text rather than dropping it.

use crate::cards::{Card, Lang, card_name, suit_name};
use crate::game::douniu::niu_name;

use super::numbers::approx_count;
use super::words::{LangWords, Words};

/// Templates by key, in one language: a table of its own, then the tables of each test's sentences.
pub(crate) struct Catalogue {
    pub entries: &'static [(&'static str, &'static str)],
    /// Each test's own templates (the reports' `sentences/`, one file per test), looked up after `entries`.
    pub tests: &'static [&'static [(&'static str, &'static str)]],
}

impl Catalogue {
    /// Every (key, template) pair: the table's, then each test's.
    fn pairs(&self) -> impl Iterator<Item = &'static (&'static str, &'static str)> + '_ {
        self.entries.iter().chain(self.tests.iter().flat_map(|t| t.iter()))
    }

    /// The template of a key.
    pub(crate) fn template(&self, key: &str) -> Option<&'static str> {
        self.pairs().find(|(k, _)| *k == key).map(|(_, t)| *t)
    }

    /// Every key, in the tables' order.
    #[cfg(test)]
    pub(crate) fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.pairs().map(|(k, _)| *k)
    }
}

/// A sentence decided once: the key of its template and the values of its holes.
#[derive(Clone, Debug)]
pub(crate) struct Message {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// The value of a hole: already text, or rendered in the message's language.
#[derive(Clone, Debug)]
pub(crate) enum Arg {
    /// The same in every language (numbers, test names, orders of cards).
    Text(String),
    /// A card of an `n`-card deck: `♠A`, `黑桃A`.
    Card { card: usize, n: usize },
    /// Card id `card` of a shoe of `base`-card decks: its face and, when the ids are known, its deck
    /// (`♦6 (deck 2)`); decks written by face do not say which copy is which, so only the face.
    ShoeCard { card: usize, base: usize, ids_known: bool },
    /// A suit by index: `♠`, `黑桃`.
    Suit(usize),
    /// A 斗牛 hand value: `niu 7`, `牛7`.
    Niu(usize),
    /// A rough count in words: `95 million`, `9500 万`.
    Count(f64),
    /// A word of the reports' fixed words ([`Words`]).
    Word(fn(&Words) -> &'static str),
    /// An algorithm's one-line summary, as `list` gives it.
    Summary(crate::shuffle::AlgorithmKind),
    /// Another message, in the same language and catalogue.
    Msg(Box<Message>),
    /// Values joined by the catalogue's `separator.list`, the last two by its `separator.last` ("a, b and c").
    List(Vec<Arg>),
}

impl Message {
    pub(crate) fn new(key: &'static str) -> Self {
        Self { key, args: Vec::new() }
    }

    pub(crate) fn arg(mut self, name: &'static str, value: Arg) -> Self {
        self.args.push((name, value));
        self
    }

    /// A hole filled with text that every language shares.
    pub(crate) fn text(self, name: &'static str, value: impl std::fmt::Display) -> Self {
        self.arg(name, Arg::Text(value.to_string()))
    }

    pub(crate) fn card(self, name: &'static str, card: usize, n: usize) -> Self {
        self.arg(name, Arg::Card { card, n })
    }

    pub(crate) fn msg(self, name: &'static str, m: Message) -> Self {
        self.arg(name, Arg::Msg(Box::new(m)))
    }

    /// The same message with its cards named as cards of `cards`: in a shoe, an id is a face of one of its
    /// decks, not `#76`.
    pub(crate) fn in_deck(self, cards: crate::stats::Cards) -> Self {
        if cards.copies < 2 {
            return self;
        }
        let args = self.args.into_iter().map(|(name, a)| (name, a.in_deck(cards))).collect();
        Self { key: self.key, args }
    }

    fn value(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }
}

impl Arg {
    fn in_deck(self, cards: crate::stats::Cards) -> Self {
        match self {
            Arg::Card { card, n } if n == cards.n && cards.copies > 1 => {
                Arg::ShoeCard { card, base: cards.n / cards.copies, ids_known: cards.ids_known }
            }
            Arg::Msg(m) => Arg::Msg(Box::new(m.in_deck(cards))),
            Arg::List(items) => Arg::List(items.into_iter().map(|a| a.in_deck(cards)).collect()),
            other => other,
        }
    }
}

/// The holes of a template, in order (a name once per hole).
#[cfg(test)]
pub(crate) fn holes(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let len = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
        if len > 0 && after[len..].starts_with('}') {
            out.push(&after[..len]);
            rest = &after[len + 1..];
        } else {
            rest = after;
        }
    }
    out
}

/// A template with its holes filled by `value`; a hole it has no value for stays as it is, and is returned as
/// the error beside the text.
pub(crate) fn try_fill(template: &str, mut value: impl FnMut(&str) -> Option<String>) -> (String, Vec<&str>) {
    let mut out = String::with_capacity(template.len() + 32);
    let mut unknown = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let len = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
        if len > 0 && after[len..].starts_with('}') {
            let name = &after[..len];
            match value(name) {
                Some(v) => out.push_str(&v),
                None => {
                    unknown.push(name);
                    out.push_str(&rest[open..open + len + 2]);
                }
            }
            rest = &after[len + 1..];
        } else {
            out.push('{');
            rest = after;
        }
    }
    out.push_str(rest);
    (out, unknown)
}

/// A message in a language, from a catalogue of that language.
pub(crate) fn render_in(lang: Lang, catalogue: &Catalogue, m: &Message) -> String {
    let Some(template) = catalogue.template(m.key) else {
        debug_assert!(false, "no template for the message {}", m.key);
        return format!("{{{}}}", m.key);
    };
    let (text, unknown) = try_fill(template, |name| m.value(name).map(|a| arg_text(lang, catalogue, a)));
    debug_assert!(unknown.is_empty(), "the message {} has no argument for the holes {unknown:?}", m.key);
    text
}

/// The name of card `card` of an `n`-card deck, which is `cards` (a shoe: its face and deck) or another.
pub(crate) fn card_text(
    lang: Lang,
    catalogue: &Catalogue,
    cards: crate::stats::Cards,
    card: usize,
    n: usize,
) -> String {
    arg_text(lang, catalogue, &Arg::Card { card, n }.in_deck(cards))
}

fn arg_text(lang: Lang, catalogue: &Catalogue, a: &Arg) -> String {
    match a {
        Arg::Text(s) => s.clone(),
        Arg::Card { card, n } => card_name(*card as Card, *n, lang.name_style()),
        Arg::ShoeCard { card, base, ids_known } => {
            let face = card_name((card % base) as Card, *base, lang.name_style());
            if *ids_known {
                let copy = Message::new("card.copy").text("card", face).text("copy", card / base + 1);
                render_in(lang, catalogue, &copy)
            } else {
                face
            }
        }
        Arg::Suit(k) => suit_name(*k, lang.name_style()).to_string(),
        Arg::Niu(v) => niu_name(*v, lang),
        Arg::Count(x) => approx_count(lang, *x),
        Arg::Word(word) => word(lang.words()).to_string(),
        Arg::Summary(kind) => super::words::algorithm_summary(lang, *kind).to_string(),
        Arg::Msg(m) => render_in(lang, catalogue, m),
        Arg::List(items) => {
            let separator = render_in(lang, catalogue, &Message::new("separator.list"));
            let last = render_in(lang, catalogue, &Message::new("separator.last"));
            let texts: Vec<String> = items.iter().map(|a| arg_text(lang, catalogue, a)).collect();
            match texts.split_last() {
                Some((final_item, rest)) if !rest.is_empty() => format!("{}{last}{final_item}", rest.join(&separator)),
                _ => texts.concat(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_are_names_in_braces_and_other_braces_are_text() {
        assert_eq!(holes("{a} and {b_2}, {not a hole} {} {c"), ["a", "b_2"]);
        let (text, unknown) = try_fill("{a}+{b}={c} {x y}", |n| (n != "c").then(|| n.to_uppercase()));
        assert_eq!(text, "A+B={c} {x y}");
        assert_eq!(unknown, ["c"]);
    }

    #[test]
    fn a_missing_argument_stays_visible() {
        static CATALOGUE: Catalogue = Catalogue { entries: &[("k.one", "one {x} and {y}")], tests: &[] };
        let (text, unknown) = try_fill(CATALOGUE.template("k.one").unwrap(), |n| (n == "x").then(|| "1".into()));
        assert_eq!((text.as_str(), unknown), ("one 1 and {y}", vec!["y"]));
        let m = Message::new("k.one").text("x", 1).text("y", "two");
        assert_eq!(render_in(Lang::En, &CATALOGUE, &m), "one 1 and two");
    }

    #[test]
    fn a_list_joins_its_last_two_items_with_and() {
        let list = |n: usize| {
            let items = (1..=n).map(|i| Arg::Text(format!("t{i}"))).collect();
            let m = Message::new("k.list").arg("tests", Arg::List(items));
            (render_in(Lang::En, &CATALOGUE, &m), render_in(Lang::Zh, &CATALOGUE_ZH, &m))
        };
        static CATALOGUE: Catalogue = Catalogue {
            entries: &[("k.list", "[{tests}]"), ("separator.list", ", "), ("separator.last", " and ")],
            tests: &[],
        };
        static CATALOGUE_ZH: Catalogue = Catalogue {
            entries: &[("k.list", "[{tests}]"), ("separator.list", "、"), ("separator.last", "和")],
            tests: &[],
        };
        assert_eq!(list(0), ("[]".into(), "[]".into()));
        assert_eq!(list(1), ("[t1]".into(), "[t1]".into()));
        assert_eq!(list(2), ("[t1 and t2]".into(), "[t1和t2]".into()));
        assert_eq!(list(3), ("[t1, t2 and t3]".into(), "[t1、t2和t3]".into()));
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "no argument for the holes")]
    fn a_debug_build_stops_on_a_missing_argument() {
        static CATALOGUE: Catalogue = Catalogue { entries: &[("k.one", "one {x}")], tests: &[] };
        render_in(Lang::En, &CATALOGUE, &Message::new("k.one"));
    }
}
