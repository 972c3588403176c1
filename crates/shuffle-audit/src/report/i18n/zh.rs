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
        ("class-word.suit", "花色"),
        ("class-word.rank", "点数"),
        ("class.face", "{card}"),
        ("class.value", "点值 {value}"),
        ("class-word.face", "牌"),
        ("class-word.value", "点值"),
        ("coup.banker", "庄赢"),
        ("coup.player", "闲赢"),
        ("coup.tie", "和局"),
        ("seat-event.rocket", "拿到王炸"),
        ("seat-event.bomb", "拿到炸弹"),
        ("seat-event.big-cards", "拿到炸弹"),
        ("seat-event.bombs", "拿到炸弹"),
        ("seat-event.jokers", "拿到王"),
        ("seat-event.straight-flush", "拿到同花顺"),
        ("seat-event.natural", "在牌靴第一轮拿到黑杰克"),
        ("who.seat", "玩家{seat}"),
        ("who.dealer", "庄家"),
        ("seat-count.rocket", "炸弹"),
        ("seat-count.bomb", "炸弹"),
        ("seat-count.big-cards", "大牌（A、2、王）"),
        ("seat-count.bombs", "炸弹"),
        ("seat-count.jokers", "王"),
        ("seat-count.straight-flush", "同花顺"),
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
        ("headline.no-cell-stands-out", "没有哪个格子突出：每格都在公平值的 ±{band} 以内"),
        (
            "headline.position-card.home",
            "{most} 在位置 {most_position}：{most_ratio}；{least} 在位置 {least_position}：{least_ratio}",
        ),
        (
            "headline.position-card",
            "{most} 在位置 {most_position}：{most_ratio}；{least} 在位置 {least_position}：{least_ratio}",
        ),
        ("headline.position-worst", "位置 {position} 最不均匀：最大偏离 {ratio}"),
        ("headline.card-worst", "{card} 最不均匀：最大偏离 {ratio}"),
        ("headline.adjacency", "{next} 紧跟在 {first} 之后：{ratio}"),
        ("headline.face-adjacency", "{next} 紧跟在 {first} 之后（按牌面）：{ratio}"),
        ("headline.face-serial", "下一个牌靴同一位置 {from} 之后是 {to}：{ratio}；牌面保留 {kept}"),
        ("headline.parity.never-odd", "从不出现奇排列"),
        ("headline.parity.never-even", "从不出现偶排列"),
        ("headline.parity.share", "奇排列占 {share}%（公平：50%）"),
        ("headline.fixed-points.none", "没有一张牌留在原位（公平：平均每副 1 张）"),
        ("headline.fixed-points.always", "每副牌都恰好有 {value} 个不动点"),
        ("headline.cycles.one", "每副牌都是一个轮换（公平：平均 {fair} 个循环）"),
        ("headline.cycles.always", "每副牌都恰好有 {value} 个循环（公平：平均 {fair} 个）"),
        ("headline.fixed-points.mean", "平均每副牌 {mean} 个不动点（公平：1）"),
        ("headline.fixed-points.worst-one", "{value} 个不动点：出现次数是公平情况的 {ratio}"),
        ("headline.fixed-points.worst-many", "{value} 个不动点：出现次数是公平情况的 {ratio}"),
        ("headline.cycles.never", "从未出现 {cycles} 个循环（期望 {expected} 次）；平均 {mean} 个（公平 {fair}）"),
        ("headline.cycles.worst", "平均 {mean} 个循环（公平 {fair}）；{value} 个循环：{ratio}"),
        ("headline.rising.mean", "平均 {mean} 个上升序列（公平 {fair}）"),
        ("headline.rising.worst", "{value} 个上升序列：出现次数是公平情况的 {ratio}"),
        ("headline.descents.mean", "平均每副牌 {mean} 个下降（公平 {fair}）"),
        ("headline.descents.worst", "{value} 个下降：出现次数是公平情况的 {ratio}"),
        ("headline.turning.mean", "平均每副牌 {mean} 个谷（公平 {fair}）"),
        ("headline.turning.worst", "{value} 个转折点：出现次数是公平情况的 {ratio}"),
        ("headline.clumping.mean", "平均每个牌靴 {mean} 对相邻同点值的牌（公平 {fair}）"),
        ("headline.clumping.worst", "{value} 对相邻同点值的牌：出现次数是公平情况的 {ratio}"),
        ("headline.runs-ud.mean", "平均每副牌 {mean} 段升降游程（公平 {fair}）"),
        ("guesser.marginal", "按位置计数"),
        ("guesser.successor", "按上一张的后继计数"),
        ("guesser.above-last", "上一张之上的最小牌"),
        ("headline.lis.mean", "最长递增子序列平均 {mean} 张（公平 {fair}）"),
        ("headline.lis.worst", "最长递增子序列为 {value} 张：出现次数是公平情况的 {ratio}"),
        ("headline.guess", "「{guesser}」猜牌器每副比随机多猜对 {extra} 张（99%：{low} 至 {high}）"),
        ("headline.guess-shoe", "「{guesser}」猜牌器每个牌靴比随机多猜对 {extra} 张（99%：{low} 至 {high}）"),
        ("headline.runs-ud.worst", "{value} 段升降游程：出现次数是公平情况的 {ratio}"),
        ("headline.inversions", "{inverted}% 的牌对顺序颠倒（公平 50%），偏移 {shift} 个标准差"),
        ("headline.full-permutation.never", "{orders} 种牌序中有 {never} 种从未出现"),
        ("headline.full-permutation.most", "牌序 {order} 出现的次数是公平情况的 {ratio}"),
        ("headline.class-by-position", "{class} 在位置 {position}：{ratio}"),
        ("headline.serial-correlation", "位置 {from} → 下一副牌的位置 {to}：{ratio}；r = {r}"),
        ("headline.second-level", "最不均匀的统计量在 {samples} 个样本上的 p 值：KS p {ks}，AD p {ad}"),
        ("headline.duplicate-decks.none", "前 {decks} 副牌中没有重复的牌"),
        ("headline.duplicate-decks.repeats", "前 {decks} 副牌中有 {repeats} 副重复：只有约 {space} 种可能的牌序"),
        ("headline.bottom-joker", "底牌含王的比例 {rate}，公平值 {fair}"),
        ("headline.seat-rate", "玩家{seat}{event}的比例 {rate}，公平值 {fair}"),
        ("headline.seat-mean", "玩家{seat} 平均每手 {mean} {unit}{what}，公平值 {fair}"),
        ("headline.natural-rounds", "{who}在 {rounds} 轮中拿到 {naturals} 次黑杰克，公平值 {expected}"),
        ("headline.baccarat-odds", "每个牌靴的第一局{outcome}的比例 {rate}，公平值 {fair}"),
        ("headline.niu-seat", "玩家{seat}拿到{niu}的比例 {rate}，公平值 {fair}"),
        ("headline.seat-card", "{most} {most_to}：{most_ratio}；{least} {least_to}：{least_ratio}"),
        ("headline.seat-worst", "{group} 最不均匀：{card} 出现的次数是公平情况的 {ratio}"),
        ("headline.card-seat-worst", "{card} {to}的次数是公平情况的 {ratio}"),
        // A test's finding in one sentence.
        (
            "explain.position-card.diffuse",
            "牌的位置整体上有偏：每次洗牌的非中心参数为 {per_shuffle}（99% 区间 {low}..{high}），相当于每格偏离 ±{rms}%，\
             但没有哪个格子超出它的噪声带（±{band}）。",
        ),
        (
            "explain.position-card.noise",
            "每张牌落在每个位置的频率都在随机波动范围内：偏离最大的是 {card} 在位置 {position}，比公平情况多 {excess}%，属于噪声。",
        ),
        (
            "explain.position-card.bias",
            "有些牌偏爱某些位置：{most} 落在位置 {most_position} 的次数是应有的 {most_ratio}，而 {least} 落在位置 \
             {least_position} 只有 {least_ratio}。",
        ),
        (
            "explain.position-worst",
            "最不均匀的位置是位置 {position}：偏离最大的是 {card} 落在这里的次数，与公平情况相差 {deviation}。",
        ),
        (
            "explain.card-worst",
            "最不均匀的牌是 {card}：偏离最大的是它落在位置 {position} 的次数，与公平情况相差 {deviation}。",
        ),
        (
            "explain.adjacency.fair",
            "哪张牌跟在哪张牌后面与随机情况一致：最常见的相邻组合（{first} 后面是 {next}）与公平情况相差 {deviation}，属于噪声。",
        ),
        (
            "explain.adjacency.bias",
            "牌原有的先后顺序在洗牌后保留了下来：{next} 紧跟在 {first} 之后的次数是应有的 {ratio}。\
             即使每个位置的统计看起来完全公平，也会出现这种情况（切牌正是如此）。",
        ),
        (
            "explain.parity.all-even",
            "全部 {decks} 副牌都是偶排列：有一半的牌序永远不可能由这种洗牌产生\
             （固定次数的两两交换，每次交换两张不同的牌，得到的排列奇偶性总是相同）。",
        ),
        (
            "explain.parity.all-odd",
            "全部 {decks} 副牌都是奇排列：有一半的牌序永远不可能由这种洗牌产生\
             （固定次数的两两交换，每次交换两张不同的牌，得到的排列奇偶性总是相同）。",
        ),
        ("explain.parity.fair", "奇排列和偶排列出现得一样多，符合预期（奇排列占 {share}%）。"),
        ("explain.parity.bias", "奇排列占 {share}%，而不是一半。"),
        ("explain.fixed-points.fair", "留在原位的牌和随机情况一样多（平均每副牌 {mean} 张，公平值为 1）。"),
        (
            "explain.fixed-points.none",
            "没有任何一副牌有牌留在原位，而公平的洗牌平均每副会留下 1 张：这种洗牌每次都移动每一张牌，\
             因而排除了所有带不动点的牌序。",
        ),
        ("explain.fixed-points.always", "每副牌都恰好有 {value} 张牌留在原位，而公平洗牌的这个数在 1 附近随牌而变。"),
        (
            "explain.fixed-points.few-one",
            "平均每副牌只有 {mean} 张牌留在原位，而不是 1 张；恰好 {value} 个不动点的情况出现的次数是应有的 {ratio}：\
             这种洗牌把牌移离原位的次数比随机情况更多。",
        ),
        (
            "explain.fixed-points.few-many",
            "平均每副牌只有 {mean} 张牌留在原位，而不是 1 张；恰好 {value} 个不动点的情况出现的次数是应有的 {ratio}：\
             这种洗牌把牌移离原位的次数比随机情况更多。",
        ),
        (
            "explain.fixed-points.bias-one",
            "平均每副牌有 {mean} 张牌留在原位，而不是 1 张；恰好 {value} 个不动点的情况出现的次数是应有的 {ratio}：\
             这种洗牌没有把每张牌都充分移动。",
        ),
        (
            "explain.fixed-points.bias-many",
            "平均每副牌有 {mean} 张牌留在原位，而不是 1 张；恰好 {value} 个不动点的情况出现的次数是应有的 {ratio}：\
             这种洗牌没有把每张牌都充分移动。",
        ),
        ("explain.cycles.fair", "洗好的牌分解成的循环个数与随机排列一致（平均 {mean} 个，公平值 {fair}）。"),
        (
            "explain.cycles.one",
            "每副牌都是包含全部牌的一个轮换（公平洗牌平均有 {fair} 个循环）：没有一张牌能留在原位，正如 Sattolo 算法。",
        ),
        ("explain.cycles.always", "每副牌都恰好有 {value} 个循环（公平洗牌平均 {fair} 个）。"),
        (
            "explain.cycles.never",
            "没有任何一副牌恰好分解成 {cycles} 个循环，而公平的洗牌应出现约 {expected} 次：\
             有一整类牌序根本无法产生（循环个数决定了排列的奇偶性）。",
        ),
        (
            "explain.cycles.bias",
            "牌平均分解成 {mean} 个循环，而不是 {fair} 个；{value} 个循环出现的次数是应有的 {ratio}。",
        ),
        ("explain.inversions.fair", "顺序颠倒的牌对与随机排列一样多（占全部牌对的 {inverted}%，公平值 50%）。"),
        (
            "explain.inversions.keeps-order",
            "这些牌比随机排列保留了更多的初始顺序：顺序颠倒的牌对占 {inverted}%，而不是 50%。",
        ),
        (
            "explain.inversions.reverses-order",
            "这些牌比随机排列更多地颠倒了初始顺序：顺序颠倒的牌对占 {inverted}%，而不是 50%。",
        ),
        ("explain.inversions.law", "顺序颠倒的牌对数量不符合其精确分布，尽管平均值是对的：某些取值出现得过多或过少。"),
        ("explain.descents.fair", "逐张读牌，牌面数值下降的次数与随机排列一样多（每副 {mean} 次，公平值 {fair}）。"),
        (
            "explain.descents.bias",
            "逐张读牌，牌面数值平均每副下降 {mean} 次，而不是 {fair} 次：数值的起伏有随机排列没有的形状。",
        ),
        (
            "explain.turning.fair",
            "峰和谷（比两侧的牌都大或都小的牌）与随机排列一样多（每副平均 {mean} 个谷，公平值 {fair}）。",
        ),
        (
            "explain.turning.bias",
            "平均每副牌有 {mean} 个谷（比两侧的牌都小的牌），而不是 {fair} 个，或峰与谷的比例不对：\
             这是把牌放在牌堆顶部或底部来组成牌堆的洗牌机留下的痕迹，它的每一堆牌先降后升。",
        ),
        (
            "explain.lis.fair",
            "最长递增子序列（能按从小到大顺序挑出的最多张数）与随机排列一样长（每副平均 {mean} 张，公平值 {fair}）。",
        ),
        (
            "explain.lis.bias",
            "每副牌能按从小到大顺序挑出的最多张数平均为 {mean}，而不是 {fair}：牌保留了原有顺序中长长的递增线索\
             （鸽尾洗牌或把几堆牌交错合并的洗牌机会留下它们），或者比随机更多地打断了它们。",
        ),
        (
            "explain.guess.fair",
            "看过本次运行前面的牌（每次最多 16,384 副）、根据已亮出的牌猜下一张的玩家，每副猜对 {right} 张，\
             与随机一样（{chance}）：{decks} 副牌中每副多猜对 {extra} 张（99%：{low} 至 {high}），猜牌器为「{guesser}」。",
        ),
        (
            "explain.guess.bias",
            "看过这些牌（每次最多 16,384 副）、根据已亮出的牌猜下一张的玩家，每副比随机多猜对 {extra} 张\
             （99%：{low} 至 {high}）：共 {decks} 副，每副猜对 {right} 张，而随机只有 {chance} 张，猜牌器为「{guesser}」。",
        ),
        (
            "explain.guess-shoe.fair",
            "看过本次运行前面的牌靴（每次最多 16,384 个）、根据已亮出的牌猜下一张的玩家，每个牌靴猜对 {right} 张，\
             与随机一样（{chance}）：{decks} 个牌靴中每个多猜对 {extra} 张（99%：{low} 至 {high}），猜牌器为「{guesser}」。",
        ),
        (
            "explain.guess-shoe.bias",
            "看过这些牌靴（每次最多 16,384 个）、根据已亮出的牌猜下一张的玩家，每个牌靴比随机多猜对 {extra} 张\
             （99%：{low} 至 {high}）：共 {decks} 个牌靴，每个牌靴猜对 {right} 张，而随机只有 {chance} 张，猜牌器为「{guesser}」。",
        ),
        ("explain.clumping.fair", "同点值的牌相邻的次数与公平洗过的牌靴一样多（每个牌靴 {mean} 对，公平值 {fair}）。"),
        (
            "explain.clumping.bias",
            "同点值的牌平均每个牌靴相邻 {mean} 次，而不是 {fair}：点值扎堆（或分散）的程度超出了公平洗牌所允许的范围。",
        ),
        ("explain.runs-ud.fair", "数值连续上升和连续下降的段数与随机排列一样多（每副 {mean} 段，公平值 {fair}）。"),
        (
            "explain.runs-ud.bias",
            "牌面数值的升降段数平均每副为 {mean}，而不是 {fair}：数值上升和下降的段落比随机排列的更长或更短。",
        ),
        ("explain.rising.fair", "仍按原有顺序排列的连续牌段与随机排列一样多（平均 {mean} 个，公平值 {fair}）。"),
        (
            "explain.rising.bias",
            "平均每副牌有 {mean} 个上升序列（仍按原有顺序排列的一串连续的牌），而不是 {fair} 个：\
             原来的顺序在洗牌后保留了下来，就像鸽尾式洗牌次数太少或只切了牌一样。",
        ),
        (
            "explain.full-permutation.fair",
            "{n} 张牌的全部 {orders} 种牌序出现得差不多一样多（平均每种 {expected} 次）。",
        ),
        (
            "explain.full-permutation.never",
            "{orders} 种可能的牌序中有 {never} 种从未出现，而每种本应出现约 {expected} 次。",
        ),
        (
            "explain.full-permutation.bias",
            "有些牌序受到偏爱：{most} 出现的次数是应有的 {most_ratio}，而 {least} 只有 {least_ratio}。",
        ),
        (
            "explain.class-by-position.fair",
            "每种{what}出现在每个位置的频率都在随机波动范围内（偏离最大的是 {class} 在位置 {position}，相差 {deviation}）。",
        ),
        (
            "explain.class-by-position.bias",
            "有些{what}偏爱某些位置：{class} 出现在位置 {position} 的次数是公平情况的 {ratio}。",
        ),
        (
            "explain.second-level.fair",
            "{samples} 个样本（每个 {decks} 副牌）逐一检验，每个统计量（共 {groups} 个）的 p 值在各样本间均匀分布于 0 到 1 \
             之间，与公平洗牌一致：最不均匀的一个 KS p {ks}，AD p {ad}。",
        ),
        (
            "explain.second-level.bias",
            "逐个样本检验（{samples} 个样本，每个 {decks} 副牌）时，有一个统计量的 p 值没有均匀分布于 0 到 1 之间\
             （KS D = {d}，p {ks}；AD p {ad}）：每个样本都带有一点偏差，累积起来就显现了。",
        ),
        (
            "explain.face-adjacency.fair",
            "哪种牌面跟在哪种牌面后面与公平洗过的牌靴一致：最常见的组合（{first} 后面是 {next}）与公平情况相差 {deviation}，属于噪声。",
        ),
        (
            "explain.face-adjacency.bias",
            "牌靴保留了牌面原有的先后顺序：{next} 紧跟在 {first} 之后的次数是应有的 {ratio}。\
             即使各牌面在每个位置的统计看起来公平，成块的牌仍可能没有被打散。",
        ),
        (
            "explain.face-serial.fair",
            "相邻两个牌靴互不相关，符合预期：某个位置这一次的牌面，不能说明它下一次的牌面（牌面保留的次数是公平情况的 {kept}）。",
        ),
        (
            "explain.face-serial.bias",
            "相邻两个牌靴相互关联：上一个牌靴是 {from} 的位置，下一个牌靴出现 {to} 的次数是随机情况的 {ratio}\
             （同一位置牌面保留的次数是公平情况的 {kept}）；牌靴没有重新充分洗牌，或者随机数发生器在重复。",
        ),
        (
            "explain.serial-correlation.fair",
            "相邻两副牌互不相关，符合预期：一张牌这一次落在哪里，不能说明它下一次落在哪里（相关系数 {r}）。",
        ),
        (
            "explain.serial-correlation.bias",
            "相邻两副牌相互关联：这一副牌位置 {from} 上的牌，在下一副牌中落到位置 {to} 的次数是位置分布相同、彼此独立的牌副的 {ratio}\
             （位置相关系数 {r}）；随机数发生器的输出序列在重复，或者可以预测。",
        ),
        (
            "explain.duplicate-decks.fair",
            "前 {decks} 副牌中没有任何两副完全相同，符合一个能发出所有牌序的洗牌（公平洗牌预期 {fair_pairs} \
             对重复）：这些牌至少来自 {space} 种等可能的牌序。但这并不说明发牌不可预测：用时钟做种子的随机数发生器也能通过。",
        ),
        (
            "explain.duplicate-decks.repeats",
            "前 {decks} 副牌中有 {repeats} 副与之前的某副牌完全相同（{pairs} 对重复，公平洗牌预期只有 \
             {fair_pairs} 对）：这些牌只来自约 {space} 种可能的牌序（95% 区间：{interval}），就像发牌程序每一局都从很小的种子空间\
             重新设置随机数种子。每一副牌单独看都可能完全均匀，但知道种子空间的人可以列出发牌程序能发出的每一局牌。",
        ),
        (
            "explain.bottom-joker.gains",
            "底牌归地主所有，而底牌里至少有一张王的牌局占 {rate}，公平值是 {fair}：地主占了便宜。",
        ),
        (
            "explain.bottom-joker.loses",
            "底牌归地主所有，而底牌里至少有一张王的牌局占 {rate}，公平值是 {fair}：地主吃了亏。",
        ),
        (
            "explain.natural-rounds",
            "{shoes} 个牌靴共 {rounds} 轮中，{who}拿到 {naturals} 次黑杰克，而按每轮开始前剩下的牌，公平值是 {expected} 次（{change}%）：{favoured}。",
        ),
        ("explain.seat-rate", "玩家{seat}在 {rate} 的牌局中{event}，公平值是 {fair}：{favoured}。"),
        (
            "explain.seat-mean",
            "玩家{seat}平均每手拿到 {mean} {unit}{what}，公平值是 {fair} {unit}（{change}%）：{favoured}。",
        ),
        ("explain.niu-seat", "玩家{seat}的牌不符合公平发牌的概率：{niu}在它的手牌中占 {rate}，公平值是 {fair}。"),
        (
            "explain.baccarat-odds.chance",
            "每个牌靴的第一局与公平牌靴的精确概率只差随机波动：{deals} 个牌靴中庄赢 {banker}、闲赢 {player}、和局 {tie}（公平值 {fair_banker}、{fair_player}、{fair_tie}）。",
        ),
        (
            "explain.baccarat-odds",
            "每个牌靴的第一局不符合公平牌靴的精确概率：{outcome}的比例是 {rate}，公平值是 {fair}（{deals} 个牌靴中庄赢 {banker}、闲赢 {player}、和局 {tie}）。",
        ),
        (
            "explain.seat-card.noise",
            "每张牌发到每个座位的频率都在随机波动范围内：偏离最大的组合（{card} {to}）与公平情况相差 {deviation}，属于噪声。",
        ),
        (
            "explain.seat-card.bias",
            "有些座位比其他座位更常拿到某些牌：{most} {most_to}的次数是应有的 {most_ratio}，而 {least} {least_to}只有 \
             {least_ratio}。",
        ),
        ("explain.seat-worst", "分到的牌最不均匀的是{group}：{card} 出现在{in}的次数与公平情况相差 {deviation}。"),
        ("explain.card-seat-worst", "去向最不随机的牌是 {card}：它{to}的次数与公平情况相差 {deviation}。"),
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
};
