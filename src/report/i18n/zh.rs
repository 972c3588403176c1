//! The findings of the tests in Chinese: the headline of the tables and the explanation of the pages, each
//! rendered from a test's [`Finding`], with Chinese card names (黑桃A, 小王).

use crate::cards::{Card, NameStyle, card_name};
use crate::stats::TestResult;
use crate::stats::finding::Finding;

use super::times;

fn name(c: usize, n: usize) -> String {
    card_name(c as Card, n, NameStyle::Chinese)
}

/// A short phrase for tables.
pub fn headline(t: &TestResult) -> String {
    match &t.finding {
        Finding::PositionCard { n, most, least, .. } => {
            let ((lo, (p_lo, c_lo)), (hi, (p_hi, c_hi))) = (*least, *most);
            format!("{} 在位置 {p_hi}：{}；{} 在位置 {p_lo}：{}", name(c_hi, *n), times(hi), name(c_lo, *n), times(lo))
        }
        _ => explanation(t),
    }
}

/// One sentence in plain words.
pub fn explanation(t: &TestResult) -> String {
    match &t.finding {
        Finding::PositionCard { n, most, least, within_noise, .. } => {
            let ((lo, (p_lo, c_lo)), (hi, (p_hi, c_hi))) = (*least, *most);
            if *within_noise {
                format!(
                    "每张牌落在每个位置的频率都在随机波动范围内：偏离最大的是 {} 在位置 {p_hi}，比公平情况多 {:.2}%，属于噪声。",
                    name(c_hi, *n),
                    (hi - 1.0) * 100.0
                )
            } else {
                format!(
                    "有些牌偏爱某些位置：{} 落在位置 {p_hi} 的次数是应有的 {}，而 {} 落在位置 {p_lo} 只有 {}。",
                    name(c_hi, *n),
                    times(hi),
                    name(c_lo, *n),
                    times(lo)
                )
            }
        }
        Finding::PositionWorst { position, ratio, .. } => {
            format!("最不均匀的位置是位置 {position}：其中偏离最大的一格比公平情况 {:+.2}%。", (ratio - 1.0) * 100.0)
        }
        Finding::CardWorst { n, card, ratio, .. } => format!(
            "最不均匀的牌是 {}：它偏离最大的一个位置比公平情况 {:+.2}%。",
            name(*card, *n),
            (ratio - 1.0) * 100.0
        ),
        _ => super::en::explanation(t),
    }
}
