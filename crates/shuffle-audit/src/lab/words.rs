//! The lab page's fixed words in English and Chinese: one catalogue per language, keyed alike (a test checks
//! that both hold the same keys with the same holes), filled by the reports' template engine.

use crate::cards::Lang;
use crate::report::i18n::Catalogue;

/// The catalogue of `lang`.
pub(super) fn catalogue(lang: Lang) -> &'static Catalogue {
    match lang {
        Lang::En => &EN,
        Lang::Zh => &ZH,
    }
}

static EN: Catalogue = Catalogue {
    entries: &[
        ("title", "Statistical evidence of a card shuffle"),
        (
            "not_cert",
            "This page is not a certification. It is the statistical evidence a testing lab would read: what was \
             tested, each test's result at the 95% and 99% levels as the rules state them, the tool's own family \
             verdict, how predictable the deals are, and the fingerprints of the files. Nothing on it claims a \
             certification.",
        ),
        ("h_tested", "What was tested"),
        ("row.shuffle", "Shuffle"),
        ("row.generator", "Random number generator"),
        ("row.seed", "Seed"),
        ("row.seeding", "Seeding"),
        (
            "seeding.once",
            "one seed for the run: chunk i of {chunk} decks is shuffled by a generator seeded from (seed, i)",
        ),
        ("seeding.per_deal", "a fresh seed for every deck, drawn from {space} seeds"),
        ("row.source", "Source"),
        ("source.decks", "decks made elsewhere, read from the file {file}"),
        ("source.stdin", "decks made elsewhere, read from standard input"),
        ("source.exec", "decks made elsewhere, printed by the command {command}"),
        ("source.function", "decks of a caller's shuffle function ({name})"),
        ("row.deck", "Deck size"),
        ("deck.one", "{n} cards"),
        ("deck.shoe", "{n} cards: a shoe of {copies} decks of {base}"),
        ("row.deal", "Deal"),
        ("row.decks_tested", "Decks tested"),
        ("row.samples", "Samples"),
        ("samples.many", "{count} samples of {size} decks, each tested on its own"),
        ("samples.one", "one sample of {n} decks"),
        ("row.tool", "Tool"),
        ("row.level", "Level chosen"),
        (
            "level.95",
            "95%: a test passes when p ≥ 0.05 (as Pennsylvania, 58 Pa. Code 810.5, and Maryland, COMAR 36.05.02.17, state it for automated card shufflers)",
        ),
        ("level.99", "99%: a test passes when p ≥ 0.01 (as GLI-19 and most rules state it)"),
        ("h_tests", "Results test by test"),
        (
            "tests.intro",
            "Each test's own p-value, before any adjustment for the number of tests, read as the rules state \
             them: a test passes at 95% when p ≥ 0.05 and at 99% when p ≥ 0.01. The chosen level's column is \
             highlighted.",
        ),
        (
            "tests.samples",
            "With samples: how many of the {count} samples passed each test on their own, and the second level's \
             Kolmogorov–Smirnov and Anderson–Darling p-values of that statistic's p-values over the samples \
             (one line per tail of a two-sided test).",
        ),
        ("col.name", "Test (as the rules name it)"),
        ("col.id", "Test id"),
        ("col.statistic", "Statistic"),
        ("col.df", "df"),
        ("col.p", "p"),
        ("col.at95", "95%"),
        ("col.at99", "99%"),
        ("col.samples95", "Samples passing at 95%"),
        ("col.samples99", "Samples passing at 99%"),
        ("col.ks", "KS p"),
        ("col.ad", "AD p"),
        ("form.upper", "upper"),
        ("form.lower", "lower"),
        ("pass", "pass"),
        ("fail", "fail"),
        ("h_level", "The chosen level and the tool's decision"),
        ("level.summary", "At the chosen level ({level}%): {pass} of {total} tests pass (p ≥ {alpha})."),
        ("level.other", "At {level}%: {pass} of {total} tests pass (p ≥ {alpha})."),
        (
            "family.verdict",
            "The tool's own family verdict: {verdict} (family-wise p, Holm-adjusted over {m} tests: {p}).",
        ),
        (
            "family.why",
            "The family verdict stays the decision: with {m} tests each applied at 99%, a fair shuffle would fail at \
             least one of them in about {share}% of runs, while the family rule (Holm's adjustment) keeps one error \
             rate for the whole battery.",
        ),
        ("h_predict", "Predictability"),
        ("row.seed_space", "Seed space of the generator"),
        ("space.bits", "{bits} bits ({how})"),
        ("space.streams", "{bits} bits of seed ({how}); {streams} bits of distinct streams"),
        ("space.unknown", "not known: the decks were made elsewhere"),
        ("row.orders", "Orders of the deck"),
        ("orders.deck", "log2({n}!) = {bits} bits"),
        ("orders.shoe", "log2 of the shoe's orders by face = {bits} bits"),
        ("row.reach", "What the seed can reach"),
        (
            "reach.small",
            "at most 2^{seed} of the 2^{orders} orders can ever be dealt: whoever knows or searches the {seed} bits \
             of the seed can predict every deal",
        ),
        ("reach.all", "the seed space is as large as the deck's orders: the seed alone does not limit the deals"),
        ("reach.unknown", "not known: the seeding of decks made elsewhere is not visible in the decks' order alone"),
        ("row.duplicates", "Repeated decks"),
        (
            "dup.value",
            "{repeats} decks equal to an earlier one among the first {decks} ({pairs} equal pairs; {fair} expected of a uniform shuffle)",
        ),
        ("dup.not_tested", "not tested (the duplicate-decks test was not among the run's tests)"),
        ("row.implies", "What it implies"),
        (
            "implies.none",
            "no sign of a small seed space: with no repeat among {decks} decks, the decks come from at least about \
             {low} orders (97.5% confidence)",
        ),
        ("implies.fair", "repeats within chance for a uniform shuffle of a deck this small"),
        (
            "implies.small",
            "the repeats point to a space of about {estimate} deck orders: the deals can be predicted by searching it",
        ),
        ("h_fingerprints", "Fingerprints (SHA-256)"),
        (
            "fp.intro",
            "SHA-256 of the program that made this page, of each report file beside it in its folder, and of the \
             input. lab.pdf is printed from this page once it is written. run.json holds the run's timings unless \
             --no-timings is given, and its fingerprint then differs from run to run.",
        ),
        ("col.file", "File"),
        ("col.sha", "SHA-256"),
        ("fp.binary", "the program ({tool} {version})"),
        ("fp.decks", "input: the decks file {file}"),
        ("fp.stdin", "input: standard input (not kept, so it has no fingerprint)"),
        ("fp.exec", "input: the command line {command}"),
        ("fp.unavailable", "not available: {why}"),
        (
            "footer",
            "Made by {tool} {version}. The page holds no date or time: the same run makes the same page, byte for byte.",
        ),
    ],
    tests: &[],
};

static ZH: Catalogue = Catalogue {
    entries: &[
        ("title", "洗牌的统计证据"),
        (
            "not_cert",
            "本页并非认证。它是检测实验室会审阅的统计证据：测试对象、按规则所述的 95% 与 99% 水平给出的每项检验结果、\
             本工具自身的整体判定、发牌的可预测性，以及各文件的指纹。本页没有任何内容声称获得认证。",
        ),
        ("h_tested", "测试对象"),
        ("row.shuffle", "洗牌算法"),
        ("row.generator", "随机数发生器"),
        ("row.seed", "种子"),
        ("row.seeding", "播种方式"),
        ("seeding.once", "整次运行一个种子：第 i 块（每块 {chunk} 副）由以 (种子, i) 播种的发生器洗牌"),
        ("seeding.per_deal", "每副牌重新播种，种子取自 {space} 个种子"),
        ("row.source", "来源"),
        ("source.decks", "外部生成的牌副，读自文件 {file}"),
        ("source.stdin", "外部生成的牌副，读自标准输入"),
        ("source.exec", "外部生成的牌副，由命令 {command} 输出"),
        ("source.function", "调用方洗牌函数生成的牌副（{name}）"),
        ("row.deck", "每副牌张数"),
        ("deck.one", "{n} 张"),
        ("deck.shoe", "{n} 张：{copies} 副 {base} 张牌组成的牌靴"),
        ("row.deal", "发牌"),
        ("row.decks_tested", "检验的牌副数"),
        ("row.samples", "样本"),
        ("samples.many", "{count} 个样本，每个 {size} 副，逐一检验"),
        ("samples.one", "一个样本，共 {n} 副"),
        ("row.tool", "工具"),
        ("row.level", "所选水平"),
        (
            "level.95",
            "95%：p ≥ 0.05 即通过（宾夕法尼亚州 58 Pa. Code 810.5 与马里兰州 COMAR 36.05.02.17 对自动洗牌机的规定）",
        ),
        ("level.99", "99%：p ≥ 0.01 即通过（GLI-19 及多数规则的规定）"),
        ("h_tests", "逐项检验结果"),
        (
            "tests.intro",
            "每项检验自身的 p 值（未按检验数目校正），按规则所述解读：p ≥ 0.05 即在 95% 水平通过，p ≥ 0.01 即在 99% \
             水平通过。所选水平的一列以高亮显示。",
        ),
        (
            "tests.samples",
            "分样本时：{count} 个样本中各自通过该检验的样本数，以及二级检验对该统计量各样本 p 值所做的 \
             Kolmogorov–Smirnov 与 Anderson–Darling 检验的 p 值（双侧检验每侧一行）。",
        ),
        ("col.name", "检验（规则中的名称）"),
        ("col.id", "检验编号"),
        ("col.statistic", "统计量"),
        ("col.df", "自由度"),
        ("col.p", "p 值"),
        ("col.at95", "95%"),
        ("col.at99", "99%"),
        ("col.samples95", "95% 下通过的样本"),
        ("col.samples99", "99% 下通过的样本"),
        ("col.ks", "KS p 值"),
        ("col.ad", "AD p 值"),
        ("form.upper", "上侧"),
        ("form.lower", "下侧"),
        ("pass", "通过"),
        ("fail", "未通过"),
        ("h_level", "所选水平与本工具的判定"),
        ("level.summary", "在所选水平（{level}%）下：{total} 项检验中 {pass} 项通过（p ≥ {alpha}）。"),
        ("level.other", "在 {level}% 水平下：{total} 项检验中 {pass} 项通过（p ≥ {alpha}）。"),
        ("family.verdict", "本工具自身的整体判定：{verdict}（对 {m} 项检验做 Holm 校正后的族系 p 值：{p}）。"),
        (
            "family.why",
            "判定以整体结论为准：{m} 项检验各自按 99% 水平判断时，公平的洗牌约有 {share}% 的运行会至少有一项未通过；\
             整体规则（Holm 校正）则让整组检验只有一个错误率。",
        ),
        ("h_predict", "可预测性"),
        ("row.seed_space", "发生器的种子空间"),
        ("space.bits", "{bits} 位（{how}）"),
        ("space.streams", "种子 {bits} 位（{how}）；不同的随机序列 {streams} 位"),
        ("space.unknown", "未知：牌副由外部生成"),
        ("row.orders", "牌序总数"),
        ("orders.deck", "log2({n}!) = {bits} 位"),
        ("orders.shoe", "牌靴按牌面区分的牌序总数的 log2 = {bits} 位"),
        ("row.reach", "种子能覆盖的牌序"),
        (
            "reach.small",
            "2^{orders} 种牌序中最多只有 2^{seed} 种可能被发出：知道或搜索这 {seed} 位种子的人可以预测每一手牌",
        ),
        ("reach.all", "种子空间不小于牌序总数：种子本身不限制可发出的牌"),
        ("reach.unknown", "未知：外部生成的牌副，其播种方式无法仅从牌序看出"),
        ("row.duplicates", "重复牌序"),
        ("dup.value", "前 {decks} 副中有 {repeats} 副与之前某副相同（{pairs} 对相同；均匀洗牌的期望为 {fair} 对）"),
        ("dup.not_tested", "未检验（本次运行的检验不含 duplicate-decks）"),
        ("row.implies", "含义"),
        ("implies.none", "没有种子空间过小的迹象：{decks} 副中无重复，牌副至少来自约 {low} 种牌序（97.5% 置信度）"),
        ("implies.fair", "对于这么小的一副牌，重复次数在均匀洗牌的随机范围之内"),
        ("implies.small", "重复表明牌序只来自约 {estimate} 种：搜索这个空间即可预测发牌"),
        ("h_fingerprints", "指纹（SHA-256）"),
        (
            "fp.intro",
            "生成本页的程序、本页所在文件夹中每个报告文件以及输入的 SHA-256。lab.pdf 在本页写出后由本页打印而成。\
             除非给出 --no-timings，run.json 含有运行耗时，其指纹每次运行都会不同。",
        ),
        ("col.file", "文件"),
        ("col.sha", "SHA-256"),
        ("fp.binary", "程序（{tool} {version}）"),
        ("fp.decks", "输入：牌副文件 {file}"),
        ("fp.stdin", "输入：标准输入（未保存，因此没有指纹）"),
        ("fp.exec", "输入：命令行 {command}"),
        ("fp.unavailable", "无法获得：{why}"),
        ("footer", "由 {tool} {version} 生成。本页不含日期或时间：同一次运行生成的页面逐字节相同。"),
    ],
    tests: &[],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::i18n::template::holes;

    #[test]
    fn both_languages_have_the_same_keys_and_holes() {
        let keys = |c: &Catalogue| c.keys().collect::<Vec<_>>();
        assert_eq!(keys(&EN), keys(&ZH), "the English and Chinese keys differ (or are in another order)");
        let unique: std::collections::HashSet<_> = EN.keys().collect();
        assert_eq!(unique.len(), EN.entries.len(), "a key is given twice");
        for ((key, en), (_, zh)) in EN.entries.iter().zip(ZH.entries) {
            let (mut a, mut b) = (holes(en), holes(zh));
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{key}: the holes differ");
            assert!(!en.trim().is_empty() && !zh.trim().is_empty(), "{key}: empty");
        }
    }

    #[test]
    fn the_chinese_words_are_chinese() {
        let cjk = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        for (key, zh) in ZH.entries {
            // Column heads that are symbols or names in every language.
            if ["col.at95", "col.at99", "col.sha"].contains(key) {
                continue;
            }
            assert!(cjk(zh), "{key}: {zh:?} is not Chinese");
        }
    }
}
