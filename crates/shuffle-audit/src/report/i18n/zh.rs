//! The findings of the tests in Chinese: the headline of the tables and the explanation of the pages, each
//! rendered from a test's [`Finding`], with Chinese card names (黑桃A, 小王). The detail of the files stays
//! English ([`super::en::detail`]). And why an external run is partial, from its [`PartialReason`].

use crate::audit::input::{InputSummary, PartialReason};
use crate::audit::stop::{StopReason, format_duration};
use crate::cards::{Card, NameStyle, card_name, rank_name, suit_name};
use crate::game::douniu::niu_name;
use crate::stats::finding::{CardClass, DealGroup, Finding, HistogramFinding, stands_out};
use crate::stats::{TestId, TestResult};

use super::{Lang, percent, times};

fn name(c: usize, n: usize) -> String {
    card_name(c as Card, n, NameStyle::Chinese)
}

/// `+3.21%`: a ratio's deviation from fair.
fn deviation(ratio: f64) -> String {
    format!("{:+.2}%", (ratio - 1.0) * 100.0)
}

fn seat(s: usize) -> String {
    format!("玩家{}", s + 1)
}

/// A group of a deal as a noun: 玩家1, 底牌, 未发的牌.
fn group(g: DealGroup) -> String {
    match g {
        DealGroup::Seat(s) => seat(s),
        DealGroup::Bottom => "底牌".to_string(),
        DealGroup::Undealt => "未发的牌".to_string(),
    }
}

/// Where a card is: 玩家1手里, 底牌里, 未发的牌里.
fn in_group(g: DealGroup) -> String {
    match g {
        DealGroup::Seat(s) => format!("{}手里", seat(s)),
        DealGroup::Bottom => "底牌里".to_string(),
        DealGroup::Undealt => "未发的牌里".to_string(),
    }
}

/// Where a card goes: 发给玩家1, 进入底牌, 留在未发的牌里.
fn to_group(g: DealGroup) -> String {
    match g {
        DealGroup::Seat(s) => format!("发给{}", seat(s)),
        DealGroup::Bottom => "进入底牌".to_string(),
        DealGroup::Undealt => "留在未发的牌里".to_string(),
    }
}

fn class(c: CardClass) -> String {
    match c {
        CardClass::Suit(k) => suit_name(k, NameStyle::Chinese).to_string(),
        CardClass::Rank(k) => format!("点数 {}", rank_name(k)),
        CardClass::Jokers => "大小王".to_string(),
        CardClass::Other(k) => format!("第 {k} 类"),
    }
}

/// `花色` or `点数`.
fn class_word(test: TestId) -> &'static str {
    if test == TestId::SuitByPosition { "花色" } else { "点数" }
}

fn order(deck: &[Card]) -> String {
    deck.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

fn favoured(gains: bool) -> &'static str {
    if gains { "这个座位占了便宜" } else { "这个座位吃了亏" }
}

/// What a seat count of 斗地主 is about: the event of `rocket-seat` and `bomb-seat`; the unit and the thing
/// counted by `big-cards-seat` and `bombs-per-hand`.
fn seat_event(test: TestId) -> &'static str {
    if test == TestId::RocketSeat { "拿到王炸" } else { "拿到炸弹" }
}

fn seat_count(test: TestId) -> (&'static str, &'static str) {
    if test == TestId::BigCardsSeat { ("张", "大牌（A、2、王）") } else { ("个", "炸弹") }
}

fn histogram_headline(test: TestId, h: &HistogramFinding) -> String {
    let (v, ratio) = h.worst;
    match test {
        TestId::FixedPoints if super::mean_is_off(test, h) => {
            format!("平均每副牌 {:.2} 个不动点（公平：1）", h.mean)
        }
        TestId::FixedPoints => format!("{v} 个不动点：出现次数是公平情况的 {}", times(ratio)),
        TestId::Cycles => match h.never {
            Some((k, e)) => {
                format!("从未出现 {k} 个循环（期望 {e:.0} 次）；平均 {:.2} 个（公平 {:.2}）", h.mean, h.fair_mean)
            }
            None => format!("平均 {:.2} 个循环（公平 {:.2}）；{v} 个循环：{}", h.mean, h.fair_mean, times(ratio)),
        },
        _ if super::mean_is_off(test, h) => format!("平均 {:.2} 个上升序列（公平 {:.1}）", h.mean, h.fair_mean),
        _ => format!("{v} 个上升序列：出现次数是公平情况的 {}", times(ratio)),
    }
}

/// A short phrase for tables.
pub(super) fn headline(t: &TestResult) -> String {
    match &t.finding {
        Finding::DuplicateDecks { decks, repeats, seed_space, .. } => match seed_space.estimate {
            None => format!("前 {decks} 副牌中没有重复的牌"),
            Some(s) => format!("前 {decks} 副牌中有 {repeats} 副重复：只有约 {} 种可能的牌序", super::pow2(s)),
        },
        Finding::PositionCard { most, least, noise_band, .. }
            if noise_band.is_finite() && !stands_out(most.0, *noise_band) && !stands_out(least.0, *noise_band) =>
        {
            format!("没有哪个格子突出：每格都在公平值的 ±{} 以内", super::percent(*noise_band))
        }
        Finding::PositionCard { n, most, least, .. } => {
            let ((lo, (p_lo, c_lo)), (hi, (p_hi, c_hi))) = (*least, *most);
            format!("{} 在位置 {p_hi}：{}；{} 在位置 {p_lo}：{}", name(c_hi, *n), times(hi), name(c_lo, *n), times(lo))
        }
        Finding::PositionWorst { position, ratio, .. } => {
            format!("位置 {position} 最不均匀：最大偏离 {}", times(*ratio))
        }
        Finding::CardWorst { n, card, ratio, .. } => {
            format!("{} 最不均匀：最大偏离 {}", name(*card, *n), times(*ratio))
        }
        Finding::Adjacency { n, most: (a, b, hi), .. } => {
            format!("{} 紧跟在 {} 之后：{}", name(*b, *n), name(*a, *n), times(*hi))
        }
        Finding::Parity { odd, decks, share, .. } => match (*odd, decks - odd) {
            (0, _) => "从不出现奇排列".to_string(),
            (_, 0) => "从不出现偶排列".to_string(),
            _ => format!("奇排列占 {:.3}%（公平：50%）", 100.0 * share),
        },
        Finding::FixedPoints(h) | Finding::Cycles(h) | Finding::RisingSequences(h) => histogram_headline(t.test, h),
        Finding::Inversions { shift, percent_inverted, .. } => {
            format!("{percent_inverted:.1}% 的牌对顺序颠倒（公平 50%），偏移 {shift:+.3} 个标准差")
        }
        Finding::FullPermutation { orders, expected, most, never, .. } => {
            if super::orders_never_seen(*never, *expected) {
                format!("{orders} 种牌序中有 {never} 种从未出现")
            } else {
                format!("牌序 {} 出现的次数是公平情况的 {}", order(&most.0), times(most.1))
            }
        }
        Finding::ClassByPosition { ratio, noise_band, .. }
            if noise_band.is_finite() && !stands_out(*ratio, *noise_band) =>
        {
            format!("没有哪个格子突出：每格都在公平值的 ±{} 以内", super::percent(*noise_band))
        }
        Finding::ClassByPosition { class: c, position, ratio, .. } => {
            format!("{} 在位置 {position}：{}", class(*c), times(*ratio))
        }
        Finding::SerialCorrelation { from, to, ratio, correlation: r, .. } => {
            format!("位置 {from} → 下一副牌的位置 {to}：{}；r = {r:+.3}", times(*ratio))
        }
        Finding::BottomJoker { rate, fair_rate, .. } => {
            format!("底牌含王的比例 {}，公平值 {}", percent(*rate), percent(*fair_rate))
        }
        Finding::SeatRate { seat: s, counts, deals, fair_rate, .. } => format!(
            "{}{}的比例 {}，公平值 {}",
            seat(*s),
            seat_event(t.test),
            percent(counts[*s] as f64 / *deals as f64),
            percent(*fair_rate)
        ),
        Finding::SeatMean { seat: s, means, fair_mean, .. } => {
            let (unit, what) = seat_count(t.test);
            format!("{} 平均每手 {:.3} {unit}{what}，公平值 {fair_mean:.3}", seat(*s), means[*s])
        }
        Finding::NiuSeat { seat: s, counts, deals, value, fair_rate, .. } => format!(
            "{}拿到{}的比例 {}，公平值 {}",
            seat(*s),
            niu_name(*value, Lang::Zh),
            percent(counts[*value] as f64 / *deals as f64),
            percent(*fair_rate)
        ),
        Finding::SeatCard { n, most, least, .. } => {
            let ((lo, (g_lo, c_lo)), (hi, (g_hi, c_hi))) = (*least, *most);
            format!(
                "{} {}：{}；{} {}：{}",
                name(c_hi, *n),
                to_group(g_hi),
                times(hi),
                name(c_lo, *n),
                to_group(g_lo),
                times(lo)
            )
        }
        Finding::SeatWorst { n, group: g, card, ratio, .. } => {
            format!("{} 最不均匀：{} 出现的次数是公平情况的 {}", group(*g), name(*card, *n), times(*ratio))
        }
        Finding::CardSeatWorst { n, card, group: g, ratio } => {
            format!("{} {}的次数是公平情况的 {}", name(*card, *n), to_group(*g), times(*ratio))
        }
    }
}

/// One sentence in plain words.
pub(super) fn explanation(t: &TestResult) -> String {
    match &t.finding {
        Finding::DuplicateDecks { decks, repeats, pairs, fair_pairs, seed_space, fair, .. } => {
            if *fair {
                format!(
                    "前 {decks} 副牌中没有任何两副完全相同，符合一个能发出所有牌序的洗牌（公平洗牌预期 {fair_pairs:.1e} \
                     对重复）：这些牌至少来自 {} 种等可能的牌序。但这并不说明发牌不可预测：用时钟做种子的随机数发生器也能通过。",
                    super::pow2(seed_space.low)
                )
            } else {
                format!(
                    "前 {decks} 副牌中有 {repeats} 副与之前的某副牌完全相同（{pairs} 对重复，公平洗牌预期只有 \
                     {fair_pairs:.1e} 对）：这些牌只来自约 {} 种可能的牌序（95% 区间：{}），就像发牌程序每一局都从很小的种子空间\
                     重新设置随机数种子。每一副牌单独看都可能完全均匀，但知道种子空间的人可以列出发牌程序能发出的每一局牌。",
                    super::pow2(seed_space.estimate.unwrap_or(seed_space.low)),
                    super::interval_pow2(seed_space)
                )
            }
        }
        Finding::PositionCard { n, most, least, within_noise, noise_band, shuffles, .. } => {
            let ((lo, (p_lo, c_lo)), (hi, (p_hi, c_hi))) = (*least, *most);
            let out = stands_out(hi, *noise_band) || stands_out(lo, *noise_band);
            if !*within_noise && !out && noise_band.is_finite() {
                let e = super::effect(t, *n, *shuffles);
                format!(
                    "牌的位置整体上有偏：每次洗牌的非中心参数为 {:.3e}（99% 区间 {:.3e}..{:.3e}），相当于每格偏离 ±{:.3}%，\
                     但没有哪个格子超出它的噪声带（±{}）。",
                    e.per_shuffle,
                    e.low,
                    e.high,
                    e.rms_cell * 100.0,
                    super::percent(*noise_band)
                )
            } else if *within_noise {
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
        Finding::PositionWorst { n, position, card, ratio } => format!(
            "最不均匀的位置是位置 {position}：偏离最大的是 {} 落在这里的次数，与公平情况相差 {}。",
            name(*card, *n),
            deviation(*ratio)
        ),
        Finding::CardWorst { n, card, position, ratio } => format!(
            "最不均匀的牌是 {}：偏离最大的是它落在位置 {position} 的次数，与公平情况相差 {}。",
            name(*card, *n),
            deviation(*ratio)
        ),
        Finding::Adjacency { n, most: (a, b, hi), fair, .. } => {
            if *fair {
                format!(
                    "哪张牌跟在哪张牌后面与随机情况一致：最常见的相邻组合（{} 后面是 {}）与公平情况相差 {}，属于噪声。",
                    name(*a, *n),
                    name(*b, *n),
                    deviation(*hi)
                )
            } else {
                format!(
                    "牌原有的先后顺序在洗牌后保留了下来：{} 紧跟在 {} 之后的次数是应有的 {}。\
                     即使每个位置的统计看起来完全公平，也会出现这种情况（切牌正是如此）。",
                    name(*b, *n),
                    name(*a, *n),
                    times(*hi)
                )
            }
        }
        Finding::Parity { odd, decks, share, fair } => {
            if *odd == 0 || odd == decks {
                format!(
                    "全部 {decks} 副牌都是{}排列：有一半的牌序永远不可能由这种洗牌产生\
                     （固定次数的两两交换，每次交换两张不同的牌，得到的排列奇偶性总是相同）。",
                    if *odd == 0 { "偶" } else { "奇" }
                )
            } else if *fair {
                format!("奇排列和偶排列出现得一样多，符合预期（奇排列占 {:.3}%）。", 100.0 * share)
            } else {
                format!("奇排列占 {:.3}%，而不是一半。", 100.0 * share)
            }
        }
        Finding::FixedPoints(h) => {
            let (v, ratio) = h.worst;
            if h.fair {
                format!("留在原位的牌和随机情况一样多（平均每副牌 {:.4} 张，公平值为 1）。", h.mean)
            } else {
                format!(
                    "平均每副牌有 {:.2} 张牌留在原位，而不是 1 张；恰好 {v} 个不动点的情况出现的次数是应有的 {}：\
                     这种洗牌没有把每张牌都充分移动。",
                    h.mean,
                    times(ratio)
                )
            }
        }
        Finding::Cycles(h) => {
            let (v, ratio) = h.worst;
            if h.fair {
                format!("洗好的牌分解成的循环个数与随机排列一致（平均 {:.3} 个，公平值 {:.3}）。", h.mean, h.fair_mean)
            } else if let Some((k, e)) = h.never {
                format!(
                    "没有任何一副牌恰好分解成 {k} 个循环，而公平的洗牌应出现约 {e:.0} 次：\
                     有一整类牌序根本无法产生（循环个数决定了排列的奇偶性）。"
                )
            } else {
                format!(
                    "牌平均分解成 {:.3} 个循环，而不是 {:.3} 个；{v} 个循环出现的次数是应有的 {}。",
                    h.mean,
                    h.fair_mean,
                    times(ratio)
                )
            }
        }
        Finding::Inversions { shift, percent_inverted, fair, .. } => {
            if *fair {
                format!("顺序颠倒的牌对与随机排列一样多（占全部牌对的 {percent_inverted:.2}%，公平值 50%）。")
            } else if super::inversions_shifted(*shift) {
                format!(
                    "这些牌比随机排列{}：顺序颠倒的牌对占 {percent_inverted:.2}%，而不是 50%。",
                    if *shift < 0.0 { "保留了更多的初始顺序" } else { "更多地颠倒了初始顺序" }
                )
            } else {
                "顺序颠倒的牌对数量不符合其精确分布，尽管平均值是对的：某些取值出现得过多或过少。".to_string()
            }
        }
        Finding::RisingSequences(h) => {
            if h.fair {
                format!(
                    "仍按原有顺序排列的连续牌段与随机排列一样多（平均 {:.2} 个，公平值 {:.1}）。",
                    h.mean, h.fair_mean
                )
            } else {
                format!(
                    "平均每副牌有 {:.2} 个上升序列（仍按原有顺序排列的一串连续的牌），而不是 {:.1} 个：\
                     原来的顺序在洗牌后保留了下来，就像鸽尾式洗牌次数太少或只切了牌一样。",
                    h.mean, h.fair_mean
                )
            }
        }
        Finding::FullPermutation { n, orders, expected, most, least, never, fair } => {
            if *fair {
                format!("{n} 张牌的全部 {orders} 种牌序出现得差不多一样多（平均每种 {expected:.1} 次）。")
            } else if super::orders_never_seen(*never, *expected) {
                format!("{orders} 种可能的牌序中有 {never} 种从未出现，而每种本应出现约 {expected:.0} 次。")
            } else {
                format!(
                    "有些牌序受到偏爱：{} 出现的次数是应有的 {}，而 {} 只有 {}。",
                    order(&most.0),
                    times(most.1),
                    order(&least.0),
                    times(least.1)
                )
            }
        }
        Finding::ClassByPosition { class: c, position, ratio, fair, .. } => {
            let what = class_word(t.test);
            if *fair {
                format!(
                    "每种{what}出现在每个位置的频率都在随机波动范围内（偏离最大的是 {} 在位置 {position}，相差 {}）。",
                    class(*c),
                    deviation(*ratio)
                )
            } else {
                format!(
                    "有些{what}偏爱某些位置：{} 出现在位置 {position} 的次数是公平情况的 {}。",
                    class(*c),
                    times(*ratio)
                )
            }
        }
        Finding::SerialCorrelation { from, to, ratio, correlation: r, fair, .. } => {
            if *fair {
                format!(
                    "相邻两副牌互不相关，符合预期：一张牌这一次落在哪里，不能说明它下一次落在哪里（相关系数 {r:+.4}）。"
                )
            } else {
                format!(
                    "相邻两副牌相互关联：这一副牌位置 {from} 上的牌，在下一副牌中落到位置 {to} 的次数是随机情况的 {}\
                     （位置相关系数 {r:+.3}）；随机数发生器的输出序列在重复，或者可以预测。",
                    times(*ratio)
                )
            }
        }
        Finding::BottomJoker { rate, fair_rate, .. } => format!(
            "底牌归地主所有，而底牌里至少有一张王的牌局占 {}，公平值是 {}：地主{}。",
            percent(*rate),
            percent(*fair_rate),
            if rate > fair_rate { "占了便宜" } else { "吃了亏" }
        ),
        Finding::SeatRate { seat: s, counts, deals, fair_rate, .. } => {
            let rate = counts[*s] as f64 / *deals as f64;
            format!(
                "{}在 {} 的牌局中{}，公平值是 {}：{}。",
                seat(*s),
                percent(rate),
                seat_event(t.test),
                percent(*fair_rate),
                favoured(rate > *fair_rate)
            )
        }
        Finding::SeatMean { seat: s, means, fair_mean, .. } => {
            let mean = means[*s];
            let (unit, what) = seat_count(t.test);
            format!(
                "{}平均每手拿到 {mean:.3} {unit}{what}，公平值是 {fair_mean:.3} {unit}（{:+.1}%）：{}。",
                seat(*s),
                (mean / fair_mean - 1.0) * 100.0,
                favoured(mean > *fair_mean)
            )
        }
        Finding::NiuSeat { seat: s, counts, deals, value, fair_rate, .. } => format!(
            "{}的牌不符合公平发牌的概率：{}在它的手牌中占 {}，公平值是 {}。",
            seat(*s),
            niu_name(*value, Lang::Zh),
            percent(counts[*value] as f64 / *deals as f64),
            percent(*fair_rate)
        ),
        Finding::SeatCard { n, most, least, within_noise, .. } => {
            let ((lo, (g_lo, c_lo)), (hi, (g_hi, c_hi))) = (*least, *most);
            if *within_noise {
                format!(
                    "每张牌发到每个座位的频率都在随机波动范围内：偏离最大的组合（{} {}）与公平情况相差 {}，属于噪声。",
                    name(c_hi, *n),
                    to_group(g_hi),
                    deviation(hi)
                )
            } else {
                format!(
                    "有些座位比其他座位更常拿到某些牌：{} {}的次数是应有的 {}，而 {} {}只有 {}。",
                    name(c_hi, *n),
                    to_group(g_hi),
                    times(hi),
                    name(c_lo, *n),
                    to_group(g_lo),
                    times(lo)
                )
            }
        }
        Finding::SeatWorst { n, group: g, card, ratio, .. } => format!(
            "分到的牌最不均匀的是{}：{} 出现在{}的次数与公平情况相差 {}。",
            group(*g),
            name(*card, *n),
            in_group(*g),
            deviation(*ratio)
        ),
        Finding::CardSeatWorst { n, card, group: g, ratio } => format!(
            "去向最不随机的牌是 {}：它{}的次数与公平情况相差 {}。",
            name(*card, *n),
            to_group(*g),
            deviation(*ratio)
        ),
    }
}

/// 外部输入为何不完整：`读到 1200 副牌时被 SIGINT 中止`。
pub(super) fn partial(p: &PartialReason, input: &InputSummary) -> String {
    match p {
        PartialReason::Strict { line } => format!("第 {line} 行是第一副无效的牌，审计在此停止（--strict）"),
        PartialReason::ReadError { line, error } => format!("第 {line} 行之后读取出错：{error}"),
        PartialReason::ProducerFailed { decks } => {
            let ending = match input.producer.as_ref().map(|p| (p.exit_code, p.signal)) {
                Some((Some(c), _)) => format!("以状态 {c} 退出"),
                Some((None, Some(s))) => format!("被信号 {s} 终止"),
                _ => "异常结束".to_string(),
            };
            format!("生成程序在 {decks} 副牌之后{ending}")
        }
        PartialReason::Interrupted { signal, decks } => {
            let name = match signal {
                StopReason::Terminate => "SIGTERM",
                _ => "SIGINT",
            };
            format!("读到 {decks} 副牌时被 {name} 中止")
        }
        PartialReason::TimedOut { limit, decks } => {
            format!("超时：{} 后停止，已读 {decks} 副牌", format_duration(*limit))
        }
    }
}
