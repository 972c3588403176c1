//! The reports' sentences in Chinese: one template per key of the catalogue, the same keys and holes as
//! `en.rs`, with Chinese card names (黑桃A, 小王) filled in by the renderer. The detail of the files stays
//! English (`detail.rs`).

use super::template::Catalogue;

pub(super) static TEMPLATES: Catalogue = Catalogue {
    entries: &[
        // Words inside sentences.
        ("separator.list", "、"),
        ("separator.last", "和"),
        ("card.copy", "{card}（第{copy}副）"),
        ("group.seat", "玩家{seat}"),
        ("group.bottom", "底牌"),
        ("group.undealt", "未发的牌"),
        ("to-group.seat", "发给玩家{seat}"),
        ("to-group.bottom", "进入底牌"),
        ("to-group.undealt", "留在未发的牌里"),
        ("in-group.seat", "玩家{seat}手里"),
        ("in-group.bottom", "底牌里"),
        ("in-group.undealt", "未发的牌里"),
        ("class.suit", "{suit}"),
        ("class.rank", "点数 {rank}"),
        ("class.jokers", "大小王"),
        ("class.other", "第 {class} 类"),
        ("class.face", "{card}"),
        ("class.value", "点值 {value}"),
        ("seat-event.bombs", "拿到炸弹"),
        ("who.seat", "玩家{seat}"),
        ("who.dealer", "庄家"),
        ("seat-count.bombs", "炸弹"),
        ("seat-unit.cards", "张"),
        ("seat-unit.bombs", "个"),
        ("seat-unit.hands", "手"),
        ("favoured.yes", "这个座位占了便宜"),
        ("favoured.no", "这个座位吃了亏"),
        ("verdict.pass", "{verdict}（通过）"),
        ("verdict.none", "无结论（NO VERDICT）"),
        ("verdict.suspicious", "{verdict}（可疑）"),
        ("verdict.fail", "{verdict}（失败）"),
        ("verdict.broken", "{verdict}（损坏）"),
        // A test's finding as a short phrase for tables.
        ("headline.class-by-position", "{class} 在位置 {position}：{ratio}"),
        ("headline.bottom-joker", "底牌含王的比例 {rate}，公平值 {fair}"),
        ("headline.seat-rate", "玩家{seat}{event}的比例 {rate}，公平值 {fair}"),
        ("headline.seat-mean", "玩家{seat} 平均每手 {mean} {unit}{what}，公平值 {fair}"),
        // A test's finding in one sentence.
        (
            "explain.class-by-position.fair",
            "每种{what}出现在每个位置的频率都在随机波动范围内（偏离最大的是 {class} 在位置 {position}，相差 {deviation}）。",
        ),
        (
            "explain.class-by-position.bias",
            "有些{what}偏爱某些位置：{class} 出现在位置 {position} 的次数是公平情况的 {ratio}。",
        ),
        (
            "explain.bottom-joker.gains",
            "底牌归地主所有，而底牌里至少有一张王的牌局占 {rate}，公平值是 {fair}：地主占了便宜。",
        ),
        (
            "explain.bottom-joker.loses",
            "底牌归地主所有，而底牌里至少有一张王的牌局占 {rate}，公平值是 {fair}：地主吃了亏。",
        ),
        ("explain.seat-rate", "玩家{seat}在 {rate} 的牌局中{event}，公平值是 {fair}：{favoured}。"),
        (
            "explain.seat-mean",
            "玩家{seat}平均每手拿到 {mean} {unit}{what}，公平值是 {fair} {unit}（{change}%）：{favoured}。",
        ),
        // Why an external run is partial, and what a built-in run did not count.
        ("partial.strict", "第 {line} 行是第一副无效的牌，审计在此停止（--strict）"),
        ("partial.read-error", "第 {line} 行之后读取出错：{error}"),
        ("partial.producer-failed", "生成程序在 {decks} 副牌之后{ending}"),
        ("ending.exit", "以状态 {code} 退出"),
        ("ending.signal", "被信号 {signal} 终止"),
        ("ending.unknown", "异常结束"),
        ("ending.failed", "异常结束"),
        ("partial.interrupted-one", "读到 {decks} 副牌时被 {signal} 中止"),
        ("partial.interrupted-many", "读到 {decks} 副牌时被 {signal} 中止"),
        ("partial.timed-out-one", "超时：{limit} 后停止，已读 {decks} 副牌"),
        ("partial.timed-out-many", "超时：{limit} 后停止，已读 {decks} 副牌"),
        ("incomplete.timeout", "时间限制已到：完成 {counted} / {planned} 次洗牌"),
        ("incomplete.signal", "被 {signal} 中断：完成 {counted} / {planned} 次洗牌"),
        ("incomplete.shard", "分片 {shard}/{shards}：全程 {planned} 次洗牌中的 {counted} 次"),
        ("incomplete.gaps", "合并的状态缺少第 {gaps} 次洗牌：完成 {counted} / {planned} 次"),
        ("incomplete.more-gaps", "… ({ranges} ranges)"),
        // A run's reason and headline.
        ("reason.partial", "PARTIAL（不完整：{partial}）：{why}"),
        (
            "reason.broken.not-a-permutation",
            "结果不是排列：检查的 {checked} 副牌中有 {invalid} 副出现重复的牌、同时缺了别的牌（第一次出现在第 {first} 次洗牌）。",
        ),
        (
            "reason.broken.non-termination",
            "循环永远不会结束：第 {first} 次洗牌时，有一张牌怎么重试都找不到空位。细节：{description}",
        ),
        ("reason.broken.other", "{kind}：{description}"),
        ("reason.no-deck", "未做任何检验：没有计入任何一副牌"),
        ("reason.no-bias", "没有任何检验发现偏差：{tests} 个检验中最小的 Holm 校正 p 值为 {p}。"),
        (
            "reason.too-uniform",
            "{test}：过于均匀（统计量太小；双侧 p 经 {tests} 个检验的 Holm 校正为 {p}）：真正的随机不会这么整齐。",
        ),
        (
            "reason.weak-signal",
            "{test}：{headline}——信号很弱：单看数字像是偶然，但其{sides} p 值经 {tests} 个检验的 Holm 校正为 {p}；请换一个独立的种子重新检验。",
        ),
        ("reason.bias", "{explanation}（{sides} p 值经 {tests} 个检验的 Holm 校正为 {p}）"),
        ("reason.test", "{test}"),
        ("run-headline.test", "{test}：{headline}"),
        ("parity-word.odd", "奇"),
        ("parity-word.even", "偶"),
        ("cause-headline.no-card-moves", "没有一张牌移动过：每副牌都保持初始顺序"),
        ("cause-headline.one-cycle", "每副牌都是包含全部 {n} 张牌的一个轮换，没有一张牌留在原位：Sattolo 算法"),
        ("cause-headline.fixed-parity", "每副牌都是{parity}排列：一半的牌序永远不会出现"),
        ("cause-headline.follows.all", "{cause}（其他失败都由此而来）"),
        ("cause-headline.follows.some", "{cause}（{tests} 由此而来）"),
        ("cause.no-card-moves", "没有一张牌移动过：{decks} 副牌全部保持初始顺序，这种洗牌让牌保持原样。"),
        (
            "cause.one-cycle",
            "{decks} 副牌中的每一副都是包含全部 {n} 张牌的一个轮换：没有一张牌留在原位，每副牌都是{parity}排列。\
             这就是 Sattolo 算法（`j = r() % i`：交换对象从 i 以下抽取，而 Fisher-Yates 抽到 i 为止），\
             它只能发出 n! 种牌序中的 (n-1)! = 10^{orders} 个轮换。",
        ),
        ("cause.follows.all", "{cause}其他失败都由此而来。"),
        ("cause.follows.some", "{cause}{tests} 的失败由此而来。"),
        ("cause.follows.repeats", "{cause}每种可能的牌序平均被发了约 {times} 次，所有计数都成团：其他失败都由此而来。"),
        ("cause.and", "{cause}除此之外，{test}：{headline}。"),
        (
            "looks-like.next",
            "看起来像 {label}（{summary}）：位置×牌计数与其精确矩阵的距离为 {distance}（每个位置的平均总变差距离），\
             而在 {decks} 副牌时仅抽样噪声就约为 {noise}（X² = {x2}，自由度 {df}，p = {p}）；\
             次接近的 {next} 已被排除（{next_why}）。",
        ),
        (
            "looks-like.alone",
            "看起来像 {label}（{summary}）：位置×牌计数与其精确矩阵的距离为 {distance}（每个位置的平均总变差距离），\
             而在 {decks} 副牌时仅抽样噪声就约为 {noise}（X² = {x2}，自由度 {df}，p = {p}）。",
        ),
        ("looks-like.next-p", "距离 {distance}，p = {p}"),
        ("looks-like.next-impossible", "这些牌落在了它认为不可能的 {cells} 个格子里"),
        ("run-headline.two", "{first}；{second}"),
        ("run-headline.broken.non-termination", "永远不会结束"),
        ("run-headline.broken.not-a-permutation", "不是排列：{share}% 的牌有重复"),
        ("run-headline.broken.other", "{kind}"),
        ("run-headline.no-deck", "未做检验"),
        (
            "run.rules-out",
            "这个 {verdict} 排除了什么：在 {decks} 副牌下，任何一个“位置×牌”格子偏离 {any} 或更多，都会以 {power} \
             的把握判为 FAIL（所有格子以均衡方式各偏离 ±{every} 也会）。",
        ),
        (
            "run.rules-out.little",
            "这个 {verdict} 排除不了什么：在 {decks} 副牌下，只有偏离 {any} 或更多的“位置×牌”格子才会以 {power} \
             的把握判为 FAIL；即使某张牌从不出现在某个位置（偏离 100%），也可能看不出来。要排除真实的偏差，需要统计更多副牌。",
        ),
        ("run-headline.no-bias", "未发现偏差"),
        ("run-headline.too-uniform", "{test}：过于均匀"),
        ("check.error", "{error}"),
        ("check.no-decks", "没有可审计的牌"),
        // The pages' notes.
        ("run-meta.builtin", "随机数发生器 {rng}，{deck} 张牌，洗牌 {shuffles} 次，种子 {seed}"),
        ("run-meta.external", "{deck} 张牌，读入 {shuffles} 副牌"),
        ("external-origin.note", "牌从 {label} 读入：由其他程序生成，不涉及内置的洗牌算法、随机数发生器或种子。"),
        ("exact-heatmap.title", "位置 × 牌：精确概率 / 均匀"),
        ("exact-heatmap.legend", "精确 / 均匀（对数刻度）"),
        ("exact-heatmap.note", "不经抽样直接计算（{draws}）；没有噪声"),
        (
            "exact-heatmap.caption",
            "由算法和随机数分布精确算出的同一矩阵：洗牌次数增加时抽样热图收敛到的样子，色标相同。",
        ),
        (
            "exact-skipped.note",
            "本报告未计算精确矩阵：{label}（{n} 张牌）约需 {work} 次双双精度运算，是报告预算 {budget}（约一秒）的 \
             {times} 倍。可用 `{command}` 计算{draws}。",
        ),
        ("exact-skipped.ideal-draws", "（理想抽样；本次运行的 32 位抽样与之在每格相差约 n/2^32）"),
        ("exact-skipped.own-draws", ""),
        ("heatmap.noise-note", "洗牌 {shuffles} 次；单格噪声 ±{sd}%（1 个标准差）；色标截断于 {clamp}"),
        ("detection.at-once", "几次洗牌就够了：偏差几乎立刻可见。"),
        ("detection.shuffles", "大约需要洗 {count} 次{scientific}才会判定 FAIL；本次运行洗了 {done} 次。"),
        (
            "detection.not-detectable",
            "无法察觉：洗牌 {done} 次时统计量处在噪声范围内。即使存在偏差，也要洗大约 {count} 次{scientific}以上才能看出来。",
        ),
        ("detection.broken", "一次就够：第 {first} 次洗牌就暴露了问题，不需要统计检验。"),
    ],
    tests: super::sentences::ZH,
};
