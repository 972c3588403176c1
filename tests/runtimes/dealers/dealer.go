// A 斗地主 dealer as Go game servers write it: rand.Seed(time.Now().Unix()), then Fisher–Yates with
// rand.Intn(i + 1), dealt in blocks of 17 with 3 bottom cards. Prints the hands as card ids 0..53.
// (Go 1.24 and later ignore rand.Seed unless GODEBUG=randseednop=0, which scripts/runtime-crack.sh sets.)
package main

import (
	"fmt"
	"math/rand"
	"strings"
	"time"
)

func main() {
	rand.Seed(time.Now().Unix())
	deck := make([]int, 54)
	for c := range deck {
		deck[c] = c
	}
	for i := len(deck) - 1; i > 0; i-- {
		j := rand.Intn(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	for seat := 0; seat < 3; seat++ {
		hand := make([]string, 17)
		for k := range hand {
			hand[k] = fmt.Sprint(deck[17*seat+k])
		}
		fmt.Printf("seat %d: %s\n", seat+1, strings.Join(hand, " "))
	}
	fmt.Printf("bottom: %d %d %d\n", deck[51], deck[52], deck[53])
}
