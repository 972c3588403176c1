//! The export loops: words made in blocks of a mebibyte by the core ([`crate::bits`]) and written to a
//! [`Sink`], until the amount asked for, a stop request or a closed pipe.

use std::collections::BTreeMap;

use std::ops::Range;

use rayon::prelude::*;

use super::sink::{Sink, SinkError};
use crate::audit::{Replayed, RunConfig, StopFlag, StopReason, replay_decks};
use crate::bits::{BitPacker, DrawSchedule, LehmerBits, fill_packed, fill_raw32};
use crate::cards::Card;
use crate::rng::{RawRng, RngKind, SeededRng};
use crate::with_rng_type;

/// Words per block: 1 MiB.
const BLOCK_WORDS: usize = 1 << 18;

/// Why an export ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The amount asked for, or the end of the input.
    Done,
    /// A signal or a time limit.
    Stopped(StopReason),
    /// The reader closed the pipe.
    Closed,
}

impl Ended {
    fn of(sink: &Sink, stop: &StopFlag) -> Ended {
        if sink.is_closed() { Ended::Closed } else { stop.requested().map_or(Ended::Done, Ended::Stopped) }
    }
}

/// `export raw`: the outputs of `rng` seeded with `seed`, packed into 32-bit words (each output's valid bits,
/// most significant first) or one output per word (`packed == false`), `words` words or until stopped. Returns
/// the words written.
pub fn raw(
    rng: RngKind,
    seed: u64,
    packed: bool,
    words: Option<u64>,
    sink: &mut Sink,
    stop: &StopFlag,
) -> Result<(u64, Ended), SinkError> {
    with_rng_type!(rng, R => raw_with(R::from_seed_u64(seed), packed, words, sink, stop))
}

fn raw_with<R: RawRng>(
    mut rng: R,
    packed: bool,
    words: Option<u64>,
    sink: &mut Sink,
    stop: &StopFlag,
) -> Result<(u64, Ended), SinkError> {
    let (mut block, mut bytes) = (Vec::with_capacity(BLOCK_WORDS), Vec::new());
    let mut packer = BitPacker::new();
    let mut written = 0u64;
    while words.is_none_or(|w| written < w) && !stop.is_set() {
        let take = words.map_or(BLOCK_WORDS, |w| (w - written).min(BLOCK_WORDS as u64) as usize);
        block.clear();
        if packed {
            fill_packed(&mut rng, &mut packer, &mut block, take);
        } else {
            fill_raw32(&mut rng, &mut block, take);
        }
        if !sink.write_words(&block, &mut bytes)? {
            break;
        }
        written += take as u64;
    }
    Ok((written, Ended::of(sink, stop)))
}

/// `export draws`: `r() % k` (a runtime's own bounded draw for `java`, `dotnet`, `mt19937`, `python`) from `rng` seeded with `seed`; with a schedule, only the draws of range `k` each
/// shuffle makes, for `shuffles` shuffles; else every output, `count` of them. Written as text (one per line)
/// or as little-endian 32-bit words. Returns the draws and the shuffles made.
#[allow(clippy::too_many_arguments)]
pub fn draws(
    rng: RngKind,
    seed: u64,
    k: u32,
    schedule: Option<&DrawSchedule>,
    amount: Option<u64>,
    text: bool,
    sink: &mut Sink,
    stop: &StopFlag,
) -> Result<(u64, u64, Ended), SinkError> {
    with_rng_type!(rng, R => draws_with(R::from_seed_u64(seed), k, schedule, amount, text, sink, stop))
}

fn draws_with<R: RawRng>(
    mut rng: R,
    k: u32,
    schedule: Option<&DrawSchedule>,
    amount: Option<u64>,
    text: bool,
    sink: &mut Sink,
    stop: &StopFlag,
) -> Result<(u64, u64, Ended), SinkError> {
    let (mut block, mut bytes) = (Vec::with_capacity(BLOCK_WORDS + 2048), Vec::new());
    let (mut draws, mut shuffles) = (0u64, 0u64);
    let mut line = itoa_buffer();
    while amount.is_none_or(|a| if schedule.is_some() { shuffles < a } else { draws < a }) && !stop.is_set() {
        block.clear();
        match schedule {
            Some(s) => {
                let per = s.draws_of(k).max(1);
                let left = amount.map_or(u64::MAX, |a| a - shuffles);
                let batch = ((BLOCK_WORDS / per) as u64).clamp(1, left.max(1));
                for _ in 0..batch {
                    s.shuffle_draws(&mut rng, k, &mut block);
                }
                shuffles += batch;
            }
            None => {
                let take = amount.map_or(BLOCK_WORDS, |a| (a - draws).min(BLOCK_WORDS as u64) as usize);
                block.extend((0..take).map(|_| rng.below(k)));
            }
        }
        draws += block.len() as u64;
        let open = if text {
            bytes.clear();
            for &d in &block {
                bytes.extend_from_slice(format_u32(&mut line, d));
            }
            sink.write(&bytes)?
        } else {
            sink.write_words(&block, &mut bytes)?
        };
        if !open {
            break;
        }
    }
    Ok((draws, shuffles, Ended::of(sink, stop)))
}

fn itoa_buffer() -> [u8; 11] {
    [0; 11]
}

/// `d` in decimal followed by a newline.
#[inline]
fn format_u32(buf: &mut [u8; 11], mut d: u32) -> &[u8] {
    let mut i = buf.len() - 1;
    buf[i] = b'\n';
    loop {
        i -= 1;
        buf[i] = b'0' + (d % 10) as u8;
        d /= 10;
        if d == 0 {
            break;
        }
    }
    &buf[i..]
}

/// What `export bits` counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BitsCounts {
    pub decks_read: u64,
    pub decks_kept: u64,
    pub decks_dropped: u64,
    /// Bits written (whole words only).
    pub bits_written: u64,
    /// Bits of kept decks left over at the end, short of a word, and not written.
    pub bits_unwritten: u64,
}

impl BitsCounts {
    /// The counts under their manifest names.
    pub fn named(&self) -> BTreeMap<String, u64> {
        [
            ("decks_read", self.decks_read),
            ("decks_kept", self.decks_kept),
            ("decks_dropped", self.decks_dropped),
            ("bits_written", self.bits_written),
            ("bits_unwritten", self.bits_unwritten),
            ("words", self.bits_written / 32),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    }
}

/// One chunk's ranked decks, made on a worker: whole words, the bits short of a word, and the counts.
struct ChunkBits {
    lehmer: LehmerBits,
    packer: BitPacker,
    words: Vec<u32>,
    kept: u64,
    replayed: Replayed,
}

/// `export bits`: decks in, each kept deck's Lehmer rank out as `⌊log₂ n!⌋` bits, in words, up to `max_words`.
pub struct BitsWriter {
    lehmer: LehmerBits,
    packer: BitPacker,
    block: Vec<u32>,
    bytes: Vec<u8>,
    max_words: Option<u64>,
    words: u64,
    pub counts: BitsCounts,
}

impl BitsWriter {
    pub fn new(n: usize, max_words: Option<u64>) -> Self {
        BitsWriter {
            lehmer: LehmerBits::new(n),
            packer: BitPacker::new(),
            block: Vec::with_capacity(BLOCK_WORDS + 64),
            bytes: Vec::new(),
            max_words,
            words: 0,
            counts: BitsCounts::default(),
        }
    }

    /// The rank's bits, the fraction kept and the decks per GiB of this deck size.
    pub fn lehmer(&self) -> &LehmerBits {
        &self.lehmer
    }

    /// Adds a deck (a permutation of `0..n`); `Ok(false)` once the amount is written or the pipe is closed.
    #[inline]
    pub fn add(&mut self, deck: &[Card], sink: &mut Sink) -> Result<bool, SinkError> {
        self.counts.decks_read += 1;
        if self.lehmer.push(deck, &mut self.packer, &mut self.block) {
            self.counts.decks_kept += 1;
        } else {
            self.counts.decks_dropped += 1;
        }
        if self.block.len() >= BLOCK_WORDS || self.max_words.is_some_and(|m| self.words + self.block.len() as u64 >= m)
        {
            return self.flush(sink);
        }
        Ok(true)
    }

    /// Writes the whole words made so far (up to the amount); `Ok(false)` once the amount is written or the
    /// pipe is closed.
    pub fn flush(&mut self, sink: &mut Sink) -> Result<bool, SinkError> {
        let room = self.max_words.map_or(u64::MAX, |m| m - self.words);
        let take = (self.block.len() as u64).min(room) as usize;
        let open = sink.write_words(&self.block[..take], &mut self.bytes)?;
        self.words += take as u64;
        self.block.clear();
        Ok(open && self.max_words.is_none_or(|m| self.words < m))
    }

    /// Adds the decks of the chunks `chunks` of the built-in run `config`, in run order: the chunks of a wave are
    /// made and ranked side by side (each from its own generator, as the runner makes them), then appended in
    /// order, so the bits are those of [`Self::add`] on the decks one by one. Stops at the amount, a closed pipe
    /// or `stop` (between waves).
    pub fn add_run(
        &mut self,
        config: &RunConfig,
        chunks: Range<u64>,
        sink: &mut Sink,
        stop: &StopFlag,
    ) -> Result<Replayed, SinkError> {
        let n = config.deck;
        let wave = 4 * rayon::current_num_threads() as u64;
        let mut total = Replayed::default();
        let mut next = chunks.start;
        while next < chunks.end {
            if stop.is_set() {
                total.stopped = true;
                break;
            }
            let end = (next + wave).min(chunks.end);
            let parts: Vec<ChunkBits> = (next..end)
                .into_par_iter()
                .map(|chunk| {
                    let mut part = ChunkBits {
                        lehmer: LehmerBits::new(n),
                        packer: BitPacker::new(),
                        words: Vec::new(),
                        kept: 0,
                        replayed: Replayed::default(),
                    };
                    part.replayed =
                        replay_decks(config, std::slice::from_ref(&(chunk..chunk + 1)), stop, &mut |deck| {
                            if part.lehmer.push(deck, &mut part.packer, &mut part.words) {
                                part.kept += 1;
                            }
                            true
                        });
                    part
                })
                .collect();
            for part in parts {
                if part.replayed.stopped {
                    // A chunk cut short by the stop flag is not appended: the stream keeps whole chunks.
                    total.stopped = true;
                    return Ok(total);
                }
                total.decks += part.replayed.decks;
                total.invalid += part.replayed.invalid;
                self.counts.decks_read += part.replayed.decks;
                self.counts.decks_kept += part.kept;
                self.counts.decks_dropped += part.replayed.decks - part.kept;
                for &w in &part.words {
                    self.packer.push(w, 32, &mut self.block);
                }
                let tail = part.packer.pending_bits();
                if tail > 0 {
                    self.packer.push(part.packer.pending_value(), tail, &mut self.block);
                }
                if (self.block.len() >= BLOCK_WORDS
                    || self.max_words.is_some_and(|m| self.words + self.block.len() as u64 >= m))
                    && !self.flush(sink)?
                {
                    total.stopped = true;
                    return Ok(total);
                }
                if part.replayed.stuck {
                    total.stuck = true;
                    return Ok(total);
                }
            }
            next = end;
        }
        Ok(total)
    }

    /// Writes what is left and returns the counts: the bits of a final partial word are not written (and
    /// counted as unwritten), so the stream is whole words of uniform bits.
    pub fn finish(mut self, sink: &mut Sink) -> Result<BitsCounts, SinkError> {
        let made = self.words + self.block.len() as u64;
        if !sink.is_closed() {
            self.flush(sink)?;
        }
        let b = u64::from(self.lehmer.bits());
        self.counts.bits_written = self.words * 32;
        self.counts.bits_unwritten = (self.counts.decks_kept * b).saturating_sub(self.counts.bits_written);
        debug_assert!(made >= self.words);
        Ok(self.counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::CHUNK_SHUFFLES;
    use crate::export::Target;
    use crate::shuffle::{Algorithm, AlgorithmKind};

    fn hashing() -> Sink {
        Sink::new(Box::new(std::io::sink()), Target::Stdout, true)
    }

    #[test]
    fn a_run_ranked_chunk_by_chunk_in_parallel_is_its_decks_ranked_one_by_one() {
        let never = StopFlag::new();
        let config =
            RunConfig::new(Algorithm::new(AlgorithmKind::FisherYates), RngKind::Msvc, 11, 3 * CHUNK_SHUFFLES + 7, 4);
        // Whole, and cut by an amount in the middle of the second chunk.
        for max_words in [None, Some(20_000)] {
            let (mut one, mut many) = (hashing(), hashing());
            let mut serial = BitsWriter::new(11, max_words);
            replay_decks(&config, std::slice::from_ref(&(0..config.chunks())), &never, &mut |deck| {
                serial.add(deck, &mut one).unwrap()
            });
            let mut parallel = BitsWriter::new(11, max_words);
            parallel.add_run(&config, 0..config.chunks(), &mut many, &never).unwrap();
            let (a, b) = (serial.finish(&mut one).unwrap(), parallel.finish(&mut many).unwrap());
            let (wa, wb) = (one.finish().unwrap(), many.finish().unwrap());
            assert_eq!(wa, wb, "{max_words:?}");
            assert_eq!(wa.bytes, max_words.map_or(a.bits_written / 8, |m| 4 * m));
            if max_words.is_none() {
                assert_eq!(a, b);
                assert_eq!(a.decks_read, config.shuffles);
            }
        }
    }
}
