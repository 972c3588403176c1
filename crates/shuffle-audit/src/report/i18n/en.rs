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
        ("class-word.suit", "suit"),
        ("class-word.rank", "rank"),
        ("class.face", "{card}"),
        ("class.value", "value {value}"),
        ("class-word.face", "card"),
        ("class-word.value", "value"),
        ("coup.banker", "the banker wins"),
        ("coup.player", "the player wins"),
        ("coup.tie", "it ties"),
        ("seat-event.rocket", "holds the rocket"),
        ("seat-event.bomb", "holds a bomb"),
        ("seat-event.big-cards", "big cards (A, 2, jokers)"),
        ("seat-event.bombs", "bombs"),
        ("seat-event.jokers", "jokers"),
        ("seat-event.straight-flush", "holds a straight flush"),
        ("seat-event.natural", "is dealt a natural in a shoe's first round"),
        ("who.seat", "seat {seat}"),
        ("who.dealer", "the dealer"),
        ("seat-count.rocket", "holds the rocket"),
        ("seat-count.bomb", "holds a bomb"),
        ("seat-count.big-cards", "big cards (A, 2, jokers)"),
        ("seat-count.bombs", "bombs"),
        ("seat-count.jokers", "jokers"),
        ("seat-count.straight-flush", "straight flushes"),
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
        ("headline.no-cell-stands-out", "no cell stands out: every cell within ±{band} of fair"),
        (
            "headline.position-card.home",
            "{most} stays at its starting position {most_position}: {most_ratio}; {least} at {least_position}: \
             {least_ratio}",
        ),
        (
            "headline.position-card",
            "{most} at position {most_position}: {most_ratio}; {least} at {least_position}: {least_ratio}",
        ),
        ("headline.position-worst", "position {position} is the least uniform: {ratio} at worst"),
        ("headline.card-worst", "card {card} is the least uniform: {ratio} at worst"),
        ("headline.adjacency", "{next} right after {first}: {ratio}"),
        ("headline.face-adjacency", "a {next} right after a {first}: {ratio}"),
        ("headline.face-serial", "{from} then {to} at the same place in the next shoe: {ratio}; faces kept {kept}"),
        ("headline.parity.never-odd", "never odd"),
        ("headline.parity.never-even", "never even"),
        ("headline.parity.share", "{share}% odd permutations (fair: 50%)"),
        ("headline.fixed-points.none", "no card ever stays in place (fair: 1 per deck on average)"),
        ("headline.fixed-points.always", "every deck has exactly {value} fixed points"),
        ("headline.cycles.one", "every deck is one cycle (fair: {fair} cycles on average)"),
        ("headline.cycles.always", "every deck has exactly {value} cycles (fair: {fair} on average)"),
        ("headline.fixed-points.mean", "{mean} fixed points per deck on average (fair: 1)"),
        ("headline.fixed-points.worst-one", "{value} fixed point: {ratio} as often as fair"),
        ("headline.fixed-points.worst-many", "{value} fixed points: {ratio} as often as fair"),
        ("headline.cycles.never", "never {cycles} cycles (expected {expected} times); mean {mean} (fair {fair})"),
        ("headline.cycles.worst", "{mean} cycles on average (fair {fair}); {value} cycles {ratio}"),
        ("headline.rising.mean", "{mean} rising sequences on average (fair {fair})"),
        ("headline.rising.worst", "{value} rising sequences {ratio} as often as fair"),
        ("headline.descents.mean", "{mean} descents per deck on average (fair {fair})"),
        ("headline.descents.worst", "{value} descents {ratio} as often as fair"),
        ("headline.turning.mean", "{mean} valleys per deck on average (fair {fair})"),
        ("headline.turning.worst", "{value} turning points {ratio} as often as fair"),
        ("headline.clumping.mean", "{mean} neighbours of equal value per shoe on average (fair {fair})"),
        ("headline.clumping.worst", "{value} neighbours of equal value {ratio} as often as fair"),
        ("headline.runs-ud.mean", "{mean} runs up and down per deck on average (fair {fair})"),
        ("guesser.marginal", "marginal"),
        ("guesser.successor", "successor"),
        ("guesser.above-last", "above-last"),
        ("headline.lis.mean", "longest increasing subsequence {mean} cards on average (fair {fair})"),
        ("headline.lis.worst", "a longest increasing subsequence of {value} cards {ratio} as often as fair"),
        ("headline.guess", "{guesser} guesses {extra} cards per deck over chance (99%: {low} to {high})"),
        ("headline.guess-shoe", "{guesser} guesses {extra} cards per shoe over chance (99%: {low} to {high})"),
        ("headline.runs-ud.worst", "{value} runs up and down {ratio} as often as fair"),
        ("headline.inversions", "{inverted}% of pairs inverted (fair 50%), shift {shift} sd"),
        ("headline.full-permutation.never", "{never} of {orders} orders never occur"),
        ("headline.full-permutation.most", "order {order} comes up {ratio} as often as fair"),
        ("headline.class-by-position", "{class} at position {position}: {ratio}"),
        ("headline.serial-correlation", "position {from} -> {to} in the next deck: {ratio}; r = {r}"),
        ("headline.second-level", "{test} ({form}) over {samples} samples: KS p {ks}, AD p {ad}"),
        ("headline.duplicate-decks.none", "no deck repeats among the first {decks}"),
        (
            "headline.duplicate-decks.repeats",
            "{repeats} repeated decks among the first {decks}: about {space} possible decks",
        ),
        ("headline.bottom-joker", "bottom holds a joker {rate} vs {fair} fair"),
        ("headline.seat-rate", "seat {seat} {event} {rate} vs {fair} fair"),
        ("headline.seat-mean", "seat {seat} averages {mean} {what} vs {fair} fair"),
        ("headline.niu-seat", "seat {seat} gets {niu} {rate} vs {fair} fair"),
        ("headline.natural-rounds", "{who}: {naturals} naturals in {rounds} rounds vs {expected} fair"),
        ("headline.baccarat-odds", "first coup: {outcome} {rate} of shoes vs {fair} fair"),
        ("headline.seat-card", "{most} goes {most_to} {most_ratio}; {least} {least_to} {least_ratio}"),
        ("headline.seat-worst", "{group} is the least uniform: {card} {ratio} as often as fair"),
        ("headline.card-seat-worst", "{card} goes {to} {ratio} as often as fair"),
        // A test's finding in one sentence.
        (
            "explain.position-card.diffuse",
            "Cards favour some positions as a whole — noncentrality {per_shuffle} per shuffle (99% interval \
             {low}..{high}), like every cell off by ±{rms}% — but no single cell stands out of its noise band \
             (±{band}).",
        ),
        (
            "explain.position-card.noise",
            "Cards land at every position about as often as chance allows: the most over-represented card and \
             position ({card} at {position}) comes up {excess}% more often than fair, within noise.",
        ),
        (
            "explain.position-card.bias",
            "Some cards favour some positions: {most} lands at position {most_position} {most_ratio} as often as it \
             should, and {least} at position {least_position} only {least_ratio}.",
        ),
        (
            "explain.position-worst",
            "The least uniform position is position {position}: its largest deviation is {deviation} from fair.",
        ),
        (
            "explain.card-worst",
            "The least uniform card is card {card}: its largest deviation is {deviation} from fair.",
        ),
        (
            "explain.adjacency.fair",
            "Which card follows which is as random as it should be: the most frequent pair ({first} then {next}) \
             comes up {deviation} more often than fair, within noise.",
        ),
        (
            "explain.adjacency.bias",
            "The order of the cards survives the shuffle: {next} lies right after {first} {ratio} as often as it \
             should. Position counts can look perfectly fair while this happens (a cut does exactly that).",
        ),
        (
            "explain.parity.all-even",
            "All {decks} decks were even permutations: half of all possible orders can never come out of this \
             shuffle (a fixed number of swaps of two different cards always gives the same parity).",
        ),
        (
            "explain.parity.all-odd",
            "All {decks} decks were odd permutations: half of all possible orders can never come out of this \
             shuffle (a fixed number of swaps of two different cards always gives the same parity).",
        ),
        ("explain.parity.fair", "Even and odd orders come up equally often, as they should ({share}% odd)."),
        ("explain.parity.bias", "Odd orders make up {share}% of the decks instead of half."),
        (
            "explain.fixed-points.fair",
            "Cards stay at their starting position as often as chance allows ({mean} per deck on average, fair is \
             1).",
        ),
        (
            "explain.fixed-points.none",
            "No card ever stays where it started, in any deck, where a fair shuffle leaves one card in place per deck \
             on average: the shuffle moves every card, every time, and so rules out every order with a fixed point.",
        ),
        (
            "explain.fixed-points.always",
            "Every deck had exactly {value} cards at their starting positions, where a fair shuffle's count varies \
             from deck to deck around 1.",
        ),
        (
            "explain.fixed-points.few-one",
            "Cards stay where they started {mean} times per deck on average instead of once, and {value} fixed \
             point happens {ratio} as often as it should: the shuffle moves cards away from their starting places \
             more often than chance does.",
        ),
        (
            "explain.fixed-points.few-many",
            "Cards stay where they started {mean} times per deck on average instead of once, and {value} fixed \
             points happen {ratio} as often as they should: the shuffle moves cards away from their starting places \
             more often than chance does.",
        ),
        (
            "explain.fixed-points.bias-one",
            "Cards stay where they started {mean} times per deck on average instead of once, and {value} fixed \
             point happen {ratio} as often as they should: the shuffle does not move every card enough.",
        ),
        (
            "explain.fixed-points.bias-many",
            "Cards stay where they started {mean} times per deck on average instead of once, and {value} fixed \
             points happen {ratio} as often as they should: the shuffle does not move every card enough.",
        ),
        (
            "explain.cycles.fair",
            "The shuffled decks break into cycles as a random order does ({mean} on average, fair {fair}).",
        ),
        (
            "explain.cycles.one",
            "Every deck is a single cycle through all its cards (a fair shuffle gives {fair} cycles on average): no \
             card can stay in place, as in Sattolo's algorithm.",
        ),
        ("explain.cycles.always", "Every deck had exactly {value} cycles (a fair shuffle gives {fair} on average)."),
        (
            "explain.cycles.never",
            "No deck ever had {cycles} cycles, though a fair shuffle would give about {expected}: whole classes of \
             orders are out of reach (the cycle count fixes the permutation's parity).",
        ),
        (
            "explain.cycles.bias",
            "The decks break into {mean} cycles on average instead of {fair}; {value} cycles happen {ratio} as often \
             as they should.",
        ),
        (
            "explain.inversions.fair",
            "Pairs of cards end up in the opposite of their starting order as often as in a random order \
             ({inverted}% of pairs, fair 50%).",
        ),
        (
            "explain.inversions.keeps-order",
            "The decks keep more of their starting order than a random order does: {inverted}% of pairs are \
             inverted instead of 50%.",
        ),
        (
            "explain.inversions.reverses-order",
            "The decks keep less of their starting order than a random order does: {inverted}% of pairs are \
             inverted instead of 50%.",
        ),
        (
            "explain.inversions.law",
            "The number of inverted pairs does not follow its exact law, though its mean is right: some counts are \
             over- or under-represented.",
        ),
        (
            "explain.rising.fair",
            "Runs of consecutive cards in their original order are as many as in a random order ({mean} on average, \
             fair {fair}).",
        ),
        (
            "explain.rising.bias",
            "The decks hold {mean} rising sequences (runs of consecutive cards still in their original order) on \
             average instead of {fair}: the original order survives the shuffle, as it does after too few riffles \
             or a cut.",
        ),
        (
            "explain.descents.fair",
            "The cards go up and down from one to the next as often as in a random order ({mean} descents per deck, \
             fair {fair}).",
        ),
        (
            "explain.descents.bias",
            "Reading the deck card by card, the values fall {mean} times per deck instead of {fair}: the order of the \
             values has a shape a random order does not have.",
        ),
        (
            "explain.turning.fair",
            "Peaks and valleys (a card higher, or lower, than both its neighbours) are as many as in a random order \
             ({mean} valleys per deck, fair {fair}).",
        ),
        (
            "explain.turning.bias",
            "The decks have {mean} valleys (a card lower than both its neighbours) on average instead of {fair}, or \
             peaks and valleys in the wrong proportions: the mark of a machine that builds piles by putting cards on \
             top or at the bottom, whose piles read down then up.",
        ),
        (
            "explain.lis.fair",
            "The longest increasing subsequence (the most cards that can be picked out in rising order) is as long \
             as in a random order ({mean} cards per deck, fair {fair}).",
        ),
        (
            "explain.lis.bias",
            "The most cards that can be picked out of a deck in rising order is {mean} on average instead of \
             {fair}: the deck keeps long rising threads of its starting order (a riffle or a machine that interleaves \
             piles leaves them), or breaks them more than chance does.",
        ),
        (
            "explain.guess.fair",
            "A player who names each next card from the cards already shown, having watched the run's earlier decks \
             (up to 16,384 at a time), gets {right} right per deck, as chance gives ({chance}): {extra} extra cards \
             per deck (99%: {low} to {high}) over {decks} decks, with the {guesser} guesser.",
        ),
        (
            "explain.guess.bias",
            "A player who has watched these decks (up to 16,384 at a time) and names each next card from the cards \
             already shown guesses {extra} more cards per deck than chance (99%: {low} to {high}): {right} right \
             instead of {chance}, over {decks} decks, with the {guesser} guesser.",
        ),
        (
            "explain.guess-shoe.fair",
            "A player who names each next card from the cards already shown, having watched the run's earlier shoes \
             (up to 16,384 at a time), gets {right} right per shoe, as chance gives ({chance}): {extra} extra cards \
             per shoe (99%: {low} to {high}) over {decks} shoes, with the {guesser} guesser.",
        ),
        (
            "explain.guess-shoe.bias",
            "A player who has watched these shoes (up to 16,384 at a time) and names each next card from the cards \
             already shown guesses {extra} more cards per shoe than chance (99%: {low} to {high}): {right} right \
             instead of {chance}, over {decks} shoes, with the {guesser} guesser.",
        ),
        (
            "explain.clumping.fair",
            "Cards of the same value sit next to each other as often as in a fairly shuffled shoe ({mean} pairs of \
             neighbours per shoe, fair {fair}).",
        ),
        (
            "explain.clumping.bias",
            "Cards of the same value sit next to each other {mean} times per shoe instead of {fair}: the values come \
             in clumps (or spread out) more than a fair shuffle of this shoe allows.",
        ),
        (
            "explain.runs-ud.fair",
            "The runs of rising and of falling values are as many as in a random order ({mean} per deck, fair \
             {fair}).",
        ),
        (
            "explain.runs-ud.bias",
            "Read card by card, the values run up and down in {mean} alternating runs per deck instead of {fair}: \
             they rise and fall in longer or shorter stretches than a random order's.",
        ),
        (
            "explain.full-permutation.fair",
            "All {orders} orders of the {n} cards come up about equally often ({expected} each on average).",
        ),
        (
            "explain.full-permutation.never",
            "{never} of the {orders} possible orders never came up, though each should have about {expected} times.",
        ),
        (
            "explain.full-permutation.bias",
            "Some orders are favoured: {most} comes up {most_ratio} as often as it should and {least} only \
             {least_ratio}.",
        ),
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
            "explain.second-level.fair",
            "Each of the {samples} samples of {decks} decks was tested on its own, and the p-values of every \
             statistic ({groups} of them) spread evenly between 0 and 1 over the samples, as they do for a fair \
             shuffle: the least even is {test} ({form}), KS p {ks}, AD p {ad}.",
        ),
        (
            "explain.second-level.bias",
            "Tested sample by sample ({samples} samples of {decks} decks), {test} ({form}) gives p-values that do \
             not spread evenly between 0 and 1 (KS D = {d}, p {ks}; AD p {ad}): a bias each sample shows a little \
             of, which adds up over the samples.",
        ),
        (
            "explain.face-adjacency.fair",
            "Which face follows which is as random as in a fairly shuffled shoe: the most frequent pair (a {first} \
             then a {next}) comes up {deviation} more often than fair, within noise.",
        ),
        (
            "explain.face-adjacency.bias",
            "The shoe keeps the order of its faces: a {next} lies right after a {first} {ratio} as often as it \
             should. The faces' position counts can look fair while blocks of cards stay together.",
        ),
        (
            "explain.face-serial.fair",
            "Consecutive shoes are unrelated, as they should be: a position's face says nothing about its face in \
             the next shoe (faces kept {kept} as often as fair).",
        ),
        (
            "explain.face-serial.bias",
            "Consecutive shoes are related: where a shoe had a {from}, the next shoe has a {to} {ratio} as often as \
             chance allows (faces kept in place {kept} as often as fair); the shoe is not shuffled afresh, or its \
             generator repeats.",
        ),
        (
            "explain.serial-correlation.fair",
            "Consecutive decks are unrelated, as they should be: where a card lands says nothing about where it \
             lands next time (correlation {r}).",
        ),
        (
            "explain.serial-correlation.bias",
            "Consecutive decks are related: a card at position {from} moves to position {to} in the next deck \
             {ratio} as often as independent decks with the same position counts would (position correlation {r}); \
             the generator's stream repeats or is predictable.",
        ),
        (
            "explain.duplicate-decks.fair",
            "No two of the first {decks} decks are the same, as expected of a shuffle that can deal every order \
             ({fair_pairs} repeated pairs expected): the decks come from at least {space} equally likely decks. \
             This says nothing of how predictable a deal is: a generator seeded from the clock passes too.",
        ),
        (
            "explain.duplicate-decks.repeats",
            "{repeats} of the first {decks} decks are exact copies of an earlier deck ({pairs} repeated pairs, \
             where a fair shuffle expects {fair_pairs}): the decks come from only about {space} possible decks \
             (95%: {interval}), as when the dealer reseeds its generator from a small seed space before every deal. \
             Each deck can look perfectly uniform, yet anyone who knows the seed space can list every deal the \
             dealer can make.",
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
        (
            "explain.natural-rounds",
            "Over {rounds} rounds of {shoes} shoes, {who} was dealt {naturals} naturals, where the cards left before each \
             round make {expected} the fair count ({change}%){favoured}.",
        ),
        ("explain.seat-rate", "Seat {seat} {event} in {rate} of deals instead of {fair}{favoured}."),
        (
            "explain.seat-mean",
            "Seat {seat} gets {mean} {what} per hand on average instead of {fair} ({change}%){favoured}.",
        ),
        (
            "explain.niu-seat",
            "Seat {seat}'s hands do not follow the odds of a fair deal: {niu} comes up in {rate} of its hands \
             instead of {fair}.",
        ),
        (
            "explain.baccarat-odds.chance",
            "The first coups follow the exact odds of a fair shoe within chance: banker {banker}, player {player}, \
             tie {tie} over {deals} shoes (fair {fair_banker}, {fair_player}, {fair_tie}).",
        ),
        (
            "explain.baccarat-odds",
            "The first coup of each shoe does not follow the exact odds of a fair shoe: {outcome} in {rate} of \
             shoes instead of {fair} (banker {banker}, player {player}, tie {tie} over {deals} shoes).",
        ),
        (
            "explain.seat-card.noise",
            "Every card goes to every seat about as often as chance allows: the most favoured pair ({card} {to}) is \
             {deviation} from fair, within noise.",
        ),
        (
            "explain.seat-card.bias",
            "Some seats receive some cards more than others: {most} goes {most_to} {most_ratio} as often as it \
             should, and {least} {least_to} only {least_ratio}.",
        ),
        ("explain.seat-worst", "The least uniform seat is {group}: it gets {card} {deviation} from fair."),
        (
            "explain.card-seat-worst",
            "The card whose seat is least random is {card}: it goes {to} {deviation} from fair.",
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
};
