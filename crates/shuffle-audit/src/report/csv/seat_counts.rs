//! `seat_counts.csv`: the seat-by-card matrix of a run with a deal, header `group,0,1,…,n-1`, one row per
//! group (`seat 1`, …, `bottom`, `undealt`): how often each card id went there.

use crate::game::Lang;
use crate::game::table::seat_cards::SeatCardCounts;

pub fn render(counts: &SeatCardCounts) -> Vec<u8> {
    render_columns(counts, counts.map().n)
}

/// A shoe written by face: one column per face `0..base`, the copies of a face (ids `f, f + base, …`, numbered
/// in order of appearance) counted together, since which copy is which is not known.
pub fn render_faces(counts: &SeatCardCounts, base: usize) -> Vec<u8> {
    render_columns(counts, base)
}

/// Header `group,0,…,columns-1`; column c sums the ids `c, c + columns, …`.
fn render_columns(counts: &SeatCardCounts, columns: usize) -> Vec<u8> {
    let map = counts.map();
    let n = map.n;
    let mut out = String::from("group");
    for c in 0..columns {
        out.push_str(&format!(",{c}"));
    }
    out.push('\n');
    for (g, group) in map.groups.iter().enumerate() {
        out.push_str(&group.name(Lang::En));
        for c in 0..columns {
            let total: u64 = (c..n).step_by(columns.max(1)).map(|id| counts.get(g, id)).sum();
            out.push_str(&format!(",{total}"));
        }
        out.push('\n');
    }
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::deal::{DealConfig, DealShape, Scheme};

    #[test]
    fn snapshot() {
        let shape = DealShape {
            players: Some(2),
            hand: Some(1),
            bottom: Some(1),
            scheme: Some(Scheme::Block),
            order: None,
            cut_card: None,
        };
        let deal = DealConfig::new(Game::Custom, Some(4), shape).unwrap();
        let mut c = SeatCardCounts::new(&deal.seat_map());
        c.add(&[3, 2, 1, 0]);
        c.add(&[0, 1, 2, 3]);
        let text = String::from_utf8(render(&c)).unwrap();
        assert_eq!(text, "group,0,1,2,3\nseat 1,1,0,0,1\nseat 2,0,1,1,0\nbottom,0,1,1,0\nundealt,1,0,0,1\n");
        // Read as two copies of a 2-card deck: ids 0 and 2 are face 0, ids 1 and 3 face 1.
        let faces = String::from_utf8(render_faces(&c, 2)).unwrap();
        assert_eq!(faces, "group,0,1\nseat 1,1,1\nseat 2,1,1\nbottom,1,1\nundealt,1,1\n");
    }
}
