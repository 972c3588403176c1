//! Chunk bookkeeping: what a set of chunks of a run counted ([`Counted`]), the chunk ranges of shards and of a
//! resumed run, and the shuffles they hold.

use std::ops::Range;
use std::time::Duration;

use super::*;
use crate::audit::fault::FaultReport;
use crate::audit::tally::Tally;

/// What a set of chunks of one run counted: the tally, the chunk ranges it covers, and the first fault met with
/// its chunk. Sets of disjoint chunks merge into the set of their union, byte for byte: this is what a state file
/// holds (`crate::audit::state`), what shards add up and what a resumed run continues.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    pub tally: Tally,
    /// Chunk ranges counted, sorted, disjoint and coalesced.
    pub covered: Vec<Range<u64>>,
    /// The lowest chunk that met a fault, with its report.
    pub fault: Option<(u64, FaultReport)>,
}

impl Counted {
    /// Nothing counted yet.
    pub fn new(config: &RunConfig) -> Self {
        Counted { tally: config.new_tally(), covered: Vec::new(), fault: None }
    }

    /// Adds the counts of other chunks. The caller checks that the chunks are disjoint ([`Self::overlap`]).
    pub fn merge(&mut self, tally: &Tally, covered: &[Range<u64>], fault: Option<(u64, FaultReport)>) {
        self.tally.merge(tally);
        self.covered = coalesce(self.covered.iter().chain(covered).cloned().collect());
        if let Some((chunk, report)) = fault
            && self.fault.as_ref().is_none_or(|(c, _)| chunk < *c)
        {
            self.fault = Some((chunk, report));
        }
    }

    /// The first chunk range counted both here and in `other`, if any.
    pub fn overlap(&self, other: &[Range<u64>]) -> Option<Range<u64>> {
        self.covered.iter().find_map(|a| {
            other.iter().find_map(|b| {
                let (s, e) = (a.start.max(b.start), a.end.min(b.end));
                (s < e).then_some(s..e)
            })
        })
    }

    /// The chunk ranges of `wanted` not counted yet. After a fault, the chunks above the faulty one are not
    /// wanted any more: a run stops at its first fault.
    pub fn missing(&self, wanted: Range<u64>) -> Vec<Range<u64>> {
        let end = match &self.fault {
            Some((chunk, _)) => wanted.end.min(chunk + 1),
            None => wanted.end,
        };
        let mut gaps = Vec::new();
        let mut at = wanted.start;
        for r in &self.covered {
            if r.end <= at || r.start >= end {
                continue;
            }
            if r.start > at {
                gaps.push(at..r.start);
            }
            at = at.max(r.end);
        }
        if at < end {
            gaps.push(at..end);
        }
        gaps
    }

    /// The result of the chunks counted, as a finished run's outcome.
    pub fn into_outcome(self, elapsed: Duration, threads: usize) -> RunOutcome {
        RunOutcome { tally: self.tally, elapsed, fault: self.fault.map(|(_, r)| r), threads }
    }
}

/// Sorted, disjoint ranges with adjacent ones joined.
pub(crate) fn coalesce(mut ranges: Vec<Range<u64>>) -> Vec<Range<u64>> {
    ranges.retain(|r| r.start < r.end);
    ranges.sort_by_key(|r| r.start);
    let mut out: Vec<Range<u64>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

/// Shuffles in the chunk ranges `ranges` of a run of `shuffles` shuffles.
pub(crate) fn shuffles_in(ranges: &[Range<u64>], shuffles: u64) -> u64 {
    ranges
        .iter()
        .map(|r| {
            let end = (r.end * CHUNK_SHUFFLES).min(shuffles);
            end.saturating_sub(r.start * CHUNK_SHUFFLES)
        })
        .sum()
}

/// The chunks a run of `chunks` chunks counts: all of them, or shard `(index, count)`'s share.
pub(crate) fn wanted_chunks(chunks: u64, shard: Option<(u64, u64)>) -> Range<u64> {
    match shard {
        Some((i, k)) => shard_chunks(chunks, i, k),
        None => 0..chunks,
    }
}

/// Shard `index` of `count` (1-based): a contiguous share of the run's chunks, the shares as equal as they can be.
pub fn shard_chunks(chunks: u64, index: u64, count: u64) -> Range<u64> {
    let at = |i: u64| (u128::from(chunks) * u128::from(i) / u128::from(count)) as u64;
    at(index - 1)..at(index)
}
