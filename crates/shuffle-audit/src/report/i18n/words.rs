//! The fixed words of the reports in English and Chinese: headings, column names, captions and axis titles
//! (the [`Words`] tables), what each verdict means, the algorithms' summaries and the sources they come from.

use crate::audit::verdict::Verdict;
use crate::cards::Lang;
use crate::shuffle::AlgorithmKind;

/// The fixed words of the reports in a language: `lang.words()`.
pub trait LangWords {
    fn words(self) -> &'static Words;
}

impl LangWords for Lang {
    fn words(self) -> &'static Words {
        match self {
            Lang::En => &EN,
            Lang::Zh => &ZH,
        }
    }
}

/// Fixed words and phrases of the reports.
pub struct Words {
    pub compare_title: &'static str,
    pub compare_intro: &'static str,
    pub run_title: &'static str,
    pub run_intro: &'static str,
    pub sweep_title: &'static str,
    pub sweep_intro: &'static str,
    pub how_to_read: &'static str,
    pub h_summary: &'static str,
    pub h_same_scale: &'static str,
    pub same_scale_caption: &'static str,
    pub h_algorithms: &'static str,
    pub h_where_from: &'static str,
    pub h_verdict: &'static str,
    pub h_heatmap: &'static str,
    pub heatmap_caption: &'static str,
    pub h_statistics: &'static str,
    pub h_detect: &'static str,
    pub detect_method: &'static str,
    pub h_sources: &'static str,
    /// The heading of the section on predictability.
    pub h_predictability: &'static str,
    /// Why passing the statistics does not make a deal unpredictable, and what duplicate decks show.
    pub predictability: [&'static str; 3],
    pub col_algorithm: &'static str,
    pub col_rng: &'static str,
    pub col_deck: &'static str,
    pub col_shuffles: &'static str,
    pub col_verdict: &'static str,
    pub col_expected: &'static str,
    pub col_global_p: &'static str,
    pub col_worst: &'static str,
    pub col_why: &'static str,
    pub col_test: &'static str,
    pub col_statistic: &'static str,
    pub col_df: &'static str,
    pub col_p: &'static str,
    pub col_adjusted_p: &'static str,
    /// The header of the column that says what a row's p is (one-sided, two-sided and its tail).
    pub col_sides: &'static str,
    pub one_sided: &'static str,
    pub one_sided_worst: &'static str,
    /// A two-tailed test whose lower tail this run's size cannot judge (too few shuffles or degrees of freedom).
    pub upper_only: &'static str,
    pub two_sided: &'static str,
    pub two_sided_worst: &'static str,
    pub two_sided_upper: &'static str,
    pub two_sided_lower: &'static str,
    pub col_swaps: &'static str,
    pub col_fixed_points: &'static str,
    pub col_expected_fixed_points: &'static str,
    pub col_expected_statistic: &'static str,
    pub not_reproduced: &'static str,
    pub too_uniform: &'static str,
    pub heatmap_title: &'static str,
    pub adjacency_title: &'static str,
    pub adjacency_caption: &'static str,
    pub axis_first_card: &'static str,
    pub axis_next_card: &'static str,
    pub axis_position: &'static str,
    pub axis_card: &'static str,
    pub legend_title: &'static str,
    pub no_data: &'static str,
    pub sweep_fixed_title: &'static str,
    pub sweep_statistic_title: &'static str,
    pub axis_swaps: &'static str,
    pub axis_fixed_points: &'static str,
    pub axis_statistic: &'static str,
    pub series_observed: &'static str,
    pub series_expected: &'static str,
    pub progressive_title: &'static str,
    pub axis_sample_size: &'static str,
    pub axis_minus_log10_p: &'static str,
    pub footer: &'static str,
}

const EN: Words = Words {
    compare_title: "shuffle-audit: which shuffles are fair, and by how much the others are not",
    compare_intro: "Each row is one shuffling loop as its source wrote it, driven by a named generator with a fixed \
                    seed and run many times. The statistics decide; the pictures show where the bias lives.",
    run_title: "shuffle-audit: one shuffle, audited",
    run_intro: "One shuffling loop, shuffled many times from a fresh deck, counted and tested. The statistics \
                decide; the pictures show where the bias lives.",
    sweep_title: "shuffle-audit: how many swaps make a shuffle?",
    sweep_intro: "The same loop of random swaps, run with more and more swaps. A fair shuffle leaves one card in \
                  its place on average; random transpositions reach that only near (1/2)·n·ln n swaps \
                  (Diaconis & Shahshahani, 1981). Dots are measured, dashed lines are the exact expectation.",
    how_to_read: "PASS: no test finds a bias at this sample size. SUSPICIOUS: the family-wise p (Holm) is below \
                  1e-3; re-run with an independent seed before believing it. FAIL: below 1e-9, a bias beyond \
                  doubt. BROKEN: the loop does not produce permutations or does not terminate. A statistic that \
                  is too small (too uniform) counts as much as one too large.",
    h_summary: "Summary",
    h_same_scale: "Where cards land, every shuffle on one scale",
    same_scale_caption: "Each panel is the position-by-card matrix of one row: card ids left to right, positions \
                         top to bottom, observed/expected on the same colour scale. A fair shuffle is an even \
                         grey. Notice what the picture cannot show: Fisher–Yates with MSVC's 15-bit rand() looks \
                         as flat as the fair ones, yet the test finds its 0.3% bias. A picture alone misleads; \
                         the statistics decide.",
    h_algorithms: "Every shuffle, one by one",
    h_where_from: "Where it comes from",
    h_verdict: "Verdict",
    h_heatmap: "Where each card lands",
    heatmap_caption: "Rows are positions in the shuffled deck, columns are cards (in their starting order, so the \
                      diagonal is \"the card stayed where it was\"). Red: more often than chance; blue: less \
                      often. The scale is chosen per shuffle and never finer than 8 standard deviations of \
                      sampling noise, so noise stays pale.",
    h_statistics: "What the statistics say",
    h_detect: "How many shuffles it takes to see the bias",
    detect_method: "Method: the global position-by-card statistic exceeds its degrees of freedom by an amount \
                    that grows in proportion to the number of shuffles when a bias is real. Extrapolating the \
                    observed excess gives the sample size at which the expected statistic crosses the FAIL \
                    threshold (about even odds of seeing FAIL there); an excess within three standard deviations \
                    of noise is not extrapolated, it only bounds how small the bias must be.",
    h_sources: "Sources",
    h_predictability: "Passing the statistics does not make a deal unpredictable",
    predictability: [
        "Every test on this page asks whether the decks look like draws from all orders of the cards, each equally \
         likely. A dealer can pass all of them and still be predictable: if it seeds its generator from the clock \
         (srand(time(NULL))) or from any small number, each deck is one of only as many decks as there are seeds. \
         A player who sees their own hand and roughly knows when the deal happened can try every seed, find the \
         ones that deal that hand, and read every other hand from them.",
        "One symptom is visible from the decks alone: a dealer that reseeds before every deal from S seeds repeats \
         decks. Among M decks there are about M²/(2S) repeated pairs: about 233 in a million decks for MSVC's \
         rand() seeded from 2^32 seeds (seeds s and s + 2^31 deal the same deck), 5,790 for milliseconds since \
         midnight, and essentially none (10^-56) for a fair shuffle of 52 cards. The duplicate-decks test counts \
         them among the first 2^20 decks of a run and says which seed space a count implies.",
        "No repeat does not prove a deal unpredictable: a dealer seeded once from the clock deals decks that never \
         repeat, yet its seed can be searched. Only a generator seeded with enough entropy (a cryptographic \
         generator seeded from the operating system) makes the other hands unknowable.",
    ],
    col_algorithm: "algorithm",
    col_rng: "generator",
    col_deck: "deck",
    col_shuffles: "shuffles",
    col_verdict: "verdict",
    col_expected: "expected",
    col_global_p: "position-card p (two-sided)",
    col_worst: "worst obs/exp",
    col_why: "why",
    col_test: "test",
    col_statistic: "statistic",
    col_df: "df",
    col_p: "test p",
    col_adjusted_p: "Holm-adjusted p",
    col_sides: "sides",
    one_sided: "one-sided",
    one_sided_worst: "1-sided, worst",
    upper_only: "upper only (few)",
    two_sided: "two-sided",
    two_sided_worst: "2-sided, worst",
    two_sided_upper: "two-sided (high)",
    two_sided_lower: "two-sided (low)",
    col_swaps: "swaps",
    col_fixed_points: "mean fixed points",
    col_expected_fixed_points: "expected",
    col_expected_statistic: "expected statistic",
    not_reproduced: "NOT REPRODUCED",
    too_uniform: "too uniform",
    heatmap_title: "Position by card: observed / expected",
    adjacency_title: "Card b right after card a: observed / expected",
    adjacency_caption: "Each cell counts how often card b (across) lies immediately after card a (down), against \
         the fair N/n. A fair shuffle is pale everywhere; a shuffle that keeps the order of the cards (a cut, a \
         few swaps) shows a red line just right of the diagonal, even when every position looks fair.",
    axis_first_card: "card a",
    axis_next_card: "card b, right after a",
    axis_position: "position",
    axis_card: "card",
    legend_title: "observed / expected (log scale)",
    no_data: "cannot happen",
    sweep_fixed_title: "Mean fixed points against the number of swaps",
    sweep_statistic_title: "Global position-by-card statistic against the number of swaps",
    axis_swaps: "swaps per shuffle",
    axis_fixed_points: "mean fixed points",
    axis_statistic: "X²·(n−1)/n (log scale)",
    series_observed: "observed",
    series_expected: "exact expectation",
    progressive_title: "Evidence against the sample size",
    axis_sample_size: "shuffles (log scale)",
    axis_minus_log10_p: "−log10 p (log scale)",
    footer: "Generated by shuffle-audit. Every number on this page can be reproduced with the command shown \
             under each heading.",
};

const ZH: Words = Words {
    compare_title: "shuffle-audit：哪些洗牌算法是公平的，其余的偏差有多大",
    compare_intro: "每一行是一种洗牌循环，完全按出处的写法实现，用指定的随机数发生器和固定种子运行很多次。\
                    结论由统计检验给出；图只用来说明偏差出现在哪里。",
    run_title: "shuffle-audit：一次洗牌审计",
    run_intro: "一种洗牌循环，每次从新牌开始洗很多次，统计并检验。结论由统计检验给出；图只用来说明偏差出现在哪里。",
    sweep_title: "shuffle-audit：要交换多少次才算洗匀？",
    sweep_intro: "同一个随机交换循环，交换次数越来越多。公平的洗牌平均只有 1 张牌留在原位；\
                  随机对换要到大约 (1/2)·n·ln n 次才能洗匀（Diaconis 与 Shahshahani，1981）。\
                  圆点是实测值，虚线是精确的期望值。",
    how_to_read: "PASS（通过）：在这个样本量下没有检验发现偏差。SUSPICIOUS（可疑）：整体 p 值（Holm 校正）\
                  低于 1e-3，请换一个独立的种子重跑再下结论。FAIL（失败）：低于 1e-9，偏差确定无疑。\
                  BROKEN（损坏）：循环产生的不是排列，或者永远不会结束。统计量过小（过于均匀）与过大同样可疑。",
    h_summary: "概览",
    h_same_scale: "牌落在哪里：所有洗牌使用同一色标",
    same_scale_caption: "每个小图是一行结果的“位置 × 牌”矩阵：从左到右是牌的编号，从上到下是位置，\
                         颜色表示观测/期望，色标相同。公平的洗牌是一片均匀的灰色。请注意图看不出来的东西：\
                         用 MSVC 15 位 rand() 的 Fisher–Yates 看起来和公平的一样平，但检验发现了它 0.3% 的偏差。\
                         只看图会误导，结论要看统计。",
    h_algorithms: "逐个查看每种洗牌",
    h_where_from: "出处",
    h_verdict: "判定",
    h_heatmap: "每张牌落在哪里",
    heatmap_caption: "行是洗好后牌堆中的位置，列是牌（按初始顺序排列，所以对角线表示“这张牌留在原位”）。\
                      红色：比随机情况多；蓝色：比随机情况少。每种洗牌单独选择色标，但不会细于抽样噪声的 \
                      8 个标准差，所以噪声只显示为很淡的颜色。",
    h_statistics: "统计检验说明",
    h_detect: "需要洗多少次才能看出偏差",
    detect_method: "方法：如果偏差真实存在，全局“位置 × 牌”统计量超出其自由度的部分会与洗牌次数成正比增长。\
                    按观测到的超出量外推，得到期望统计量越过 FAIL 阈值时的样本量（在那里大约有一半机会判定 FAIL）；\
                    若超出量在噪声的三个标准差以内，则不做外推，只给出偏差大小的上界所对应的下限。",
    h_sources: "出处说明",
    h_predictability: "通过统计检验，不等于发牌无法预测",
    predictability: [
        "本页的每一项检验都只问一件事：这些牌看起来是否像从所有牌序中等可能地抽出来的。一个发牌程序可以通过全部检验，\
         却仍然可以被预测：如果它用时钟（srand(time(NULL))）或任何很小的数来设置随机数种子，那么每一副牌都只可能是\
         与种子个数一样多的几副牌之一。看到自己手牌、又大致知道发牌时间的玩家，可以逐个尝试每个种子，找出能发出这手牌的\
         种子，再由它读出其他所有人的牌。",
        "只看牌本身也能发现一个征兆：每一局都从 S 个种子中重新设置种子的发牌程序会发出重复的牌。M 副牌中大约有 \
         M²/(2S) 对重复：用 2^32 个种子设置 MSVC 的 rand()（种子 s 与 s + 2^31 发出同一副牌），一百万副牌中约有 \
         233 对；用午夜以来的毫秒数做种子约有 5,790 对；而 52 张牌的公平洗牌几乎为零（10^-56）。重复牌检验 \
         （duplicate-decks）统计一次运行前 2^20 副牌中的重复，并给出这个数目所对应的种子空间。",
        "没有重复也不能证明发牌无法预测：只用时钟设置一次种子的发牌程序发出的牌从不重复，但它的种子仍然可以被搜索出来。\
         只有用足够的熵来设置种子的随机数发生器（由操作系统提供种子的密码学随机数发生器），才能让别人的牌无从得知。",
    ],
    col_algorithm: "算法",
    col_rng: "随机数发生器",
    col_deck: "牌数",
    col_shuffles: "洗牌次数",
    col_verdict: "判定",
    col_expected: "预期判定",
    col_global_p: "position-card p 值（双侧）",
    col_worst: "最大偏离（观测/期望）",
    col_why: "原因",
    col_test: "检验",
    col_statistic: "统计量",
    col_df: "自由度",
    col_p: "检验 p 值",
    col_adjusted_p: "Holm 校正 p 值",
    col_sides: "单/双侧",
    one_sided: "单侧",
    one_sided_worst: "单侧，最差者",
    upper_only: "仅上尾（样本少）",
    two_sided: "双侧",
    two_sided_worst: "双侧，最差者",
    two_sided_upper: "双侧（偏大）",
    two_sided_lower: "双侧（偏小）",
    col_swaps: "交换次数",
    col_fixed_points: "平均不动点数",
    col_expected_fixed_points: "期望值",
    col_expected_statistic: "统计量期望值",
    not_reproduced: "未复现",
    too_uniform: "过于均匀",
    heatmap_title: "位置 × 牌：观测 / 期望",
    adjacency_title: "牌 b 紧跟在牌 a 之后：观测 / 期望",
    adjacency_caption: "每格统计牌 b（横轴）紧跟在牌 a（纵轴）之后出现的次数，与公平值 N/n 相比。公平的洗牌处处颜色很淡；\
         保留了牌序的洗牌（切牌、交换次数太少）会在对角线右侧出现一条红线，即使每个位置看起来都很公平。",
    axis_first_card: "牌 a",
    axis_next_card: "紧跟其后的牌 b",
    axis_position: "位置",
    axis_card: "牌",
    legend_title: "观测 / 期望（对数色标）",
    no_data: "不可能出现",
    sweep_fixed_title: "平均不动点数与交换次数",
    sweep_statistic_title: "全局“位置 × 牌”统计量与交换次数",
    axis_swaps: "每次洗牌的交换次数",
    axis_fixed_points: "平均不动点数",
    axis_statistic: "X²·(n−1)/n（对数坐标）",
    series_observed: "实测",
    series_expected: "精确期望",
    progressive_title: "证据强度与样本量",
    axis_sample_size: "洗牌次数（对数坐标）",
    axis_minus_log10_p: "−log10 p（对数坐标）",
    footer: "由 shuffle-audit 生成。本页每个数字都可以用各标题下给出的命令复现。",
};

/// What a verdict means, in one sentence.
pub(crate) fn verdict_meaning(lang: Lang, v: Verdict) -> &'static str {
    match (lang, v) {
        (Lang::En, Verdict::Pass) => "No test finds a bias at this sample size.",
        (Lang::En, Verdict::Suspicious) => {
            "A test is below the SUSPICIOUS threshold: re-run with an independent seed and more shuffles; a real \
             bias grows with the number of shuffles, a false alarm does not."
        }
        (Lang::En, Verdict::Fail) => {
            "The shuffle is biased beyond reasonable doubt (family-wise p below the FAIL \
                                      threshold)."
        }
        (Lang::En, Verdict::Broken) => "The loop is broken: it does not produce permutations or does not finish.",
        (Lang::Zh, Verdict::Pass) => "在这个样本量下，没有任何检验发现偏差。",
        (Lang::Zh, Verdict::Suspicious) => {
            "有检验低于“可疑”阈值：请换一个独立的种子、用更多次洗牌重跑；真实的偏差会随洗牌次数增长，误报不会。"
        }
        (Lang::Zh, Verdict::Fail) => "这种洗牌确定有偏差（整体 p 值低于 FAIL 阈值）。",
        (Lang::Zh, Verdict::Broken) => "这个循环是坏的：它产生的不是排列，或者永远不会结束。",
    }
}

/// An algorithm's one-line summary in the report language.
pub(crate) fn algorithm_summary(lang: Lang, kind: AlgorithmKind) -> &'static str {
    let info = kind.info();
    match lang {
        Lang::En => info.summary,
        Lang::Zh => info.summary_zh,
    }
}

/// The sources the algorithms come from, keyed as in `list` (S1 … S5, K).
pub(crate) fn sources(lang: Lang) -> [(&'static str, &'static str); 6] {
    match lang {
        Lang::En => [
            (
                "S1",
                "A C tutorial on a 斗牛 (Niu-Niu) dealer: 52 cards, three successive versions (direct draw, marked-array retry, Fisher–Yates), and the advice to \"start dealing from the 7th card\" to hide any bias.",
            ),
            (
                "S2",
                "A Python article: Fisher–Yates with randint(0, i), round-robin dealing, and a 斗地主 deal of 54 cards.",
            ),
            ("S3", "A C++ post with three shuffles: random position with retry, random pair swaps, vector erase."),
            (
                "S4",
                "A C++ class for 54 cards that \"washes\" the deck with random pair swaps, 54 by default (\"108 if unsure\").",
            ),
            (
                "S5",
                "斗地主 material: 54 cards in rank order, a forward swap shuffle, random numbers regenerated on duplicates.",
            ),
            (
                "K",
                "Classic counter-examples from the literature, for teaching: the naive swap (Bostock's \"Will It Shuffle?\", Atwood) and the off-by-one swap behind a 1999 online-poker exploit.",
            ),
        ],
        Lang::Zh => [
            (
                "S1",
                "一篇讲斗牛发牌程序的 C 语言教程：52 张牌，先后三个版本（直接抽取、标记数组重试、Fisher–Yates），并建议“从第 7 张牌开始发”来掩盖偏差。",
            ),
            ("S2", "一篇 Python 文章：用 randint(0, i) 的 Fisher–Yates、轮流发牌，以及 54 张牌的斗地主发牌。"),
            ("S3", "一篇 C++ 博文中的三种洗牌：随机位置加重试、随机两两交换、从 vector 中删除。"),
            ("S4", "一个 54 张牌的 C++ 类，用随机两两交换来“洗牌”，默认 54 次（“不放心就 108 次”）。"),
            ("S5", "斗地主资料：54 张牌按大小编号、正序交换洗牌、重复时重新生成随机数。"),
            (
                "K",
                "文献中的经典反例，用于教学：朴素交换（Bostock 的 “Will It Shuffle?”、Atwood）以及 1999 年在线扑克漏洞中的差一交换。",
            ),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_has_a_chinese_summary() {
        for kind in AlgorithmKind::ALL {
            let zh = algorithm_summary(Lang::Zh, kind);
            assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{kind}: {zh}");
        }
    }
}
