package attacks

import (
	"sync"

	"github.com/symmagic/attacks/magic"
)

// A plain fancy-magic lookup (magic.NewFancy, Stockfish style) as the
// benchmarks' yardstick, built at first use.
var (
	fancyOnce             sync.Once
	fancyRook, fancyBishp [64]magic.FancyEntry // arrays: a lookup indexes a static address
)

func fancyInit() {
	fancyOnce.Do(func() {
		r, b := magic.NewFancy(7)
		fancyRook, fancyBishp = *r, *b
	})
}

func fancyLookup(e *magic.FancyEntry, occ uint64) uint64 {
	return e.Attacks[((occ&e.Mask)*e.Magic)>>(e.Shift&63)]
}
