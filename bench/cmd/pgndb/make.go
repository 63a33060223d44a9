package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/symmagic/attacks/pgn"
)

// makerVersion names the maker's rules: a change to them (how games are
// drawn, varied or written) changes it, so that the databases made by the
// old rules are made again.
const makerVersion = "pgndb 1"

// shape is a kind of database: its real games and how each copy differs.
type shape struct {
	name    string   // "lichess" or "plain": the files' names begin with it
	sources []string // PGN files of real games (.gz: gzipped)
	// variations is how many of 64 copies keep their variations; the
	// others have them cut out. 64: all kept.
	variations int
	// tag is the tag each copy gets a value of its own in (lichess: Site,
	// a game's address there; plain: Round), so that no two games of the
	// database are the same bytes.
	tag string
}

// The two shapes, from pgn's test files of real games. lichess: 1,000
// lichess.org games of one player, August 2023 to December 2024, each move
// with its clock, most with evaluations, and lichess's analysis (its
// comments, NAGs and the better lines as variations), which 1 game in 8
// keeps. plain: The Week in Chess, moves alone (no comment, no variation).
var shapes = []shape{
	{name: "lichess", sources: []string{"corentings__lichess-big.pgn.gz"}, variations: 8, tag: "Site"},
	{name: "plain", sources: []string{"notnil__twic0920.pgn", "pgnparser__twic-01-232games.pgn"}, variations: 64, tag: "Round"},
}

// database is a made database: its files and what it holds.
type database struct {
	shape    shape
	pgn, zst string // zst "" when there is no zstd to make it
	size     int64  // the PGN's bytes
	games    int
	zstSize  int64
}

// makeConfig is what the maker makes: where, how large, from what.
type makeConfig struct {
	dir       string // the cache directory the files go to
	testdata  string // the directory of the source files (pgn/testdata)
	size      int64  // each database's size, at least
	seed      uint64
	zstdLevel int // lichessLevel by default
	compress  bool
}

// makeDatabases makes the two databases in cfg.dir, each unless it is
// there already as the same rules, sources, size and seed made it (its
// stamp), and compresses each as lichess ships its files.
func makeDatabases(cfg makeConfig, stderr io.Writer) ([]database, error) {
	if err := os.MkdirAll(cfg.dir, 0o755); err != nil {
		return nil, err
	}
	var dbs []database
	for _, sh := range shapes {
		db, err := makeDatabase(cfg, sh, stderr)
		if err != nil {
			return nil, err
		}
		dbs = append(dbs, db)
	}
	return dbs, nil
}

// lichessLevel is the zstd level lichess compresses its monthly files at,
// the databases' default.
const lichessLevel = 19

// zstdCommand is the compressor and its arguments before the files:
// lichess compresses its monthly files with "pzstd -p10 -19" (its
// export-single-variant.sh); pzstd cuts the input into frames that
// compress, and decompress, independently. Without pzstd, zstd -T0 at
// the same level (one frame). "" if neither is on PATH.
func zstdCommand(level int) (string, []string) {
	if p, err := exec.LookPath("pzstd"); err == nil {
		return p, []string{"-p", strconv.Itoa(runtime.NumCPU()), "-" + strconv.Itoa(level), "-q", "-f"}
	}
	if p, err := exec.LookPath("zstd"); err == nil {
		return p, []string{"-T0", "-" + strconv.Itoa(level), "-q", "-f"}
	}
	return "", nil
}

// makeDatabase makes one shape's database and its .zst.
func makeDatabase(cfg makeConfig, sh shape, stderr io.Writer) (database, error) {
	db := database{shape: sh}
	sum := sha256.New()
	fmt.Fprintf(sum, "%s\x00%s\x00%d\x00%d\x00%d\x00%s\x00", makerVersion, sh.name, cfg.size, cfg.seed, sh.variations, sh.tag)
	var srcs [][]byte
	for _, name := range sh.sources {
		b, err := readSource(filepath.Join(cfg.testdata, name))
		if err != nil {
			return db, err
		}
		fmt.Fprintf(sum, "%s\x00%d\x00", name, len(b))
		sum.Write(b)
		srcs = append(srcs, b)
	}
	digest := hex.EncodeToString(sum.Sum(nil))
	db.pgn = filepath.Join(cfg.dir, fmt.Sprintf("%s-%s-seed%d.pgn", sh.name, sizeName(cfg.size), cfg.seed))
	size, games, ok := stamped(db.pgn, digest)
	if !ok {
		fmt.Fprintf(stderr, "making %s (%s of games from %s)\n", db.pgn, sizeName(cfg.size), strings.Join(sh.sources, ", "))
		var err error
		if size, games, err = writeDatabase(db.pgn, sh, srcs, cfg); err != nil {
			return db, err
		}
		if err := stamp(db.pgn, digest, size, games); err != nil {
			return db, err
		}
	}
	db.size, db.games = size, games
	if !cfg.compress {
		return db, nil
	}
	zstd, args := zstdCommand(cfg.zstdLevel)
	if zstd == "" {
		fmt.Fprintln(stderr, "no pzstd or zstd on PATH: the databases are not compressed (apt-get install zstd)")
		return db, nil
	}
	db.zst = db.pgn + ".zst"
	zsum := sha256.Sum256([]byte(digest + "\x00" + filepath.Base(zstd) + " " + strings.Join(args, " ")))
	zdigest := hex.EncodeToString(zsum[:])
	zsize, _, ok := stamped(db.zst, zdigest)
	if !ok {
		fmt.Fprintf(stderr, "compressing it: %s %s\n", filepath.Base(zstd), strings.Join(args, " "))
		tmp := db.zst + ".tmp"
		cmd := exec.Command(zstd, append(args, "-o", tmp, db.pgn)...)
		cmd.Stderr = stderr
		if err := cmd.Run(); err != nil {
			os.Remove(tmp)
			return db, fmt.Errorf("%s: %w", filepath.Base(zstd), err)
		}
		if err := os.Rename(tmp, db.zst); err != nil {
			return db, err
		}
		fi, err := os.Stat(db.zst)
		if err != nil {
			return db, err
		}
		zsize = fi.Size()
		if err := stamp(db.zst, zdigest, zsize, games); err != nil {
			return db, err
		}
	}
	db.zstSize = zsize
	return db, nil
}

// sizeName writes a size in the largest binary unit that divides it:
// 1GiB, 4MiB, 1000B.
func sizeName(n int64) string {
	switch {
	case n > 0 && n%(1<<30) == 0:
		return fmt.Sprintf("%dGiB", n>>30)
	case n > 0 && n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	}
	return fmt.Sprintf("%dB", n)
}

// stamped reports whether file is there as its stamp (file.stamp: the
// digest of what made it, its size and its games) says, and its size and
// games.
func stamped(file, digest string) (size int64, games int, ok bool) {
	b, err := os.ReadFile(file + ".stamp")
	if err != nil {
		return 0, 0, false
	}
	var d string
	if n, err := fmt.Sscanf(string(b), "%s %d %d", &d, &size, &games); n != 3 || err != nil || d != digest {
		return 0, 0, false
	}
	fi, err := os.Stat(file)
	if err != nil || fi.Size() != size {
		return 0, 0, false
	}
	return size, games, true
}

// stamp writes file's stamp.
func stamp(file, digest string, size int64, games int) error {
	return os.WriteFile(file+".stamp", []byte(fmt.Sprintf("%s %d %d\n", digest, size, games)), 0o644)
}

// readSource reads a source file, gunzipped if its name ends in .gz.
func readSource(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil || !strings.HasSuffix(path, ".gz") {
		return b, err
	}
	return gunzip(path, b)
}

// writeDatabase writes the database of shape sh to path (through a
// temporary file, renamed when whole): games drawn
// with replacement from the sources (rand.PCG seeded with cfg.seed),
// each copy with a value of its own in sh.tag, its variations cut out
// but in sh.variations of 64 copies, written as read and a blank line,
// until the size is reached, and returns its size and games.
func writeDatabase(path string, sh shape, srcs [][]byte, cfg makeConfig) (int64, int, error) {
	var games, cut [][]byte
	n := 0
	for i, src := range srcs {
		gs, err := splitGames(src)
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %w", sh.sources[i], err)
		}
		games = append(games, gs...)
	}
	if len(games) == 0 {
		return 0, 0, fmt.Errorf("%s: no games in %s", sh.name, strings.Join(sh.sources, ", "))
	}
	for _, g := range games {
		cut = append(cut, cutVariations(g))
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return 0, 0, err
	}
	defer os.Remove(f.Name())              // after the rename, nothing
	if err := f.Chmod(0o644); err != nil { // as os.Create would, not CreateTemp's 0600
		f.Close()
		return 0, 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	rng := rand.New(rand.NewPCG(cfg.seed, 0x706764620a)) // "pgndb"
	var size int64
	for ; size < cfg.size; n++ {
		i := rng.IntN(len(games))
		g := cut[i]
		if rng.IntN(64) < sh.variations {
			g = games[i]
		}
		g = retag(g, sh.tag, tagValue(sh, n))
		w.Write(g)
		w.WriteString("\n\n")
		size += int64(len(g)) + 2
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return 0, 0, err
	}
	if err := f.Close(); err != nil {
		return 0, 0, err
	}
	return size, n, os.Rename(f.Name(), path)
}

// tagValue is copy n's value of sh.tag: for lichess a game's address
// there, https://lichess.org/ and eight letters and digits, one address a
// copy (n times an odd number prime to 62, modulo 62^8: a bijection); for
// plain the copy's number.
func tagValue(sh shape, n int) string {
	if sh.tag != "Site" {
		return strconv.Itoa(n + 1)
	}
	const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	const mod = 218340105584896 // 62^8
	x := uint64(n+1) * 0x9E3779B97F4A7C15 % mod
	id := make([]byte, 8)
	for i := range id {
		id[i] = alphabet[x%62]
		x /= 62
	}
	return "https://lichess.org/" + string(id)
}

// splitGames returns the games of a PGN file, each its bytes as read (from
// its first tag to its termination marker). A game pgn's Reader rejects
// is an error: the databases hold games every reader reads.
func splitGames(src []byte) ([][]byte, error) {
	r := pgn.NewReader(bytes.NewReader(src))
	r.KeepRaw = true
	var g pgn.Game
	var games [][]byte
	for {
		err := r.Read(&g)
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return nil, err
		}
		games = append(games, bytes.Clone(r.Info().Raw))
	}
}

// retag returns game with its tag pair name's value set to value: the
// pair's line replaced, or a line added before the first tag pair where
// the game has none. The values written here need no escapes.
func retag(game []byte, name, value string) []byte {
	line := []byte("[" + name + " \"" + value + "\"]")
	prefix := []byte("[" + name + " \"")
	for i := 0; i < len(game); {
		end := bytes.IndexByte(game[i:], '\n')
		if end < 0 {
			end = len(game) - i
		}
		l := game[i : i+end]
		if len(bytes.TrimSpace(l)) == 0 || l[0] != '[' {
			break // the tag section's end
		}
		if bytes.HasPrefix(l, prefix) {
			out := make([]byte, 0, len(game)+len(line))
			out = append(append(append(out, game[:i]...), line...), game[i+end:]...)
			return out
		}
		i += end + 1
	}
	out := make([]byte, 0, len(game)+len(line)+1)
	return append(append(append(out, line...), '\n'), game...)
}

// cutVariations returns game without its variations: every parenthesis
// outside comments with what it holds, and the spaces after it. Comments
// in braces and to the end of a line are kept as they are.
func cutVariations(game []byte) []byte {
	out := make([]byte, 0, len(game))
	depth := 0
	for i := 0; i < len(game); i++ {
		c := game[i]
		switch {
		case c == '{':
			end := bytes.IndexByte(game[i:], '}')
			if end < 0 {
				end = len(game) - i - 1
			}
			if depth == 0 {
				out = append(out, game[i:i+end+1]...)
			}
			i += end
		case c == ';':
			end := bytes.IndexByte(game[i:], '\n')
			if end < 0 {
				end = len(game) - i
			}
			if depth == 0 {
				out = append(out, game[i:i+end]...)
			}
			i += end - 1
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
			if depth == 0 {
				for i+1 < len(game) && game[i+1] == ' ' {
					i++
				}
			}
		case depth == 0:
			out = append(out, c)
		}
	}
	return out
}

// gunzip returns the gunzipped b, read from path.
func gunzip(path string, b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// makeSlice writes the first n bytes of the database at path, cut at the
// last game that ends within them (the whole database where it is no
// larger), to path's name with .firstSIZE before .pgn, and returns its
// name and size: what python-chess reads. It is written again each run,
// in a few milliseconds, so that it is always its database's; it holds
// no more in memory than it writes.
func makeSlice(path string, n int64) (string, int64, error) {
	out := strings.TrimSuffix(path, ".pgn") + ".first" + sizeName(n) + ".pgn"
	f, err := os.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", 0, err
	}
	b := make([]byte, min(n, fi.Size()))
	if _, err := io.ReadFull(f, b); err != nil {
		return "", 0, fmt.Errorf("%s: %w", path, err)
	}
	if fi.Size() > n { // cut before the game the slice ends in
		end := bytes.LastIndex(b, []byte("\n\n["))
		if end < 0 {
			return "", 0, errors.New(path + ": no game ends in the first " + sizeName(n))
		}
		b = b[:end+2]
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		return "", 0, err
	}
	return out, int64(len(b)), nil
}
