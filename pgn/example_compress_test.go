package pgn_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"

	"github.com/symmagic/attacks/pgn"
)

// A gzip'd file of games, read as if it were plain: NewDecompressor finds
// the format from the first bytes (pgn.Open does for a file by its name:
// .pgn, .pgn.gz, .pgn.bz2, .pgn.zst, .zip), and a Reader reads the File.
func ExampleNewDecompressor() {
	var stored bytes.Buffer
	zw := gzip.NewWriter(&stored)
	io.WriteString(zw, "[White \"Morphy\"]\n[Black \"Duke Karl / Count Isouard\"]\n\n"+
		"1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5\n"+
		"10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n")
	zw.Close()

	n := stored.Len()
	f, err := pgn.NewDecompressor(&stored) // f, err := pgn.Open("games.pgn.zst") for a file
	if err != nil {
		panic(err)
	}
	defer f.Close() // stops the decompressing goroutine
	fmt.Println("format:", f.Format())
	r := pgn.NewReader(f)
	var g pgn.Game
	for {
		err := r.Read(&g)
		if err == io.EOF {
			break
		}
		if err != nil { // a broken stream: a *pgn.Error "reading the input: ...", after the games before it
			panic(err)
		}
		white, _ := g.Tag("White")
		end := g.End()
		fmt.Println(white, g.Result, end.FEN())
	}
	read, size := f.Progress() // the stored bytes read, of its size: -1 where unknown (not an *os.File, a *bytes.Reader)
	fmt.Println(read == int64(n), size)
	// Output:
	// format: gzip
	// Morphy 1-0 1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17
	// true -1
}
