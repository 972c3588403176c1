//! Dealing schemes and the position → seat map they define.

use serde::Serialize;

use super::DealConfig;
use crate::game::Lang;
use crate::stats::finding::DealGroup;

crate::names::named_enum! {
    /// How the dealt cards are handed out.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Scheme("scheme") {
        /// Seat p gets `d[p·H .. (p+1)·H)` (S1, S5).
        Block => "block",
        /// Card i (i < P·H) goes to seat `i % P` (S2, S3).
        RoundRobin => "round-robin",
    }
}

impl Scheme {
    pub fn describe(self) -> &'static str {
        match self {
            Scheme::Block => "in blocks",
            Scheme::RoundRobin => "round-robin",
        }
    }
}

/// Where a group of positions ends up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// A player's hand (0-based seat).
    Seat(usize),
    /// The bottom cards (底牌).
    Bottom,
    /// The cards left in the deck.
    Undealt,
}

impl Group {
    /// `seat 1`, `bottom`, `undealt`; in Chinese 玩家1, 底牌, 未发.
    pub fn name(self, lang: Lang) -> String {
        match (self, lang) {
            (Group::Seat(s), Lang::En) => format!("seat {}", s + 1),
            (Group::Bottom, Lang::En) => "bottom".into(),
            (Group::Undealt, Lang::En) => "undealt".into(),
            (Group::Seat(s), Lang::Zh) => format!("玩家{}", s + 1),
            (Group::Bottom, Lang::Zh) => "底牌".into(),
            (Group::Undealt, Lang::Zh) => "未发".into(),
        }
    }
}

impl From<Group> for DealGroup {
    fn from(g: Group) -> Self {
        match g {
            Group::Seat(s) => DealGroup::Seat(s),
            Group::Bottom => DealGroup::Bottom,
            Group::Undealt => DealGroup::Undealt,
        }
    }
}

impl From<DealGroup> for Group {
    fn from(g: DealGroup) -> Self {
        match g {
            DealGroup::Seat(s) => Group::Seat(s),
            DealGroup::Bottom => Group::Bottom,
            DealGroup::Undealt => Group::Undealt,
        }
    }
}

/// The groups of a deal and the positions each receives. Groups are numbered seats first (0..P), then the
/// bottom (if any), then the undealt rest (if any), so that every position belongs to exactly one group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatMap {
    pub n: usize,
    pub groups: Vec<Group>,
    /// The group of every position.
    pub group_of: Vec<u16>,
    /// The positions of every group, in dealing order.
    pub positions: Vec<Vec<usize>>,
}

impl SeatMap {
    pub fn new(config: &DealConfig) -> Self {
        let (n, p, h, b) = (config.deck, config.players, config.hand, config.bottom);
        let mut groups: Vec<Group> = (0..p).map(Group::Seat).collect();
        if b > 0 {
            groups.push(Group::Bottom);
        }
        if p * h + b < n {
            groups.push(Group::Undealt);
        }
        let mut group_of = vec![0u16; n];
        for (i, g) in group_of.iter_mut().enumerate() {
            *g = if i < p * h {
                match config.scheme {
                    Scheme::Block => (i / h) as u16,
                    Scheme::RoundRobin => (i % p) as u16,
                }
            } else if i < p * h + b {
                p as u16
            } else {
                (groups.len() - 1) as u16
            };
        }
        let mut positions = vec![Vec::new(); groups.len()];
        for (i, &g) in group_of.iter().enumerate() {
            positions[usize::from(g)].push(i);
        }
        SeatMap { n, groups, group_of, positions }
    }

    pub fn players(&self) -> usize {
        self.groups.iter().filter(|g| matches!(g, Group::Seat(_))).count()
    }

    /// The bottom's group index, if the deal has bottom cards.
    pub fn bottom(&self) -> Option<usize> {
        self.groups.iter().position(|g| *g == Group::Bottom)
    }

    /// The deck positions of each seat, in seat order.
    pub fn seat_positions(&self) -> Vec<Vec<usize>> {
        self.groups
            .iter()
            .zip(&self.positions)
            .filter(|(g, _)| matches!(g, Group::Seat(_)))
            .map(|(_, p)| p.clone())
            .collect()
    }

    /// The deck positions of the bottom cards (none when the deal has no bottom).
    pub fn bottom_positions(&self) -> Vec<usize> {
        self.bottom().map(|b| self.positions[b].clone()).unwrap_or_default()
    }

    /// Cards each group receives per deal.
    pub fn sizes(&self) -> Vec<usize> {
        self.positions.iter().map(Vec::len).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::deal::DealShape;

    #[test]
    fn block_and_round_robin_place_every_position_once() {
        let shape = |scheme| DealShape {
            players: Some(3),
            hand: Some(2),
            bottom: Some(1),
            scheme: Some(scheme),
            order: None,
            cut_card: None,
        };
        let block = DealConfig::new(Game::Custom, Some(9), shape(Scheme::Block)).unwrap().seat_map();
        assert_eq!(block.group_of, vec![0, 0, 1, 1, 2, 2, 3, 4, 4]);
        assert_eq!(block.groups, vec![Group::Seat(0), Group::Seat(1), Group::Seat(2), Group::Bottom, Group::Undealt]);
        let rr = DealConfig::new(Game::Custom, Some(9), shape(Scheme::RoundRobin)).unwrap().seat_map();
        assert_eq!(rr.group_of, vec![0, 1, 2, 0, 1, 2, 3, 4, 4]);
        assert_eq!(rr.positions[1], vec![1, 4]);
        assert_eq!((rr.players(), rr.bottom(), rr.sizes()), (3, Some(3), vec![2, 2, 2, 1, 2]));
        let ddz = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap().seat_map();
        assert_eq!(ddz.positions[3], vec![51, 52, 53]);
        assert_eq!(ddz.positions[2], (34..51).collect::<Vec<_>>());
        assert_eq!(Group::Bottom.name(Lang::Zh), "底牌");
    }
}
