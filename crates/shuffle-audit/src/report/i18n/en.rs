//! The reports' sentences in English: one template per key of the catalogue, `{name}` holes filled from the
//! message's arguments. Which key a finding or a run gets is decided in `messages.rs`.

use super::template::Catalogue;

pub(super) static TEMPLATES: Catalogue = Catalogue {
    entries: &[
        // Words inside sentences.
        ("separator.list", ", "),
        ("separator.last", " and "),
        ("card.copy", "{card} (deck {copy})"),
        ("group.seat", "seat {seat}"),
        ("group.bottom", "bottom"),
        ("group.undealt", "undealt"),
        ("to-group.seat", "to seat {seat}"),
        ("to-group.bottom", "to bottom"),
        ("to-group.undealt", "to undealt"),
        ("in-group.seat", "in seat {seat}"),
        ("in-group.bottom", "in the bottom"),
        ("in-group.undealt", "among the undealt cards"),
        ("class.suit", "{suit}"),
        ("class.rank", "{rank}"),
        ("class.jokers", "jokers"),
        ("class.other", "{class}"),
        ("class.face", "{card}"),
        ("class.value", "value {value}"),
        ("seat-event.bombs", "bombs"),
        ("who.seat", "seat {seat}"),
        ("who.dealer", "the dealer"),
        ("seat-count.bombs", "bombs"),
        ("seat-unit.cards", "cards"),
        ("seat-unit.bombs", "bombs"),
        ("seat-unit.hands", "hands"),
        ("favoured.yes", ": it is favoured"),
        ("favoured.no", ": it is short-changed"),
        ("verdict.pass", "{verdict}"),
        ("verdict.none", "NO VERDICT"),
        ("verdict.suspicious", "{verdict}"),
        ("verdict.fail", "{verdict}"),
        ("verdict.broken", "{verdict}"),
        // A test's finding as a short phrase for tables.
        ("headline.class-by-position", "{class} at position {position}: {ratio}"),
        ("headline.bottom-joker", "bottom holds a joker {rate} vs {fair} fair"),
        ("headline.seat-rate", "seat {seat} {event} {rate} vs {fair} fair"),
        ("headline.seat-mean", "seat {seat} averages {mean} {what} vs {fair} fair"),
        // A test's finding in one sentence.
        (
            "explain.class-by-position.fair",
            "Every {what} turns up at every position as often as chance allows (the largest deviation, {class} at \
             position {position}, is {deviation}).",
        ),
        (
            "explain.class-by-position.bias",
            "Some {what}s favour some positions: {class} turns up at position {position} {ratio} as often as fair.",
        ),
        (
            "explain.bottom-joker.gains",
            "The bottom cards, which go to the landlord, hold at least one joker in {rate} of deals instead of \
             {fair}: the landlord gains.",
        ),
        (
            "explain.bottom-joker.loses",
            "The bottom cards, which go to the landlord, hold at least one joker in {rate} of deals instead of \
             {fair}: the landlord loses.",
        ),
        ("explain.seat-rate", "Seat {seat} {event} in {rate} of deals instead of {fair}{favoured}."),
        (
            "explain.seat-mean",
            "Seat {seat} gets {mean} {what} per hand on average instead of {fair} ({change}%){favoured}.",
        ),
        // Why an external run is partial, and what a built-in run did not count.
        ("partial.strict", "stopped at the first invalid deck, line {line} (--strict)"),
        ("partial.read-error", "read error after line {line}: {error}"),
        ("partial.producer-failed", "the producer {ending} after {decks} decks"),
        ("ending.exit", "exited with status {code}"),
        ("ending.signal", "was killed by signal {signal}"),
        ("ending.unknown", "ended with an unknown status"),
        ("ending.failed", "failed"),
        ("partial.interrupted-one", "stopped by {signal} after {decks} deck"),
        ("partial.interrupted-many", "stopped by {signal} after {decks} decks"),
        ("partial.timed-out-one", "timed out after {limit}, {decks} deck read"),
        ("partial.timed-out-many", "timed out after {limit}, {decks} decks read"),
        ("incomplete.timeout", "stopped by the time limit after {counted} of {planned} shuffles"),
        ("incomplete.signal", "interrupted by {signal} after {counted} of {planned} shuffles"),
        ("incomplete.shard", "shard {shard} of {shards}: {counted} of the run's {planned} shuffles"),
        ("incomplete.gaps", "the states miss shuffles {gaps}: {counted} of {planned} counted"),
        ("incomplete.more-gaps", "… ({ranges} ranges)"),
        // A run's reason and headline.
        ("reason.partial", "PARTIAL ({partial}): {why}"),
        ("reason.broken.not-a-permutation", "{kind}: {description}"),
        ("reason.broken.non-termination", "{kind}: {description}"),
        ("reason.broken.other", "{kind}: {description}"),
        ("reason.no-deck", super::NO_DECK_EN),
        ("reason.no-bias", "no test finds a bias: the smallest Holm-adjusted p over the {tests} tests is {p}"),
        (
            "reason.too-uniform",
            "{test}: too uniform (its statistic is too small; two-sided p Holm-adjusted over {tests} tests = {p}): \
             real randomness is not this regular",
        ),
        (
            "reason.weak-signal",
            "{test}: {headline} — a weak signal: the figures alone look like chance, but its {sides} p, \
             Holm-adjusted over {tests} tests, is {p}; re-test with an independent seed",
        ),
        ("reason.bias", "{explanation} ({sides} p Holm-adjusted over {tests} tests = {p})"),
        ("reason.test", "{test}"),
        ("run-headline.test", "{test}: {headline}"),
        ("parity-word.odd", "odd"),
        ("parity-word.even", "even"),
        ("cause-headline.no-card-moves", "no card ever moves: every deck is in its starting order"),
        (
            "cause-headline.one-cycle",
            "every deck is one cycle of all {n} cards, so no card ever stays in place: Sattolo's algorithm",
        ),
        ("cause-headline.fixed-parity", "every deck is an {parity} permutation: half of all orders never come out"),
        ("cause-headline.follows.all", "{cause} (the other failures follow from this)"),
        ("cause-headline.follows.some", "{cause} (the failures of {tests} follow from this)"),
        (
            "cause.no-card-moves",
            "No card ever moves: every one of the {decks} decks is in its starting order, so the shuffle leaves the \
             deck as it was.",
        ),
        (
            "cause.one-cycle",
            "Every one of the {decks} decks is a single cycle through all {n} cards: no card ever stays where it \
             started, and every deck is an {parity} permutation. This is Sattolo's algorithm (`j = r() % i`, a \
             partner drawn below i where Fisher-Yates draws up to i), which can deal only the (n-1)! = 10^{orders} \
             single cycles among the n! orders.",
        ),
        ("cause.follows.all", "{cause} The other failures follow from this."),
        ("cause.follows.some", "{cause} The failures of {tests} follow from this."),
        (
            "cause.follows.repeats",
            "{cause} With each possible deck dealt about {times} times, every count is lumpy: the other failures \
             follow from this.",
        ),
        ("cause.and", "{cause} Apart from this, {test}: {headline}."),
        (
            "looks-like.next",
            "Looks like {label} ({summary}): the position-by-card counts are {distance} from its exact matrix \
             (mean total variation per position), where sampling noise alone gives about {noise} at {decks} decks \
             (X² = {x2} on {df} df, p = {p}); the next closest, {next}, is ruled out ({next_why}).",
        ),
        (
            "looks-like.alone",
            "Looks like {label} ({summary}): the position-by-card counts are {distance} from its exact matrix \
             (mean total variation per position), where sampling noise alone gives about {noise} at {decks} decks \
             (X² = {x2} on {df} df, p = {p}).",
        ),
        ("looks-like.next-p", "distance {distance}, p = {p}"),
        ("looks-like.next-impossible", "the decks fill {cells} cells it makes impossible"),
        ("run-headline.two", "{first}; {second}"),
        ("run-headline.broken.non-termination", "{headline}"),
        ("run-headline.broken.not-a-permutation", "{headline}"),
        ("run-headline.broken.other", "{headline}"),
        ("run-headline.no-deck", "no test applied"),
        (
            "run.rules-out",
            "What this {verdict} rules out: at {decks} decks, any position-by-card cell off by {any} or more would \
             have FAILed with {power} power (so would every cell off by ±{every} in a balanced pattern).",
        ),
        (
            "run.rules-out.little",
            "What this {verdict} rules out: little. At {decks} decks only a position-by-card cell off by {any} or more \
             would have FAILed with {power} power: even a card never dealt to a position (off by 100%) could pass \
             unseen. Count more decks to rule out a real bias.",
        ),
        ("run-headline.no-bias", "no bias found"),
        ("run-headline.too-uniform", "{test}: too uniform"),
        ("check.error", "{error}"),
        ("check.no-decks", "no decks to audit"),
        // The pages' notes.
        ("run-meta.builtin", "{rng} generator, {deck} cards, {shuffles} shuffles, seed {seed}"),
        ("run-meta.external", "{deck} cards, {shuffles} decks read"),
        (
            "external-origin.note",
            "Decks read from {label}: made by another program, so no built-in algorithm, generator or seed is \
             involved.",
        ),
        ("exact-heatmap.title", "Position by card: exact probability / uniform"),
        ("exact-heatmap.legend", "exact / uniform (log scale)"),
        ("exact-heatmap.note", "computed without sampling ({draws}); no noise"),
        (
            "exact-heatmap.caption",
            "The same matrix computed exactly from the algorithm and the law of its draws: what the sampled heatmap \
             converges to as the shuffles grow, on the same colour scale.",
        ),
        (
            "exact-skipped.note",
            "Exact matrix not computed for this report: {label} on {n} cards takes about {work} double-double \
             operations, {times}× the report's budget of {budget} (about a second). Compute it with \
             `{command}`{draws}.",
        ),
        (
            "exact-skipped.ideal-draws",
            " (ideal draws: this run's 32-bit draws differ from them by about n/2^32 in each cell)",
        ),
        ("exact-skipped.own-draws", ""),
        ("heatmap.noise-note", "{shuffles} shuffles; noise in one cell: ±{sd}% (1 s.d.); scale clamped at {clamp}"),
        ("detection.at-once", "A handful of shuffles: the bias is visible almost at once."),
        ("detection.shuffles", "About {count} shuffles{scientific} to reach FAIL; this run used {done}."),
        (
            "detection.not-detectable",
            "Not detectable: at {done} shuffles the statistic is within noise. If there is a bias, seeing it would \
             take more than about {count} shuffles{scientific}.",
        ),
        ("detection.broken", "One: shuffle number {first} already shows it, no statistics needed."),
    ],
    tests: super::sentences::EN,
};
