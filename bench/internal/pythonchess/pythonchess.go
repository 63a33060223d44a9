// Package pythonchess gets python-chess (github.com/niklasf/python-chess,
// Python) for the bench's commands that run it: its pinned commit, its
// source (a command's -python-chess checkout, or a clone at Commit in the
// command's folder of the user's cache, through bench/internal/foreign),
// the Python 3 that runs it, and the command's driver written beside its
// builds. The command keeps what its driver speaks.
package pythonchess

import (
	"io"
	"path/filepath"

	"github.com/symmagic/attacks/bench/internal/foreign"
)

// URL is python-chess's repository; Commit the commit a command clones
// (master, 12 July 2026, version 1.11.2) when its -python-chess flag gives
// no checkout.
const (
	URL    = "https://github.com/niklasf/python-chess"
	Commit = "9c24454dcea4f8a30259d811a2f10b26e911deb4"
)

// python3 is the Python that runs python-chess, which needs its standard
// library alone.
var python3 = foreign.Lookup{What: "Python 3", Names: []string{"python3"}, Install: "apt-get install python3"}

// Source is python-chess's source: a command's -python-chess checkout,
// checked for marker (the module the command runs: "chess/pgn.py"), or a
// clone at Commit.
func Source(marker string) foreign.Source {
	return foreign.Source{Name: "python-chess", URL: URL, Commit: Commit, Flag: "python-chess", Marker: marker}
}

// Checkout is python-chess ready to run: its source and commit, the
// Python 3 that runs it (its path and the first line of its --version),
// and the command's driver.
type Checkout struct {
	Src, Head             string
	Python, PythonVersion string
	Driver                string
}

// Prepare finds python3 and python-chess's source (dir, checked for
// marker, or a clone at Commit in cache) and writes driver, named name,
// into the build folder beside the command's other builds. What is
// missing is a *foreign.Skip.
func Prepare(dir, cache, marker, name string, driver []byte, stderr io.Writer) (*Checkout, error) {
	src := Source(marker)
	python, err := python3.Find(src.Name)
	if err != nil {
		return nil, err
	}
	s, work, err := src.Prepare(dir, cache, "python-chess", map[string][]byte{name: driver}, stderr)
	if err != nil {
		return nil, err
	}
	return &Checkout{Src: s, Head: foreign.GitHead(s), Python: python.Path, PythonVersion: python.Version,
		Driver: filepath.Join(work, name)}, nil
}
