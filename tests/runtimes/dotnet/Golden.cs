// Golden outputs of System.Random(int seed) for shuffle-audit's `--rng dotnet`: raw draws (Next()), Next(max),
// the fisher-yates loop with Next(i+1), and deck.OrderBy(x => rng.Next()).ToList(). Every deck starts from
// 0..n-1. Run by scripts/runtime-golden.sh; the output is expected.txt.
using System;
using System.Collections.Generic;
using System.Linq;

public static class Golden
{
    static readonly int[] Seeds = { 0, 1, 42, 20261130, int.MaxValue };
    static readonly int[] Sizes = { 2, 10, 52, 54, 1024 };

    static List<int> Fresh(int n) => Enumerable.Range(0, n).ToList();

    public static void Main()
    {
        foreach (int seed in Seeds)
        {
            var r = new Random(seed);
            var raw = new List<string>();
            for (int k = 0; k < 8; k++) raw.Add(r.Next().ToString());
            Console.WriteLine("raw " + seed + " " + string.Join(" ", raw));
            r = new Random(seed);
            var below = new List<string>();
            foreach (int b in new[] { 1, 2, 3, 52, 64, 1000, 1 << 30, (1 << 30) + 1, int.MaxValue })
                below.Add(b + ":" + r.Next(b));
            Console.WriteLine("below " + seed + " " + string.Join(" ", below));
            foreach (int n in Sizes)
            {
                var d = Fresh(n);
                var g = new Random(seed);
                for (int i = n - 1; i >= 1; i--)
                {
                    int j = g.Next(i + 1);
                    int t = d[i]; d[i] = d[j]; d[j] = t;
                }
                Console.WriteLine("fisher-yates " + seed + " " + n + " " + string.Join(" ", d));
                var h = new Random(seed);
                var s = Fresh(n).OrderBy(x => h.Next()).ToList();
                Console.WriteLine("sort-random-key " + seed + " " + n + " " + string.Join(" ", s));
            }
        }
    }
}
