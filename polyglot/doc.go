// Package polyglot reads and makes Polyglot opening books (.bin), the
// format of Fabien Letouzey's PolyGlot that most engines and GUIs read.
//
// A book is a file of 16-byte entries sorted by key: a position's Polyglot
// key (movegen's Position.Key), a move, a weight and a learn value. Book
// reads one through an io.ReaderAt, a file or bytes, without loading it:
// a lookup finds the position's entries by binary search and reads only
// them. Find turns each entry's move into the legal movegen.Move of the
// position (Chess960 castling included) and counts the entries whose move
// is not legal there; Best picks the highest weight, Pick a move at
// random in proportion to the weights, from the caller's random source.
// FindWith, BestWith, PickWith and PickUniform take a Filter, python-chess's
// minimum_weight and exclude_moves.
//
//	b, err := polyglot.Open("book.bin")
//	if err != nil { ... }
//	defer b.Close()
//	p := movegen.StartPosition()
//	entries, skipped, err := b.Find(&p, nil) // e2e4 ... with weights
//	e, ok, err := b.Pick(&p, rand.New(rand.NewPCG(1, 2)))
//
// Maker makes a book from games as PolyGlot's make-book does, byte for
// byte: the same weights (2 for a win, 1 for a draw, 0 for a loss, summed
// over the games, halved when a move's count reaches 16384), the same
// filters (-min-game, -max-ply, -min-score, -only-white, -only-black,
// -uniform) and the same order. Make reads PGN and writes the book; with
// Options.Skip it passes over the games it cannot use, where make-book
// stops, and names them.
//
// Bad input gets an error, never a panic: a book whose length is not a
// multiple of 16 is refused by NewBook and Open, entries out of key order
// are an *Error where a lookup meets them (Check reads the whole book), and
// a key with more than MaxEntries entries is refused.
package polyglot
