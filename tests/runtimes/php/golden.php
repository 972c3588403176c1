<?php
// Golden outputs of PHP's mt_rand (MT_RAND_MT19937, the default mode) for shuffle-audit's `--rng php`: raw
// 32-bit outputs (mt_rand(0, 4294967295)), mt_rand(0, bound - 1), shuffle(), the fisher-yates loop with
// mt_rand(0, $i), and a stable sort (PHP 8) by mt_rand() keys. Every deck starts from 0..n-1. Run by
// scripts/runtime-golden.sh with php; the output is expected.txt.
$seeds = [0, 1, 42, 20261130, 1796126400, 4294967295];
$sizes = [2, 10, 52, 54, 1024];
$bounds = [1, 2, 3, 52, 64, 1000, 1 << 30, (1 << 30) + 1, 2147483647, 4294967295];
foreach ($seeds as $seed) {
    mt_srand($seed);
    $raw = [];
    for ($k = 0; $k < 8; $k++) {
        $raw[] = mt_rand(0, 4294967295);
    }
    echo "raw $seed " . implode(' ', $raw) . "\n";
    mt_srand($seed);
    $below = [];
    foreach ($bounds as $b) {
        $below[] = "$b:" . mt_rand(0, $b - 1);
    }
    echo "below $seed " . implode(' ', $below) . "\n";
    foreach ($sizes as $n) {
        $d = range(0, $n - 1);
        mt_srand($seed);
        shuffle($d);
        echo "library-shuffle $seed $n " . implode(' ', $d) . "\n";
        $d = range(0, $n - 1);
        mt_srand($seed);
        for ($i = $n - 1; $i > 0; $i--) {
            $j = mt_rand(0, $i);
            [$d[$i], $d[$j]] = [$d[$j], $d[$i]];
        }
        echo "fisher-yates $seed $n " . implode(' ', $d) . "\n";
        mt_srand($seed);
        $keyed = [];
        for ($c = 0; $c < $n; $c++) {
            $keyed[] = [mt_rand(), $c];
        }
        usort($keyed, fn($a, $b) => $a[0] <=> $b[0]);
        echo "sort-random-key $seed $n " . implode(' ', array_column($keyed, 1)) . "\n";
    }
}
