// Golden outputs of Go's math/rand (the source of Go before 1.20, still what rand.NewSource gives) for
// shuffle-audit's `--rng go`: raw Uint32() draws, Intn(bound), the rand.Shuffle deck, the fisher-yates loop
// with Intn(i+1), a stable sort by Int63() keys, and rand.Perm(n). Every deck starts from 0..n-1. Run by
// scripts/runtime-golden.sh; the output is expected.txt.
package main

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
)

var seeds = []int64{0, 1, 42, 20261130, 89482311, 2147483647, 1796126400, 9007199254740993, -1}
var sizes = []int{2, 10, 52, 54, 1024}

func join(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}

func fresh(n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = i
	}
	return d
}

func main() {
	for _, seed := range seeds {
		u := uint64(seed)
		r := rand.New(rand.NewSource(seed))
		raw := make([]string, 8)
		for k := range raw {
			raw[k] = fmt.Sprint(r.Uint32())
		}
		fmt.Printf("raw %d %s\n", u, strings.Join(raw, " "))
		r = rand.New(rand.NewSource(seed))
		bounds := []int{1, 2, 3, 52, 64, 1000, 1 << 30, 1<<30 + 1, 1<<31 - 1, 1 << 31, 1<<32 - 1}
		below := make([]string, len(bounds))
		for k, b := range bounds {
			below[k] = fmt.Sprintf("%d:%d", b, r.Intn(b))
		}
		fmt.Printf("below %d %s\n", u, strings.Join(below, " "))
		for _, n := range sizes {
			d := fresh(n)
			g := rand.New(rand.NewSource(seed))
			g.Shuffle(n, func(i, j int) { d[i], d[j] = d[j], d[i] })
			fmt.Printf("library-shuffle %d %d %s\n", u, n, join(d))
			d = fresh(n)
			g = rand.New(rand.NewSource(seed))
			for i := n - 1; i > 0; i-- {
				j := g.Intn(i + 1)
				d[i], d[j] = d[j], d[i]
			}
			fmt.Printf("fisher-yates %d %d %s\n", u, n, join(d))
			g = rand.New(rand.NewSource(seed))
			type keyed struct {
				key  int64
				card int
			}
			ks := make([]keyed, n)
			for i := range ks {
				ks[i] = keyed{g.Int63(), i}
			}
			sort.SliceStable(ks, func(a, b int) bool { return ks[a].key < ks[b].key })
			s := make([]int, n)
			for i, k := range ks {
				s[i] = k.card
			}
			fmt.Printf("sort-random-key %d %d %s\n", u, n, join(s))
			g = rand.New(rand.NewSource(seed))
			fmt.Printf("perm %d %d %s\n", u, n, join(g.Perm(n)))
		}
	}
}
