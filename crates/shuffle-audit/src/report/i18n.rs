//! The words of the reports in English and Chinese (`--lang en|zh`), kept in one place.
//!
//! Most of the material these shuffles come from is Chinese course and blog writing, and its students are a
//! key audience, so headings, verdict explanations and card names (黑桃A, 小王) follow `--lang`. The CSV and
//! JSON files stay English: they are contracts read by programs. Sentences about a run are built here from its
//! numbers, never inside the statistics: every test returns its [`crate::stats::Finding`], and its detail (for
//! the files), headline (for tables) and explanation are rendered from it, in English by the `en` module and in
//! Chinese by the `zh` module, for every test. So both languages say the same thing. The run's own reason and
//! headline come from its `Reason` and the decisive test's finding.

use crate::audit::fault::FaultKind;
use crate::stats::TestId;

use crate::audit::input::InputSummary;
use crate::audit::result::Reason;
use crate::audit::verdict::{AssessedTest, Verdict};
use crate::modes::gate::CheckOutcome;
use crate::report::RunReport;
use crate::shuffle::AlgorithmKind;
use crate::stats::finding::HistogramFinding;
use crate::stats::power::detection::Detection;
use crate::stats::{PSides, Tail, TestResult, format_ln_p};

pub use crate::cards::Lang;

mod en;
mod zh;

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

/// The verdict word, with a Chinese gloss in Chinese: `FAIL` or `FAIL（失败）`.
pub fn verdict_word(lang: Lang, v: Verdict) -> String {
    match lang {
        Lang::En => v.to_string(),
        Lang::Zh => {
            let gloss = match v {
                Verdict::Pass => "通过",
                Verdict::Suspicious => "可疑",
                Verdict::Fail => "失败",
                Verdict::Broken => "损坏",
            };
            format!("{v}（{gloss}）")
        }
    }
}

/// What a verdict means, in one sentence.
pub fn verdict_meaning(lang: Lang, v: Verdict) -> &'static str {
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

/// Digits grouped by thousands: `1,048,576`.
pub fn group_digits(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A rough count in words: `about 95 million`, `约 9500 万`.
pub fn approx_count(lang: Lang, n: f64) -> String {
    let n = n.max(1.0);
    match lang {
        Lang::En => {
            for (scale, word) in [(1e12, "trillion"), (1e9, "billion"), (1e6, "million"), (1e3, "thousand")] {
                if n >= scale {
                    return format!("{} {word}", two_significant(n / scale));
                }
            }
            format!("{}", n.round())
        }
        Lang::Zh => {
            for (scale, word) in [(1e12, "万亿"), (1e8, "亿"), (1e4, "万")] {
                if n >= scale {
                    return format!("{} {word}", two_significant(n / scale));
                }
            }
            format!("{}", n.round())
        }
    }
}

/// At most two significant digits and no trailing zeros: `9.5`, `95`, `950`.
fn two_significant(x: f64) -> String {
    if x >= 100.0 {
        format!("{}", ((x / 10.0).round() * 10.0) as u64)
    } else if x >= 10.0 {
        format!("{}", x.round() as u64)
    } else {
        let s = format!("{x:.1}");
        s.trim_end_matches(".0").to_string()
    }
}

/// The meta line under a card's heading: generator, deck, shuffles, seed; for decks made elsewhere, the deck
/// and the decks read.
pub fn run_meta(lang: Lang, r: &RunReport) -> String {
    let c = &r.config;
    match (c.builtin(), lang) {
        (Some(b), Lang::En) => format!(
            "{} generator, {} cards, {} shuffles, seed {}",
            b.rng,
            c.deck,
            group_digits(r.shuffles_done),
            b.seed
        ),
        (Some(b), Lang::Zh) => format!(
            "随机数发生器 {}，{} 张牌，洗牌 {} 次，种子 {}",
            b.rng,
            c.deck,
            group_digits(r.shuffles_done),
            b.seed
        ),
        (None, Lang::En) => format!("{} cards, {} decks read", c.deck, group_digits(r.shuffles_done)),
        (None, Lang::Zh) => format!("{} 张牌，读入 {} 副牌", c.deck, group_digits(r.shuffles_done)),
    }
}

/// Where the decks of an external run came from.
pub fn external_origin(lang: Lang, label: &str) -> String {
    match lang {
        Lang::En => format!(
            "Decks read from {label}: made by another program, so no built-in algorithm, generator or seed is involved."
        ),
        Lang::Zh => format!("牌从 {label} 读入：由其他程序生成，不涉及内置的洗牌算法、随机数发生器或种子。"),
    }
}

/// The sampling noise of one cell, for the heatmap's notes.
/// The exact heatmap's words: (title, legend caption, note, figure caption).
pub fn exact_heatmap_words(lang: Lang, draws: &str) -> [String; 4] {
    match lang {
        Lang::En => [
            "Position by card: exact probability / uniform".to_string(),
            "exact / uniform (log scale)".to_string(),
            format!("computed without sampling ({draws}); no noise"),
            "The same matrix computed exactly from the algorithm and the law of its draws: what the sampled \
             heatmap converges to as the shuffles grow, on the same colour scale."
                .to_string(),
        ],
        Lang::Zh => [
            "位置 × 牌：精确概率 / 均匀".to_string(),
            "精确 / 均匀（对数刻度）".to_string(),
            format!("不经抽样直接计算（{draws}）；没有噪声"),
            "由算法和随机数分布精确算出的同一矩阵：洗牌次数增加时抽样热图收敛到的样子，色标相同。".to_string(),
        ],
    }
}

/// Why a report shows no exact matrix beside its heatmap, and the command that computes it.
pub fn exact_skipped_note(lang: Lang, label: &str, n: usize, skipped: &crate::audit::exact::SkippedExact) -> String {
    let budget = crate::audit::exact::REPORT_MAX_WORK;
    let (work, command) = (skipped.work, &skipped.command);
    match lang {
        Lang::En => format!(
            "Exact matrix not computed for this report: {label} on {n} cards takes about {work:.1e} double-double \
             operations, {:.0}× the report's budget of {budget:.0e} (about a second). Compute it with `{command}`{}.",
            work / budget,
            if skipped.ideal_draws {
                " (ideal draws: this run's 32-bit draws differ from them by about n/2^32 in each cell)"
            } else {
                ""
            }
        ),
        Lang::Zh => format!(
            "本报告未计算精确矩阵：{label}（{n} 张牌）约需 {work:.1e} 次双双精度运算，是报告预算 {budget:.0e}（约一秒）的 \
             {:.0} 倍。可用 `{command}` 计算{}。",
            work / budget,
            if skipped.ideal_draws {
                "（理想抽样；本次运行的 32 位抽样与之在每格相差约 n/2^32）"
            } else {
                ""
            }
        ),
    }
}

pub fn noise_note(lang: Lang, shuffles: u64, one_sd_percent: f64, clamp_label: &str) -> String {
    match lang {
        Lang::En => format!(
            "{} shuffles; noise in one cell: ±{one_sd_percent:.2}% (1 s.d.); scale clamped at {clamp_label}",
            group_digits(shuffles)
        ),
        Lang::Zh => format!(
            "洗牌 {} 次；单格噪声 ±{one_sd_percent:.2}%（1 个标准差）；色标截断于 {clamp_label}",
            group_digits(shuffles)
        ),
    }
}

/// The number of shuffles needed to see a bias, in words.
pub fn detection(lang: Lang, d: Detection, shuffles_done: u64) -> String {
    match (lang, d) {
        (Lang::En, Detection::Shuffles(n)) if n <= 10.0 => {
            "A handful of shuffles: the bias is visible almost at once.".to_string()
        }
        (Lang::En, Detection::Shuffles(n)) => format!(
            "About {} shuffles{} to reach FAIL; this run used {}.",
            approx_count(lang, n),
            scientific(n),
            group_digits(shuffles_done)
        ),
        (Lang::En, Detection::NotDetectable { at_least }) => format!(
            "Not detectable: at {} shuffles the statistic is within noise. If there is a bias, seeing it would \
             take more than about {} shuffles{}.",
            group_digits(shuffles_done),
            approx_count(lang, at_least),
            scientific(at_least)
        ),
        (Lang::Zh, Detection::Shuffles(n)) if n <= 10.0 => "几次洗牌就够了：偏差几乎立刻可见。".to_string(),
        (Lang::Zh, Detection::Shuffles(n)) => format!(
            "大约需要洗 {} 次{}才会判定 FAIL；本次运行洗了 {} 次。",
            approx_count(lang, n),
            scientific(n),
            group_digits(shuffles_done)
        ),
        (Lang::Zh, Detection::NotDetectable { at_least }) => format!(
            "无法察觉：洗牌 {} 次时统计量处在噪声范围内。即使存在偏差，也要洗大约 {} 次{}以上才能看出来。",
            group_digits(shuffles_done),
            approx_count(lang, at_least),
            scientific(at_least)
        ),
    }
}

/// ` (9.50e7)` for large counts, nothing below ten thousand.
fn scientific(n: f64) -> String {
    if n >= 1e4 { format!(" ({n:.2e})") } else { String::new() }
}

/// A broken run: how many shuffles it takes to see it.
pub fn detection_broken(lang: Lang, first_shuffle: u64) -> String {
    match lang {
        Lang::En => format!("One: shuffle number {first_shuffle} already shows it, no statistics needed."),
        Lang::Zh => format!("一次就够：第 {first_shuffle} 次洗牌就暴露了问题，不需要统计检验。"),
    }
}

/// Why the run got its verdict, in one sentence; an external run that did not see all its input says so first
/// (`PARTIAL (why): …`).
pub fn reason(lang: Lang, r: &RunReport) -> String {
    let why = match lang {
        Lang::En => reason_en(r),
        Lang::Zh => reason_zh(r),
    };
    let partial = r.input.as_ref().and_then(|i| partial_reason(lang, i)).or_else(|| incomplete(lang, r));
    match (partial, lang) {
        (Some(partial), Lang::En) => format!("PARTIAL ({partial}): {why}"),
        (Some(partial), Lang::Zh) => format!("PARTIAL（不完整：{partial}）：{why}"),
        (None, _) => why,
    }
}

/// What a built-in run did not count, in words: `interrupted by SIGINT after 3,276,800 of 10,000,000
/// shuffles`, a shard's share, or the shuffles merged states miss.
pub fn incomplete(lang: Lang, r: &RunReport) -> Option<String> {
    use crate::audit::stop::StopReason;
    let i = r.incomplete.as_ref()?;
    let (counted, planned) = (group_digits(i.counted), group_digits(i.planned));
    let gaps = |and: &str| {
        let mut list: Vec<String> =
            i.missing.iter().take(3).map(|[a, b]| format!("{}..={}", group_digits(*a), group_digits(*b))).collect();
        if i.missing.len() > 3 {
            list.push(format!("… ({} ranges)", i.missing.len()));
        }
        list.join(and)
    };
    Some(match (lang, i.stopped, i.shard) {
        (Lang::En, Some(s), _) => format!("{} after {counted} of {planned} shuffles", s.stopped_by()),
        (Lang::En, None, Some([k, n])) => format!("shard {k} of {n}: {counted} of the run's {planned} shuffles"),
        (Lang::En, None, None) => format!("the states miss shuffles {}: {counted} of {planned} counted", gaps(", ")),
        (Lang::Zh, Some(StopReason::Timeout), _) => format!("时间限制已到：完成 {counted} / {planned} 次洗牌"),
        (Lang::Zh, Some(s), _) => format!("被 {} 中断：完成 {counted} / {planned} 次洗牌", s.label()),
        (Lang::Zh, None, Some([k, n])) => format!("分片 {k}/{n}：全程 {planned} 次洗牌中的 {counted} 次"),
        (Lang::Zh, None, None) => format!("合并的状态缺少第 {} 次洗牌：完成 {counted} / {planned} 次", gaps("、")),
    })
}

/// Why an external run did not see its whole input, in words (`stopped by SIGINT after 1200 decks`), when it
/// did not.
pub fn partial_reason(lang: Lang, input: &InputSummary) -> Option<String> {
    let p = input.partial_reason.as_ref()?;
    Some(match lang {
        Lang::En => en::partial(p, input),
        Lang::Zh => zh::partial(p, input),
    })
}

/// A χ² test's effect: the noncentrality per shuffle with its exact 99% interval, and the RMS relative deviation
/// per cell it is equivalent to (position-card: `λ/N = (n−1)/n²·Σδ²`, so `δ_rms = √(λ/(N(n−1)))`).
pub struct Effect {
    pub per_shuffle: f64,
    pub low: f64,
    pub high: f64,
    pub rms_cell: f64,
}

/// The [`Effect`] of the position-card test of an `n`-card deck over `shuffles` shuffles.
pub fn effect(t: &TestResult, n: usize, shuffles: u64) -> Effect {
    let big_n = shuffles.max(1) as f64;
    let (low, high) = crate::stats::power::noncentrality_interval(t.statistic, t.df, 0.99);
    let per_shuffle = crate::stats::noncentrality_per_shuffle(t.statistic, t.df, shuffles);
    Effect {
        per_shuffle,
        low: low / big_n,
        high: high / big_n,
        rms_cell: (per_shuffle / (n as f64 - 1.0).max(1.0)).sqrt(),
    }
}

/// What a test's p is, in words for a table's `sides` column: one-sided, or two-sided with the tail that gave it.
///
/// A test with two tails says which one gave its p; a test whose p is the worst of several lines says so
/// (`one-sided, worst line`: Bonferroni over the lines).
pub fn sides(lang: Lang, t: &AssessedTest) -> &'static str {
    let w = lang.words();
    let (kind, worst) = t.result.test.p_sides();
    match (t.result.two_sided(), t.tail, kind, worst) {
        (true, Tail::Upper, _, _) => w.two_sided_upper,
        (true, Tail::Lower, _, _) => w.two_sided_lower,
        (false, _, PSides::TwoSided, false) => w.two_sided,
        (false, _, PSides::TwoSided, true) => w.two_sided_worst,
        (false, _, _, true) => w.one_sided_worst,
        (false, _, PSides::BothTails, false) if t.result.test == crate::stats::TestId::Adjacency => w.upper_only,
        (false, _, _, false) => w.one_sided,
    }
}

/// The decisive test's Holm-adjusted ln p.
fn adjusted(r: &RunReport, test: TestId) -> f64 {
    r.assessment.get(test).map_or(0.0, |t| t.ln_p_adjusted)
}

/// Whether a test's own figures look like chance (the finding's `fair` or `within_noise`), though the family
/// may still judge its p small enough: the reason then says it is a weak signal instead of "as a random order
/// does".
fn looks_like_chance(t: &TestResult) -> bool {
    use crate::stats::Finding as F;
    match &t.finding {
        F::PositionCard { within_noise, .. } | F::SeatCard { within_noise, .. } => *within_noise,
        F::FixedPoints(h) | F::Cycles(h) | F::RisingSequences(h) => h.fair,
        F::Adjacency { fair, .. }
        | F::Parity { fair, .. }
        | F::Inversions { fair, .. }
        | F::FullPermutation { fair, .. }
        | F::ClassByPosition { fair, .. }
        | F::SerialCorrelation { fair, .. } => *fair,
        _ => false,
    }
}

/// The reason of a run that counted no deck, in every English report.
pub const NO_DECK_EN: &str = "no test applied: no deck was counted";

fn reason_en(r: &RunReport) -> String {
    let a = &r.assessment;
    match (r.reason, &r.fault) {
        (Reason::Broken, Some(f)) => format!("{}: {}", f.kind, f.description),
        (Reason::Broken, None) => Verdict::Broken.to_string(),
        (Reason::NoDeck, _) => NO_DECK_EN.to_string(),
        (Reason::NoBias, _) => format!(
            "no test finds a bias: the smallest Holm-adjusted p over the {} tests is {}",
            a.family_size(),
            format_ln_p(a.ln_p_family)
        ),
        (Reason::TooUniform(test), _) => format!(
            "{test}: too uniform (its statistic is too small; two-sided p Holm-adjusted over {} tests = {}): real \
             randomness is not this regular",
            a.family_size(),
            format_ln_p(adjusted(r, test))
        ),
        (Reason::Bias { test, .. }, _) => match a.get(test) {
            Some(t) if looks_like_chance(&t.result) => format!(
                "{test}: {} — a weak signal: the figures alone look like chance, but its {} p, Holm-adjusted over \
                 {} tests, is {}; re-test with an independent seed",
                test_headline(Lang::En, &t.result),
                sides(Lang::En, t),
                a.family_size(),
                format_ln_p(t.ln_p_adjusted)
            ),
            Some(t) => format!(
                "{} ({} p Holm-adjusted over {} tests = {})",
                explanation(Lang::En, &t.result),
                sides(Lang::En, t),
                a.family_size(),
                format_ln_p(t.ln_p_adjusted)
            ),
            None => test.to_string(),
        },
        (Reason::Verdict(v), _) => v.to_string(),
    }
}

fn reason_zh(r: &RunReport) -> String {
    let a = &r.assessment;
    match (r.reason, &r.fault) {
        (Reason::Broken, Some(f)) => match f.kind {
            FaultKind::NotAPermutation => format!(
                "结果不是排列：检查的 {} 副牌中有 {} 副出现重复的牌、同时缺了别的牌（第一次出现在第 {} 次洗牌）。",
                f.decks_checked, f.invalid_decks, f.first_shuffle
            ),
            FaultKind::NonTermination => format!(
                "循环永远不会结束：第 {} 次洗牌时，有一张牌怎么重试都找不到空位。细节：{}",
                f.first_shuffle, f.description
            ),
            _ => format!("{}：{}", f.kind, f.description),
        },
        (Reason::Broken, None) => verdict_word(Lang::Zh, Verdict::Broken),
        (Reason::NoDeck, _) => "未做任何检验：没有计入任何一副牌".to_string(),
        (Reason::NoBias, _) => format!(
            "没有任何检验发现偏差：{} 个检验中最小的 Holm 校正 p 值为 {}。",
            a.family_size(),
            format_ln_p(a.ln_p_family)
        ),
        (Reason::TooUniform(test), _) => format!(
            "{test}：过于均匀（统计量太小；双侧 p 经 {} 个检验的 Holm 校正为 {}）：真正的随机不会这么整齐。",
            a.family_size(),
            format_ln_p(adjusted(r, test))
        ),
        (Reason::Bias { test, .. }, _) => match a.get(test) {
            Some(t) if looks_like_chance(&t.result) => format!(
                "{test}：{}——信号很弱：单看数字像是偶然，但其{} p 值经 {} 个检验的 Holm 校正为 {}；请换一个独立的种子重新检验。",
                test_headline(Lang::Zh, &t.result),
                sides(Lang::Zh, t),
                a.family_size(),
                format_ln_p(t.ln_p_adjusted)
            ),
            Some(t) => format!(
                "{}（{} p 值经 {} 个检验的 Holm 校正为 {}）",
                explanation(Lang::Zh, &t.result),
                sides(Lang::Zh, t),
                a.family_size(),
                format_ln_p(t.ln_p_adjusted)
            ),
            None => test.to_string(),
        },
        (Reason::Verdict(v), _) => verdict_word(Lang::Zh, v),
    }
}

/// The run's finding as a short phrase for tables: the decisive test's headline, and with a deal the next
/// table-level test's.
pub fn headline(lang: Lang, r: &RunReport) -> String {
    let test_line = |test: TestId| match r.assessment.get(test) {
        Some(t) => match lang {
            Lang::En => format!("{test}: {}", test_headline(lang, &t.result)),
            Lang::Zh => format!("{test}：{}", test_headline(lang, &t.result)),
        },
        None => test.to_string(),
    };
    match (lang, r.reason, &r.fault) {
        (Lang::En, Reason::Broken, Some(f)) => f.headline.clone(),
        (Lang::Zh, Reason::Broken, Some(f)) => match f.kind {
            FaultKind::NonTermination => "永远不会结束".to_string(),
            FaultKind::NotAPermutation => {
                format!("不是排列：{:.1}% 的牌有重复", 100.0 * f.invalid_decks as f64 / f.decks_checked.max(1) as f64)
            }
            other => other.to_string(),
        },
        (_, Reason::Broken, None) => verdict_word(lang, Verdict::Broken),
        (Lang::En, Reason::NoDeck, _) => "no test applied".to_string(),
        (Lang::Zh, Reason::NoDeck, _) => "未做检验".to_string(),
        (Lang::En, Reason::NoBias, _) => "no bias found".to_string(),
        (Lang::Zh, Reason::NoBias, _) => "未发现偏差".to_string(),
        (Lang::En, Reason::TooUniform(test), _) => format!("{test}: too uniform"),
        (Lang::Zh, Reason::TooUniform(test), _) => format!("{test}：过于均匀"),
        (Lang::En, Reason::Bias { test, also: Some(more) }, _) => format!("{}; {}", test_line(test), test_line(more)),
        (Lang::Zh, Reason::Bias { test, also: Some(more) }, _) => format!("{}；{}", test_line(test), test_line(more)),
        (_, Reason::Bias { test, also: None }, _) => test_line(test),
        (_, Reason::Verdict(v), _) => verdict_word(lang, v),
    }
}

/// A gate check's reason: its run's, or why it could not run.
pub fn check_reason(c: &CheckOutcome) -> String {
    match (&c.report, &c.error) {
        (Some(r), _) => reason(Lang::En, r),
        (None, Some(e)) => e.clone(),
        (None, None) => String::new(),
    }
}

/// A gate check's headline: its run's, or that it had no decks.
pub fn check_headline(c: &CheckOutcome) -> String {
    match (&c.report, &c.error) {
        (Some(r), _) => headline(Lang::En, r),
        (None, Some(_)) => "no decks to audit".to_string(),
        (None, None) => String::new(),
    }
}

/// `1.3640×`, or `1.0031× (+0.31%)` for the small deviations that matter for subtle biases.
pub fn times(ratio: f64) -> String {
    if (ratio - 1.0).abs() < 0.1 {
        format!("{ratio:.4}× ({:+.2}%)", (ratio - 1.0) * 100.0)
    } else {
        format!("{ratio:.2}×")
    }
}

/// `2^31.0`: a count as a power of two.
pub fn pow2(x: f64) -> String {
    format!("2^{:.1}", x.log2())
}

/// `2^30.8–2^31.2`: the interval of an implied seed space, or `at least 2^40.1` when it has no upper end.
pub fn interval_pow2(s: &crate::stats::finding::SeedSpaceEstimate) -> String {
    match s.high {
        Some(h) => format!("{}–{}", pow2(s.low), pow2(h)),
        None => format!(">= {}", pow2(s.low)),
    }
}

/// The seed space the duplicate-deck count implies, for the detail column.
pub fn seed_space_words(s: &crate::stats::finding::SeedSpaceEstimate) -> String {
    match s.estimate {
        Some(e) => format!("implied seed space C(M,2)/pairs = {} (95%: {})", pow2(e), interval_pow2(s)),
        None => format!("implied seed space >= {} (97.5%, no repeated pair)", pow2(s.low)),
    }
}

/// `31.2%`, or `0.95%` below 1%.
pub fn percent(x: f64) -> String {
    if x < 0.01 { format!("{:.2}%", 100.0 * x) } else { format!("{:.1}%", 100.0 * x) }
}

/// Whether the fixed-points or rising-sequences headline leads with the mean (it is far from fair) rather than
/// with the value that strays most.
fn mean_is_off(test: TestId, h: &HistogramFinding) -> bool {
    match test {
        TestId::FixedPoints => h.mean > 1.1 || h.mean < 0.9,
        _ => (h.mean - h.fair_mean).abs() > 0.5,
    }
}

/// Whether the full-permutation finding is that some orders never came up (with at least 10 expected each).
fn orders_never_seen(never: usize, expected: f64) -> bool {
    never > 0 && expected >= 10.0
}

/// Whether a biased inversion count says which way the order leans (its mean is off by more than 0.05 sd),
/// rather than that its law is wrong with the right mean.
fn inversions_shifted(shift: f64) -> bool {
    shift.abs() > 0.05
}

/// The facts behind a test's number, for `summary.csv` and `run.json` (English only: files are contracts).
pub fn detail(t: &TestResult) -> String {
    en::detail(t)
}

/// A test's finding as a short phrase for tables.
pub fn test_headline(lang: Lang, t: &TestResult) -> String {
    match lang {
        Lang::En => en::headline(t),
        Lang::Zh => zh::headline(t),
    }
}

/// A test's finding in one sentence.
pub fn explanation(lang: Lang, t: &TestResult) -> String {
    match lang {
        Lang::En => en::explanation(t),
        Lang::Zh => zh::explanation(t),
    }
}

/// An algorithm's one-line summary in the report language.
pub fn algorithm_summary(lang: Lang, kind: AlgorithmKind) -> &'static str {
    if lang == Lang::En {
        return kind.info().summary;
    }
    match kind {
        AlgorithmKind::Identity => "完全不洗：牌保持 0..n-1 的顺序（必须判定 FAIL 的对照组）",
        AlgorithmKind::FisherYates => {
            "Durstenfeld 的倒序 Fisher-Yates；使用全宽度随机数时公平，配合 MSVC 的 15 位 rand() 有取模偏差"
        }
        AlgorithmKind::FisherYatesBatched => {
            "fisher-yates --draw batched：每个 64 位随机数产生多个严格无偏的抽取，不做除法（快速的公平参照）"
        }
        AlgorithmKind::FisherYatesForward => "正序 Fisher-Yates，j = i + r() % (n-i)；除取模偏差外是公平的",
        AlgorithmKind::PairSwap => "随机交换 r() % 1023 次；经常几乎没动牌（有偏差）",
        AlgorithmKind::Wash => "k 次强制不同位置的两两交换（默认 k = n）；排列的奇偶性固定为 k mod 2（有偏差）",
        AlgorithmKind::VecErase => "从数组中随机抽取 r() % len 并删除；除取模偏差外是公平的，复杂度 O(n^2)",
        AlgorithmKind::RejectRetry => "随机位置 r() % (n-1)，被占就重试；永远不会结束：最后一个位置永远抽不到",
        AlgorithmKind::RejectRetryFixed => "随机位置 r() % n，被占就重试；除取模偏差外是公平的，约需 n*H(n) 次抽取",
        AlgorithmKind::MarkArray => "随机抽牌 r() % n，已用过就重抽；除取模偏差外是公平的，但很慢",
        AlgorithmKind::DirectDraw => "d[i] = r() % n，不去重：结果不是排列（损坏）",
        AlgorithmKind::NaiveSwap => "每张牌与 r() % n 位置交换：n^n 条路径分配到 n! 种顺序上，不可能均匀（有偏差）",
        AlgorithmKind::NaiveSwapOffByOne => "每张牌与 r() % (n-1) 位置交换：最后一张牌永远不能留在最后（有偏差）",
        AlgorithmKind::Riffle => "k 次鸽尾式洗牌（--riffles K，默认 7）：二项分布切牌，按两叠剩余张数的比例落牌",
        AlgorithmKind::Overhand => "k 次过手洗牌（--passes K，默认 10）：每个牌缝以 1/2 的概率切开，各叠顺序颠倒",
        AlgorithmKind::TopToRandom => "k 次把顶牌插到随机位置（--moves K，默认 ceil(n*H(n))，52 张牌为 236）",
        AlgorithmKind::SortRandomComparator => {
            "用随机比较函数排序（V8 的 TimSort）：牌能移动多远由排序算法决定（有偏差）"
        }
    }
}

/// The sources the algorithms come from, keyed as in `list` (S1 … S5, K).
pub fn sources(lang: Lang) -> [(&'static str, &'static str); 6] {
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
    use crate::cards::card_name;

    #[test]
    fn languages_parse_and_name_cards() {
        assert_eq!("zh".parse::<Lang>(), Ok(Lang::Zh));
        assert_eq!("EN".parse::<Lang>(), Ok(Lang::En));
        assert!("fr".parse::<Lang>().unwrap_err().contains("expected en or zh"));
        assert_eq!(card_name(0, 54, Lang::Zh.name_style()), "黑桃A");
        assert_eq!(card_name(52, 54, Lang::Zh.name_style()), "小王");
        assert_eq!(card_name(0, 52, Lang::En.name_style()), "♠A");
    }

    #[test]
    fn partial_runs_say_why_in_both_languages() {
        use crate::audit::input::{DeckFormat, ExternalSource, PartialReason};
        use crate::audit::stop::StopReason;
        let input = |p: PartialReason| InputSummary {
            source: ExternalSource::Exec("gen".into()),
            format: DeckFormat::Ids { base: 0 },
            deck_inferred: true,
            lines: 7,
            decks: 7,
            valid_decks: 7,
            invalid_decks: 0,
            first_invalid: Vec::new(),
            partial: true,
            partial_reason: Some(p),
            stopped_strict: false,
            read_error: None,
            producer: None,
        };
        let both = |p: PartialReason| {
            let i = input(p);
            (partial_reason(Lang::En, &i).unwrap(), partial_reason(Lang::Zh, &i).unwrap())
        };
        assert_eq!(
            both(PartialReason::Interrupted { signal: StopReason::Terminate, decks: 7 }),
            ("stopped by SIGTERM after 7 decks".to_string(), "读到 7 副牌时被 SIGTERM 中止".to_string())
        );
        assert_eq!(
            both(PartialReason::TimedOut { limit: std::time::Duration::from_secs(90), decks: 1 }),
            ("timed out after 1m 30s, 1 deck read".to_string(), "超时：1m 30s 后停止，已读 1 副牌".to_string())
        );
        assert_eq!(both(PartialReason::Strict { line: 6 }).0, "stopped at the first invalid deck, line 6 (--strict)");
        assert_eq!(
            partial_reason(
                Lang::En,
                &InputSummary { partial_reason: None, ..input(PartialReason::Strict { line: 1 }) }
            ),
            None
        );
    }

    #[test]
    fn counts_read_well_in_both_languages() {
        assert_eq!(group_digits(1_048_576), "1,048,576");
        assert_eq!(group_digits(999), "999");
        assert_eq!(approx_count(Lang::En, 9.5e7), "95 million");
        assert_eq!(approx_count(Lang::Zh, 9.5e7), "9500 万");
        assert_eq!(approx_count(Lang::En, 2.2e6), "2.2 million");
        assert_eq!(approx_count(Lang::Zh, 2.2e6), "220 万");
        assert_eq!(approx_count(Lang::Zh, 3.0e8), "3 亿");
        assert_eq!(verdict_word(Lang::Zh, Verdict::Fail), "FAIL（失败）");
    }

    /// Results of every test: the deck tests of a small and a full deck, and the seat and table tests of
    /// 斗地主, 斗牛 and a custom deal, from a fair shuffle and from decks that barely move.
    fn every_test_result() -> Vec<TestResult> {
        use crate::game::Game;
        use crate::game::deal::{DealConfig, DealShape};
        use crate::game::table::GameStats;
        use crate::stats::{Battery, TestSelection};
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut g = rand_pcg::Pcg64::seed_from_u64(1);
        let mut out = Vec::new();
        let custom = DealShape { players: Some(3), hand: Some(4), bottom: Some(2), ..Default::default() };
        let deals = [
            DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap(),
            DealConfig::new(Game::Douniu, None, DealShape::default()).unwrap(),
            DealConfig::new(Game::Custom, Some(20), custom).unwrap(),
        ];
        for fair in [true, false] {
            for n in [6usize, 52, 54] {
                let mut b = Battery::new(n);
                let mut deck: Vec<crate::cards::Card> = (0..n as u16).collect();
                for k in 0..8_000 {
                    if fair {
                        deck.shuffle(&mut g);
                    } else {
                        deck.swap(k % n, (k * 7 + 1) % n);
                    }
                    b.add(&deck);
                }
                out.extend(b.evaluate());
            }
            for deal in &deals {
                let mut stats = GameStats::new(deal, TestSelection::default());
                let mut deck = deal.start_deck();
                for k in 0..4_000 {
                    if fair {
                        deck.shuffle(&mut g);
                    } else {
                        deck.swap(k % deal.deck, (k * 5 + 3) % deal.deck);
                    }
                    stats.add(&deck);
                }
                out.extend(stats.evaluate());
            }
        }
        out
    }

    #[test]
    fn every_test_explains_itself_in_chinese() {
        let results = every_test_result();
        let seen: std::collections::BTreeSet<TestId> = results.iter().map(|t| t.test).collect();
        assert_eq!(seen.len(), TestId::ALL.len(), "{seen:?}");
        let han = |s: &str| s.chars().filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c)).count();
        // No English word of four letters or more (test names, `niu` and card ids aside, there are none).
        let english = |s: &str| {
            s.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 4).map(str::to_string).collect::<Vec<_>>()
        };
        for t in &results {
            for (what, zh, en) in [
                ("explanation", explanation(Lang::Zh, t), explanation(Lang::En, t)),
                ("headline", test_headline(Lang::Zh, t), test_headline(Lang::En, t)),
            ] {
                assert!(han(&zh) >= 4, "{} {what}: {zh}", t.test);
                assert!(english(&zh).is_empty(), "{} {what}: {zh}", t.test);
                assert_ne!(zh, en, "{} {what}", t.test);
            }
            assert!(!detail(t).is_empty(), "{}", t.test);
        }
    }

    #[test]
    fn every_algorithm_has_a_chinese_summary() {
        for kind in AlgorithmKind::ALL {
            let zh = algorithm_summary(Lang::Zh, kind);
            assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{kind}: {zh}");
        }
    }
}
