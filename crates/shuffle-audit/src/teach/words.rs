//! The words of the teaching page in English and Chinese: the page's text, and the messages its script shows
//! (passed to it as `words`, with `{name}` holes the script fills).

use crate::cards::Lang;

/// The page's fixed text.
pub(super) struct TeachWords {
    pub title: &'static str,
    pub intro: [&'static str; 2],
    pub h_lab: &'static str,
    pub lab_intro: &'static str,
    pub label_loop: &'static str,
    pub label_deck: &'static str,
    pub label_shuffles: &'static str,
    pub label_seed: &'static str,
    pub label_code: &'static str,
    pub label_view: &'static str,
    pub h_stats: &'static str,
    /// `{tests}` is replaced by the default battery's Holm family size for 52 cards, counted from the battery.
    pub stats_note: &'static str,
    pub h_detect: &'static str,
    pub detect_intro: &'static str,
    pub h_tree: &'static str,
    pub tree_text: [&'static str; 2],
    pub h_riffle: &'static str,
    pub riffle_text: &'static str,
    pub riffle_table: [&'static str; 3],
    pub h_wrong: &'static str,
    pub wrong_intro: &'static str,
    /// (loop to load, or "", text) for each mistake.
    pub wrong: [(&'static str, &'static str); 7],
    pub try_it: &'static str,
    pub h_how: &'static str,
    pub how: [&'static str; 3],
    pub h_sources: &'static str,
    pub sources: [&'static str; 5],
    pub footer: &'static str,
    /// Messages of the script, `{name}` holes filled there.
    pub ui: &'static [(&'static str, &'static str)],
}

pub(super) fn words(lang: Lang) -> &'static TeachWords {
    match lang {
        Lang::En => &EN,
        Lang::Zh => &ZH,
    }
}

static EN: TeachWords = TeachWords {
    title: "Watch a shuffle's bias appear",
    intro: [
        "Pick a shuffle loop, or write your own, and run it thousands to a million times. The matrix shows how \
         often each card lands at each position, divided by the fair 1/n: a fair shuffle is pale everywhere, a \
         biased one shows a pattern. Beside it is the statistic the shuffle-audit tool uses, its p-value and the \
         verdict, so that you can tell noise from bias: a few thousand shuffles of a fair loop look speckled, and a \
         small bias looks like nothing at all until enough shuffles are counted.",
        "For the loops of the menu the page also knows the exact matrix, computed without sampling: switch the \
         view to compare what you sampled with the truth, and watch the noise shrink as the shuffles grow while the \
         exact bias stays where it is.",
    ],
    h_lab: "The shuffle lab",
    lab_intro: "The code runs in a background worker on a fresh deck 0, 1, …, n−1 for every shuffle. \
                random(m) returns an exactly uniform whole number from 0 to m−1 and random() a uniform number in \
                [0, 1), from a seeded generator, so a run can be repeated. A loop that throws, returns something \
                that is not a permutation or never ends is stopped with a message.",
    label_loop: "Loop",
    label_deck: "Cards",
    label_shuffles: "Shuffles",
    label_seed: "Seed",
    label_code: "The loop (edit it)",
    label_view: "Show",
    h_stats: "The statistics",
    stats_note: "Pearson's X² over the n² cells has mean n(n−1), not (n−1)², because every row and column adds up \
                 to the number of shuffles; scaled by (n−1)/n it follows χ²((n−1)²). The p-value is two-sided (a \
                 matrix too even to be true is as suspicious as one too uneven) and computed in log space, so it is \
                 never rounded to 0. FAIL below 1e-9, SUSPICIOUS below 1e-3: the tool's thresholds, here for its \
                 one test (the tool's run applies its whole battery in one Holm family: {tests} tests for 52 cards).",
    h_detect: "How many shuffles to see it",
    detect_intro: "From the exact matrix's noncentrality: the chance that a run of N shuffles ends in FAIL, or in \
                   SUSPICIOUS or worse, for the loop and deck chosen above.",
    h_tree: "Three cards, 27 paths, 6 orders",
    tree_text: [
        "The naive swap makes 3 choices of 3 positions on 3 cards: 3³ = 27 equally likely paths. There are only \
         3! = 6 orders, and 27 is not a multiple of 6, so some orders must come up more often than others: 132, 213 \
         and 231 get 5 paths each, the other three get 4. No random generator, however good, can fix that.",
        "Fisher–Yates makes 3 × 2 = 6 choices, one path for each order. Both trees are built by running the tool's \
         own shuffles on every sequence of draws.",
    ],
    h_riffle: "How many riffles?",
    riffle_text: "A riffle cuts the deck about in half and drops cards from the two halves in proportion to their \
                  sizes. Bayer and Diaconis (1992) computed exactly how far k riffles of 52 cards are from uniform: \
                  far at 5, better at 7. Try the riffle loop with its slider to see the position matrix fade; the \
                  curve below is exact, not sampled.",
    riffle_table: ["riffles k", "total variation", "separation"],
    h_wrong: "What goes wrong in shuffle loops",
    wrong_intro: "The mistakes the catalogue's loops make, each one click away:",
    wrong: [
        (
            "naive-swap",
            "Drawing the swap partner from the whole deck instead of the cards not yet placed (the naive \
                        swap): n^n paths onto n! orders.",
        ),
        (
            "naive-swap-off-by-one",
            "Drawing from one place too few, random(n − 1): the last card can never stay \
                                   last.",
        ),
        (
            "sattolo",
            "Drawing the partner from below i, random(i) instead of random(i + 1) (Sattolo's algorithm): every \
             deck is one cycle, so no card ever stays in place.",
        ),
        (
            "sort-random-comparator",
            "Sorting with a random comparator: the sort algorithm, not chance, decides how \
                                    far a card can travel.",
        ),
        (
            "wash",
            "A fixed number of swaps: too few leave cards near home, and forcing the two places apart fixes \
                  the parity of the whole shuffle.",
        ),
        ("pair-swap", "A random number of random swaps: the count is sometimes tiny, and the deck barely moves."),
        (
            "",
            "Modulo bias and clock seeds: rand() % n with a 15-bit rand() makes small cards likelier, and a seed \
              from the clock lets anyone who saw a few cards predict the rest (see the tool's run, seeds and crack \
              commands).",
        ),
    ],
    try_it: "run it",
    h_how: "How the page computes",
    how: [
        "The statistic and its p-value are computed in this page, in JavaScript, the way the Rust tool computes \
         them: the same series and continued fraction for the incomplete gamma function, in log space; the test \
         suite feeds both the same counts and requires agreement to 1e-9.",
        "The colours are the tool's: observed/expected on a log scale, red too common, blue too rare, clamped at \
         no less than 8 standard deviations of one cell's noise so that a fair shuffle stays pale.",
        "The page can be driven by its address: ?algorithm=naive-swap&shuffles=100000&seed=1&autorun=1 runs that \
         loop on load (also deck, swaps, riffles and view=observed|exact|diff), and the element with id verdict \
         then starts with PASS, SUSPICIOUS or FAIL.",
    ],
    h_sources: "Sources",
    sources: [
        "Mike Bostock, “Will It Shuffle?” (2012): the editable loop and the position matrix.",
        "Jeff Atwood, “The Danger of Naïveté” (2007): the 3-card tree of the naive swap.",
        "Wikipedia, “Fisher–Yates shuffle”, section Potential sources of bias: the implementation errors.",
        "D. Bayer and P. Diaconis, “Trailing the Dovetail Shuffle to its Lair”, Ann. Appl. Probab. 2 (1992).",
        "shuffle-audit: `shuffle-audit exact --algorithm A` prints every exact matrix shown here.",
    ],
    footer: "Written by shuffle-audit teach. One file, no network: it works opened straight from disk.",
    ui: &[
        ("run", "Run"),
        ("stop", "Stop"),
        ("view_observed", "observed"),
        ("view_exact", "exact"),
        ("view_diff", "observed − exact"),
        ("progress", "{done} of {total} shuffles"),
        ("stopped", "Stopped after {done} of {total} shuffles; the verdict is for those."),
        ("syntax", "Syntax error on line {line}, column {column}: {message}. Nothing was run."),
        ("load_threw", "The code threw while loading (line {line}): {message}. Nothing was run."),
        ("no_function", "The code must define function shuffle(deck, random). Nothing was run."),
        ("threw", "Shuffle {shuffle} threw on line {line}: {message}. The loop was stopped."),
        ("not_perm_length", "Shuffle {shuffle} returned {length} cards instead of {n}: not a permutation."),
        ("not_perm_value", "Shuffle {shuffle} put {value} at position {position}: not a card 0..{max}."),
        (
            "not_perm_repeat",
            "Shuffle {shuffle} put card {card} at positions {first} and {position}: not a permutation.",
        ),
        (
            "stall",
            "Shuffle {shuffle} ran for more than {seconds} s without finishing, so it was stopped: does the loop end?",
        ),
        (
            "time_limit",
            "The run passed the time limit of {seconds} s and was stopped after {done} of {total} shuffles; the verdict is for those.",
        ),
        ("bad_param", "Address parameter {name}={value}: {why}"),
        ("bad_algorithm", "no such loop (one of: {names})"),
        ("bad_number", "expected a whole number from {min} to {max}"),
        ("bad_choice", "expected one of: {choices}"),
        ("not_applicable", "applies only to {loops}, not to {loop}"),
        (
            "verdict_pass",
            "PASS: p = {p}, not below {suspicious}. {shuffles} shuffles cannot tell this loop from a fair one.",
        ),
        (
            "verdict_suspicious",
            "SUSPICIOUS: p = {p}, below {suspicious} but not below {fail}. Run more shuffles with another seed.",
        ),
        ("verdict_fail", "FAIL: p = {p}, below {fail}. {shuffles} shuffles show that this loop is biased."),
        ("verdict_broken", "BROKEN: {why}"),
        ("too_uniform", " The lower tail decided: the matrix is too even to be chance."),
        ("partial", " (after {done} of {total} shuffles)"),
        (
            "edited",
            "Edited: the exact matrix and the prediction are for the menu's loop, so they are hidden until the code matches it again.",
        ),
        ("no_exact", "No exact matrix for edited code."),
        ("thumb_exact", "The exact matrix, on the same scale."),
        ("thumb_observed", "The sampled matrix, on the same scale."),
        (
            "engine_differs",
            "This browser's Array.prototype.sort does not sort {n} elements the way V8's TimSort does in Node 20 (it answered a scripted comparator differently), and the exact matrix is that TimSort's: it does not apply here. The sampled matrix shows this browser's own bias; the exact one is hidden.",
        ),
        (
            "no_bias",
            "The exact matrix of this loop is uniform: no number of shuffles makes it FAIL, except by the false-alarm rate of {fail}.",
        ),
        (
            "detect",
            "The page's test FAILs this loop half the time at {s50} shuffles and 99% of the time at {s99} (noncentrality {lambda} per shuffle). With {shuffles} shuffles: P(FAIL) {pfail}.",
        ),
        ("cell", "position {pos}, card {card}: observed {obs} × fair{exact}"),
        ("cell_exact", ", exact {exact} ×"),
        ("noise", "{shuffles} shuffles; noise in one cell: ±{sd}% (1 s.d.); scale clamped at {clamp}"),
        ("exact_note", "exact matrix; scale clamped at {clamp}"),
        (
            "diff_note",
            "observed / exact: only noise is left if the loop is the one the exact law describes; scale clamped at {clamp}",
        ),
        ("against", "Against the exact matrix: scaled X² = {stat} on {df} df, p = {p}: {judgement}."),
        ("against_ok", "what is left is noise"),
        ("against_bad", "the counts do not follow this loop's exact law"),
        (
            "against_impossible",
            "Card {card} came up at position {pos} {count} times, where the exact law puts probability 0.",
        ),
        ("row_shuffles", "shuffles"),
        ("row_x2", "Pearson X² over the n² cells"),
        ("row_scaled", "X²·(n−1)/n"),
        ("row_df", "degrees of freedom (n−1)²"),
        ("row_p", "p (two-sided)"),
        ("row_expected", "expected count per cell"),
        ("axis_shuffles", "shuffles"),
        ("axis_probability", "probability"),
        ("series_fail", "FAIL"),
        ("series_not_pass", "SUSPICIOUS or FAIL"),
        ("marker_run", "this run"),
        ("axis_position", "position"),
        ("axis_card", "card"),
        ("waiting", "Run a loop to see its verdict."),
    ],
};

static ZH: TeachWords = TeachWords {
    title: "亲眼看洗牌的偏差出现",
    intro: [
        "选一个洗牌循环，或者自己写一个，运行几千到一百万次。矩阵显示每张牌落在每个位置的频率除以公平的 1/n：公平的洗牌\
         处处颜色很浅，有偏差的洗牌会显出图案。旁边是 shuffle-audit 工具使用的统计量、p 值和结论，帮你区分噪声和偏差：\
         公平的循环洗几千次也会有斑点，而小的偏差在洗够次数之前什么也看不出来。",
        "对于菜单里的循环，页面还知道不经抽样精确算出的矩阵：切换视图，把抽样结果和真实情况对比，看噪声随洗牌次数增加而\
         缩小，而精确的偏差一直留在原处。",
    ],
    h_lab: "洗牌实验室",
    lab_intro: "代码在后台 Worker 中运行，每次洗牌都从新的一副牌 0, 1, …, n−1 开始。random(m) 返回 0 到 m−1 之间严格均匀的\
                整数，random() 返回 [0, 1) 内的均匀数，来自带种子的生成器，所以结果可以重现。抛出异常、返回的不是排列、\
                或永不结束的循环会被停下并给出说明。",
    label_loop: "循环",
    label_deck: "牌数",
    label_shuffles: "洗牌次数",
    label_seed: "种子",
    label_code: "循环代码（可以修改）",
    label_view: "显示",
    h_stats: "统计量",
    stats_note: "n² 个格子上的 Pearson X² 的均值是 n(n−1) 而不是 (n−1)²，因为每行每列之和都等于洗牌次数；乘以 (n−1)/n \
                 后服从 χ²((n−1)²)。p 值是双侧的（过于均匀的矩阵和过于不均匀的一样可疑），在对数空间中计算，永远不会被\
                 舍入成 0。低于 1e-9 为 FAIL，低于 1e-3 为 SUSPICIOUS：这是工具的阈值，这里用于它的一个检验（工具的完整\
                 检验组放在一个 Holm 族中：52 张牌时是 {tests} 个检验）。",
    h_detect: "要洗多少次才看得出",
    detect_intro: "由精确矩阵的非中心参数算出：对上面选定的循环和牌数，洗 N 次的一次运行得到 FAIL、或得到 SUSPICIOUS 及更差\
                   结论的概率。",
    h_tree: "三张牌，27 条路径，6 种顺序",
    tree_text: [
        "朴素交换对 3 张牌做 3 次选择，每次 3 个位置：3³ = 27 条等可能的路径。顺序只有 3! = 6 种，而 27 不是 6 的倍数，\
         所以有些顺序一定比别的更常出现：132、213、231 各有 5 条路径，其余三种各 4 条。再好的随机数生成器也无法弥补。",
        "Fisher–Yates 做 3 × 2 = 6 次选择，每种顺序正好一条路径。两棵树都是用工具自己的洗牌代码跑遍所有抽取序列得到的。",
    ],
    h_riffle: "鸽尾式洗牌要洗几次？",
    riffle_text: "鸽尾式洗牌把牌大约对半分开，再按两叠的张数比例交替落下。Bayer 和 Diaconis（1992）精确算出了 52 张牌洗 k \
                  次后距离均匀有多远：5 次还差得远，7 次好得多。用鸽尾式循环和它的滑块可以看到位置矩阵逐渐变浅；下面的\
                  曲线是精确值，不是抽样。",
    riffle_table: ["洗牌次数 k", "总变差距离", "分离距离"],
    h_wrong: "洗牌循环常见的错误",
    wrong_intro: "目录里的循环犯的错误，点一下就能运行：",
    wrong: [
        ("naive-swap", "交换对象从整副牌中抽取，而不是从尚未放好的牌中抽取（朴素交换）：n^n 条路径对应 n! 种顺序。"),
        ("naive-swap-off-by-one", "少抽一个位置，random(n − 1)：最后一张牌永远不能留在最后。"),
        (
            "sattolo",
            "交换对象从 i 以下抽取，random(i) 而不是 random(i + 1)（Sattolo 算法）：每副牌都是一个轮换，没有一张牌能留在原位。",
        ),
        ("sort-random-comparator", "用随机比较函数排序：决定一张牌能走多远的是排序算法，而不是运气。"),
        ("wash", "固定次数的交换：次数太少，牌留在原处附近；强制两个位置不同，又固定了整次洗牌的奇偶性。"),
        ("pair-swap", "随机次数的随机交换：次数有时很小，牌几乎没动。"),
        (
            "",
            "取模偏差和时钟种子：15 位的 rand() % n 让小牌更常出现；用时钟做种子，看到几张牌的人就能预测其余的牌\
              （见工具的 run、seeds 和 crack 命令）。",
        ),
    ],
    try_it: "运行",
    h_how: "页面如何计算",
    how: [
        "统计量和 p 值在本页中用 JavaScript 计算，方法与 Rust 工具相同：不完全伽马函数的同一级数和连分式，在对数空间中\
         计算；测试把同样的计数交给两者，要求结果在 1e-9 以内一致。",
        "颜色与工具相同：观察值/期望值取对数刻度，红色表示太常见，蓝色表示太少见，截断值不低于单格噪声的 8 个标准差，\
         所以公平的洗牌颜色保持很浅。",
        "可以用网址驱动页面：?algorithm=naive-swap&shuffles=100000&seed=1&autorun=1 在加载时运行该循环（还可用 deck、\
         swaps、riffles 和 view=observed|exact|diff），之后 id 为 verdict 的元素以 PASS、SUSPICIOUS 或 FAIL 开头。",
    ],
    h_sources: "资料来源",
    sources: [
        "Mike Bostock，“Will It Shuffle?”（2012）：可编辑的循环和位置矩阵。",
        "Jeff Atwood，“The Danger of Naïveté”（2007）：朴素交换的三张牌树。",
        "维基百科，“Fisher–Yates shuffle”，Potential sources of bias 一节：实现错误。",
        "D. Bayer 和 P. Diaconis，“Trailing the Dovetail Shuffle to its Lair”，Ann. Appl. Probab. 2（1992）。",
        "shuffle-audit：`shuffle-audit exact --algorithm A` 输出这里显示的每个精确矩阵。",
    ],
    footer: "由 shuffle-audit teach 生成。单个文件，不需要网络：直接从磁盘打开即可使用。",
    ui: &[
        ("run", "运行"),
        ("stop", "停止"),
        ("view_observed", "观察值"),
        ("view_exact", "精确值"),
        ("view_diff", "观察值 − 精确值"),
        ("progress", "已洗 {done} / {total} 次"),
        ("stopped", "在 {done} / {total} 次后停止；结论针对已完成的洗牌。"),
        ("syntax", "第 {line} 行第 {column} 列有语法错误：{message}。没有运行。"),
        ("load_threw", "代码在加载时抛出异常（第 {line} 行）：{message}。没有运行。"),
        ("no_function", "代码必须定义 function shuffle(deck, random)。没有运行。"),
        ("threw", "第 {shuffle} 次洗牌在第 {line} 行抛出异常：{message}。循环已停止。"),
        ("not_perm_length", "第 {shuffle} 次洗牌返回了 {length} 张牌而不是 {n} 张：不是排列。"),
        ("not_perm_value", "第 {shuffle} 次洗牌在位置 {position} 放了 {value}：不是 0..{max} 中的牌。"),
        ("not_perm_repeat", "第 {shuffle} 次洗牌把牌 {card} 放在位置 {first} 和 {position}：不是排列。"),
        ("stall", "第 {shuffle} 次洗牌运行超过 {seconds} 秒仍未结束，已被停止：循环会结束吗？"),
        ("time_limit", "运行超过了 {seconds} 秒的时间限制，在 {done} / {total} 次后停止；结论针对已完成的洗牌。"),
        ("bad_param", "网址参数 {name}={value}：{why}"),
        ("bad_algorithm", "没有这个循环（可选：{names}）"),
        ("bad_number", "应为 {min} 到 {max} 之间的整数"),
        ("bad_choice", "应为以下之一：{choices}"),
        ("not_applicable", "只适用于 {loops}，不适用于 {loop}"),
        ("verdict_pass", "PASS（通过）：p = {p}，不低于 {suspicious}。{shuffles} 次洗牌无法把这个循环和公平的区分开。"),
        (
            "verdict_suspicious",
            "SUSPICIOUS（可疑）：p = {p}，低于 {suspicious} 但不低于 {fail}。请换一个种子多洗几次。",
        ),
        ("verdict_fail", "FAIL（不通过）：p = {p}，低于 {fail}。{shuffles} 次洗牌表明这个循环有偏差。"),
        ("verdict_broken", "BROKEN（损坏）：{why}"),
        ("too_uniform", " 由下侧尾部判定：矩阵均匀得不像随机。"),
        ("partial", "（{done} / {total} 次洗牌后）"),
        ("edited", "已修改：精确矩阵和预测针对菜单中的循环，在代码恢复原样之前不显示。"),
        ("no_exact", "修改后的代码没有精确矩阵。"),
        ("thumb_exact", "精确矩阵，同一色标。"),
        ("thumb_observed", "抽样矩阵，同一色标。"),
        (
            "engine_differs",
            "这个浏览器的 Array.prototype.sort 对 {n} 个元素的排序方式与 Node 20 中 V8 的 TimSort 不同（对同一组预设的比较结果给出了不同的排列），而精确矩阵是按那个 TimSort 算的：这里不适用。抽样矩阵显示的是这个浏览器自己的偏差；精确矩阵不显示。",
        ),
        ("no_bias", "这个循环的精确矩阵是均匀的：洗多少次都不会 FAIL，除了 {fail} 的误报率。"),
        (
            "detect",
            "本页的检验在洗 {s50} 次时有一半概率判这个循环 FAIL，洗 {s99} 次时概率为 99%（每次洗牌的非中心参数 {lambda}）。洗 {shuffles} 次：P(FAIL) {pfail}。",
        ),
        ("cell", "位置 {pos}，牌 {card}：观察值为公平值的 {obs} 倍{exact}"),
        ("cell_exact", "，精确值 {exact} 倍"),
        ("noise", "洗牌 {shuffles} 次；单格噪声 ±{sd}%（1 个标准差）；色标截断于 {clamp}"),
        ("exact_note", "精确矩阵；色标截断于 {clamp}"),
        ("diff_note", "观察值 / 精确值：如果循环就是精确分布所描述的那个，剩下的只有噪声；色标截断于 {clamp}"),
        ("against", "与精确矩阵比较：缩放后的 X² = {stat}，自由度 {df}，p = {p}：{judgement}。"),
        ("against_ok", "剩下的只是噪声"),
        ("against_bad", "计数不符合这个循环的精确分布"),
        ("against_impossible", "牌 {card} 在位置 {pos} 出现了 {count} 次，而精确分布给出的概率是 0。"),
        ("row_shuffles", "洗牌次数"),
        ("row_x2", "n² 个格子上的 Pearson X²"),
        ("row_scaled", "X²·(n−1)/n"),
        ("row_df", "自由度 (n−1)²"),
        ("row_p", "p（双侧）"),
        ("row_expected", "每格期望计数"),
        ("axis_shuffles", "洗牌次数"),
        ("axis_probability", "概率"),
        ("series_fail", "FAIL"),
        ("series_not_pass", "SUSPICIOUS 或 FAIL"),
        ("marker_run", "本次运行"),
        ("axis_position", "位置"),
        ("axis_card", "牌"),
        ("waiting", "运行一个循环即可看到结论。"),
    ],
};
