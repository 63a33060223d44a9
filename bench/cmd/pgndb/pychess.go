package main

import (
	_ "embed"
	"io"
	"path/filepath"

	"github.com/symmagic/attacks/bench/internal/foreign"
)

//go:embed drivers/pychess.py
var pychessDriver []byte

// pychessURL and pychessCommit: the python-chess the command clones (master,
// 12 July 2026, version 1.11.2, as bench/cmd/syzygy's) when -python-chess
// does not give a checkout.
const (
	pychessURL    = "https://github.com/niklasf/python-chess"
	pychessCommit = "9c24454dcea4f8a30259d811a2f10b26e911deb4"
)

// pychessSource is python-chess's source: -python-chess DIR, or a clone
// at pychessCommit.
var pychessSource = foreign.Source{Name: "python-chess", URL: pychessURL, Commit: pychessCommit,
	Flag: "python-chess", Marker: "chess/pgn.py"}

// python3 is the Python that runs python-chess, which needs its standard
// library alone.
var python3 = foreign.Lookup{What: "Python 3", Names: []string{"python3"}, Install: "apt-get install python3"}

// pychess is a python-chess checkout, the python that runs it, and the
// driver.
type pychess struct {
	src, python, version, driver string
	chess                        string // python-chess's version, from the driver
}

// preparePychess finds python3 and python-chess's source (dir, or a clone
// at pychessCommit in the cache) and writes the driver beside its other
// builds. What is missing is a *foreign.Skip.
func preparePychess(dir string, stderr io.Writer) (*pychess, error) {
	python, err := python3.Find(pychessSource.Name)
	if err != nil {
		return nil, err
	}
	cache, err := foreign.CacheDir(cacheName)
	if err != nil {
		return nil, err
	}
	src, work, err := pychessSource.Prepare(dir, cache, "python-chess", map[string][]byte{"pychess.py": pychessDriver}, stderr)
	if err != nil {
		return nil, err
	}
	return &pychess{src: src, python: python.Path, version: python.Version, driver: filepath.Join(work, "pychess.py")}, nil
}
