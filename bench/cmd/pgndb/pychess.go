package main

import (
	_ "embed"
	"io"

	"github.com/symmagic/attacks/bench/internal/foreign"
	"github.com/symmagic/attacks/bench/internal/pythonchess"
)

//go:embed drivers/pychess.py
var pychessDriver []byte

// pychessMarker is the module of python-chess the driver runs: a
// -python-chess checkout must hold it.
const pychessMarker = "chess/pgn.py"

// pychess is python-chess ready to run, and its version, which the driver
// says.
type pychess struct {
	*pythonchess.Checkout
	chess string
}

// preparePychess finds python3 and python-chess's source (dir, or a clone
// at pythonchess.Commit in the cache) and writes the driver beside its
// other builds. What is missing is a *foreign.Skip.
func preparePychess(dir string, stderr io.Writer) (*pychess, error) {
	cache, err := foreign.CacheDir(cacheName)
	if err != nil {
		return nil, err
	}
	c, err := pythonchess.Prepare(dir, cache, pychessMarker, "pychess.py", pychessDriver, stderr)
	if err != nil {
		return nil, err
	}
	return &pychess{Checkout: c}, nil
}
