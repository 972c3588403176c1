// Golden outputs of java.util.Random for shuffle-audit's `--rng java`: raw draws, nextInt(bound), the
// Collections.shuffle deck, the fisher-yates loop with nextInt(i+1), and a stable sort by nextInt() keys.
// Every deck starts from 0..n-1. Run by scripts/runtime-golden.sh; the output is expected.txt.
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

public class Golden {
    static final long[] SEEDS = {0L, 1L, 42L, 20261130L, 9007199254740993L, -1L};
    static final int[] SIZES = {2, 10, 52, 54, 1024};

    static String join(List<Integer> xs) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < xs.size(); i++) {
            if (i > 0) b.append(' ');
            b.append(xs.get(i));
        }
        return b.toString();
    }

    static List<Integer> fresh(int n) {
        List<Integer> d = new ArrayList<>();
        for (int i = 0; i < n; i++) d.add(i);
        return d;
    }

    public static void main(String[] args) {
        for (long seed : SEEDS) {
            Random r = new Random(seed);
            StringBuilder raw = new StringBuilder();
            for (int k = 0; k < 8; k++) raw.append(k > 0 ? " " : "").append(Integer.toUnsignedString(r.nextInt()));
            System.out.println("raw " + Long.toUnsignedString(seed) + " " + raw);
            r = new Random(seed);
            StringBuilder below = new StringBuilder();
            int[] bounds = {1, 2, 3, 52, 64, 1000, 1 << 30, (1 << 30) + 1, Integer.MAX_VALUE};
            for (int k = 0; k < bounds.length; k++) below.append(k > 0 ? " " : "").append(bounds[k]).append(':').append(r.nextInt(bounds[k]));
            System.out.println("below " + Long.toUnsignedString(seed) + " " + below);
            for (int n : SIZES) {
                List<Integer> d = fresh(n);
                Collections.shuffle(d, new Random(seed));
                System.out.println("library-shuffle " + Long.toUnsignedString(seed) + " " + n + " " + join(d));
                d = fresh(n);
                Random g = new Random(seed);
                for (int i = n - 1; i >= 1; i--) Collections.swap(d, i, g.nextInt(i + 1));
                System.out.println("fisher-yates " + Long.toUnsignedString(seed) + " " + n + " " + join(d));
                Random h = new Random(seed);
                List<int[]> keyed = new ArrayList<>();
                for (int i = 0; i < n; i++) keyed.add(new int[] {h.nextInt(), i});
                keyed.sort(Comparator.comparingInt(p -> p[0]));
                List<Integer> s = new ArrayList<>();
                for (int[] p : keyed) s.add(p[1]);
                System.out.println("sort-random-key " + Long.toUnsignedString(seed) + " " + n + " " + join(s));
            }
        }
    }
}
