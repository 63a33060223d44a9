package movegen

// The draw rules: dead positions by material, the fifty- and
// seventy-five-move rules, repetition, and the outcome they and checkmate
// and stalemate give, as the FIDE Laws of Chess (2023) state them.

// darkSquares are the dark squares (a1 is dark).
const darkSquares = 0xaa55aa55aa55aa55

// IsInsufficientMaterial reports whether neither side has the material to
// checkmate by any series of legal moves, in the cases engines check: no
// pawn, rook or queen on the board, and either
//
//   - at most one knight or bishop beside the kings (king against king, king
//     and knight against king, king and bishop against king), or
//   - bishops alone beside the kings, any number of either side, all
//     standing on squares of one colour (such bishops never attack a king
//     on a square of the other colour, and a king on a square of their
//     colour always has a free square of the other colour next to it).
//
// These positions are dead (FIDE article 5.2.2): the game is drawn. Other
// dead positions (pawns locked with kings that cannot reach anything, a
// fortress) are not recognised. King and two knights against king, king
// and knight against king and knight, king and bishop against king and
// knight, and bishops on both colours are not dead: a checkmate can arise
// (with help), so they answer false.
func (p *Position) IsInsufficientMaterial() bool {
	b := p
	if b.ByType(Pawn)|b.ByType(Rook)|b.ByType(Queen) != 0 {
		return false
	}
	minors := b.ByType(Knight) | b.ByType(Bishop)
	if minors&(minors-1) == 0 {
		return true // at most one
	}
	if b.ByType(Knight) != 0 {
		return false
	}
	bishops := b.ByType(Bishop)
	return bishops&darkSquares == 0 || bishops&^darkSquares == 0
}

// The rules' halfmove counts: a draw may be claimed when the clock reaches
// FiftyMovePlies, and the game is drawn when it reaches SeventyFiveMovePlies.
const (
	FiftyMovePlies       = 100
	SeventyFiveMovePlies = 150
)

// Result is a game's result, as PGN writes it. The zero Result is NoResult:
// the game goes on.
type Result uint8

// The results.
const (
	NoResult  Result = iota // the game goes on: "*"
	WhiteWins               // "1-0"
	BlackWins               // "0-1"
	Draw                    // "1/2-1/2"
)

var resultNames = [...]string{"*", "1-0", "0-1", "1/2-1/2"}

// String returns the result as PGN writes it: "1-0", "0-1", "1/2-1/2", or
// "*" for NoResult.
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return "*"
}

// Reason is why a game ended, or why a draw may be claimed. The zero Reason
// is NoReason.
type Reason uint8

// The reasons. The first five end the game by themselves (Outcome); the
// last two are draws a player may claim (ClaimableDraw).
const (
	NoReason             Reason = iota
	Checkmate                   // the side to move is checkmated: the other side wins
	Stalemate                   // the side to move has no legal move and is not in check: a draw
	InsufficientMaterial        // a dead position by material (see IsInsufficientMaterial): a draw
	SeventyFiveMoves            // 150 plies without a capture or a pawn move: a draw
	FivefoldRepetition          // the position has occurred five times: a draw
	FiftyMoves                  // 100 plies without a capture or a pawn move: a draw may be claimed
	ThreefoldRepetition         // the position has occurred three times: a draw may be claimed
)

var reasonNames = [...]string{"none", "checkmate", "stalemate", "insufficient material",
	"seventy-five-move rule", "fivefold repetition", "fifty-move rule", "threefold repetition"}

// String returns the reason's name: "checkmate", "stalemate", "insufficient
// material", "seventy-five-move rule", "fivefold repetition", "fifty-move
// rule", "threefold repetition", or "none".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "none"
}

// Outcome is how a game stands: its Result and the Reason for it. The zero
// Outcome is a game that goes on (NoResult, NoReason).
type Outcome struct {
	Result Result
	Reason Reason
}

// String returns the result and the reason, "1-0 checkmate", "1/2-1/2
// fivefold repetition", or "*" for a game that goes on.
func (o Outcome) String() string {
	if o.Result == NoResult {
		return "*"
	}
	return o.Result.String() + " " + o.Reason.String()
}

// Outcome returns how the game stands in the position, by the rules that
// end a game by themselves, in this order:
//
//   - Checkmate: the side to move is checkmated, and the other side wins;
//   - Stalemate: a draw;
//   - InsufficientMaterial: a dead position (see IsInsufficientMaterial), a
//     draw;
//   - SeventyFiveMoves: the halfmove clock is at least 150, a draw;
//   - FivefoldRepetition: the position has occurred at least five times in
//     h (see History), a draw.
//
// A checkmate comes first: a move that mates and brings the clock to 150
// (or 100, for the fifty-move claim) wins, as FIDE articles 9.3 and 9.6.2
// have it. The zero Outcome is a game that goes on; so is any position
// without kings (the zero Position).
//
// h holds the positions of the game up to p, p included as its last
// (History.Push after each move), or up to the one before p (then p counts
// as pushed after them); nil counts p once. Outcome neither allocates nor
// changes h. A draw that a player may claim, by the fifty-move rule or a
// threefold repetition, does not end the game: ClaimableDraw tells it.
func (p *Position) Outcome(h *History) Outcome {
	b := p
	if !b.hasKing() {
		return Outcome{}
	}
	if countMoves(b) == 0 {
		if b.InCheck() {
			return Outcome{Result: WhiteWins + Result(b.Side()^1), Reason: Checkmate}
		}
		return Outcome{Result: Draw, Reason: Stalemate}
	}
	switch {
	case p.IsInsufficientMaterial():
		return Outcome{Result: Draw, Reason: InsufficientMaterial}
	case b.HalfmoveClock() >= SeventyFiveMovePlies:
		return Outcome{Result: Draw, Reason: SeventyFiveMoves}
	case h.occurrences(p) >= 5:
		return Outcome{Result: Draw, Reason: FivefoldRepetition}
	}
	return Outcome{}
}

// ClaimableDraw returns the draw the side to move may claim in the
// position (FIDE article 9.2 and 9.3), or NoReason: ThreefoldRepetition
// when the position has occurred at least three times in h (see Outcome
// for what h holds), else FiftyMoves when the halfmove clock is at least
// 100; NoReason when neither holds, or when the game is already over
// (Outcome is not the zero Outcome: a checkmate on the move that brings
// the clock to 100 wins). A player may also claim on a move they are about
// to make: ClaimableDrawWith.
func (p *Position) ClaimableDraw(h *History) Reason {
	if p.Outcome(h) != (Outcome{}) {
		return NoReason
	}
	if h.occurrences(p) >= 3 {
		return ThreefoldRepetition
	}
	if p.HalfmoveClock() >= FiftyMovePlies {
		return FiftyMoves
	}
	return NoReason
}

// ClaimableDrawWith returns the draw the side to move may claim with the
// legal move m, by writing it down and declaring it without playing it
// (FIDE articles 9.2.1.1 and 9.3.1): ThreefoldRepetition when the position
// after m will have occurred three times, else FiftyMoves when m brings
// the halfmove clock to 100 or more; NoReason when neither holds, when m
// ends the game (a checkmate wins), or when m is not legal. h holds the
// game's positions up to p, p last; neither p nor h changes, and nothing
// is allocated.
func (p *Position) ClaimableDrawWith(h *History, m Move) Reason {
	if !p.IsLegal(m) {
		return NoReason
	}
	q := *p
	play(&q, m)
	return q.ClaimableDraw(h)
}

// History is the record of a game's positions that the repetition rules
// read: one entry a ply, each the position's repetition key (RepetitionKey)
// and how many plies back its positions may repeat. Push adds the position
// after each move, Pop takes the last off (a search pushes and pops one a
// ply), and IsRepetition and Occurrences read the last position's
// repetitions.
//
// Repetitions are looked for only back to the last irreversible move: a
// capture or a pawn move (the halfmove clock back at 0), or a loss of
// castling rights (which changes the key of every position after it, so
// that nothing before it can repeat), and only among the positions with
// the same side to move, every second entry. So each call reads at most
// the entries since then, and one Push per ply is assumed: pushing only
// some positions misses repetitions.
//
// The entries are kept in a slice that Push appends to: Push allocates
// only when the slice is full, never once the history has the capacity a
// game or a search needs (NewHistory's capacity, or what earlier pushes
// grew; Pop and Reset keep it). The zero History is empty and ready to
// use. A History is not safe for concurrent use: give each search thread
// its own (Clone).
type History struct {
	e []historyEntry
}

type historyEntry struct {
	key uint64
	// board is the position's Polyglot key without its en-passant part:
	// the pieces, the rights and the side to move. A null move changes it
	// by the side alone (zTurn), which no move of a piece does.
	board uint64
	// back is how many entries before this one are in its window: since the
	// last irreversible move or null move, or since the history's first
	// entry.
	back   uint32
	castle CastlingRights
}

// newEntry returns p's entry in a history whose last entry is last (nil for
// the first), its window continued from last's unless p comes after a
// capture, a pawn move, a change of castling rights or a null move.
func newEntry(p *Position, last *historyEntry) historyEntry {
	e := historyEntry{key: p.repetitionKey(), board: p.key ^ p.epKey(), castle: p.castle}
	if last != nil && p.half != 0 && last.castle == e.castle && e.board != last.board^zTurn {
		e.back = last.back + 1
	}
	return e
}

// NewHistory returns an empty history with room for capacity positions
// (a game's plies and a search's depth) before Push allocates.
func NewHistory(capacity int) *History {
	return &History{e: make([]historyEntry, 0, max(capacity, 0))}
}

// Reset empties h, keeping its capacity, and pushes p: the start of a game
// (or of the record from a FEN: positions before it are unknown).
func (h *History) Reset(p *Position) {
	h.e = h.e[:0]
	h.Push(p)
}

// Push adds the position p, which should be the position after a move of
// the last one pushed (or the first of the game), the null move included.
// A capture or a pawn move (p's halfmove clock at 0), a change of castling
// rights or a null move (Play(NoMove)) since the last entry starts a new
// window: no position before it repeats, so a search's null move never
// makes a repetition of positions on either side of it, as engines count
// them. It allocates only when h's slice is full.
func (h *History) Push(p *Position) {
	var last *historyEntry
	if n := len(h.e); n > 0 {
		last = &h.e[n-1]
	}
	h.e = append(h.e, newEntry(p, last))
}

// Pop removes the last position pushed (nothing when h is empty).
func (h *History) Pop() {
	if len(h.e) > 0 {
		h.e = h.e[:len(h.e)-1]
	}
}

// Len returns the number of positions in h.
func (h *History) Len() int { return len(h.e) }

// Clone returns a copy of h with its own storage and the same capacity.
func (h *History) Clone() *History {
	c := &History{e: make([]historyEntry, len(h.e), cap(h.e))}
	copy(c.e, h.e)
	return c
}

// IsRepetition reports whether the last position pushed occurred before,
// since the last irreversible move: the twofold repetition a search scores
// as a draw. False for an empty history.
func (h *History) IsRepetition() bool {
	n := len(h.e)
	if n == 0 {
		return false
	}
	last := &h.e[n-1]
	for i := n - 3; i >= n-1-int(last.back); i -= 2 {
		if h.e[i].key == last.key {
			return true
		}
	}
	return false
}

// RepeatedWithin reports whether one of the last plies positions pushed
// occurred before, since the last irreversible move before it: whether the
// game has repeated in its last plies, not only at its last position.
// Stockfish asks it of the game with plies its halfmove clock
// (Position::has_repeated): a win in a game that has repeated since the
// last capture or pawn move may be one the fifty-move rule spoils. False
// for an empty history or plies below 1.
func (h *History) RepeatedWithin(plies int) bool {
	n := len(h.e)
	for i := n - 1; i >= max(n-plies, 0); i-- {
		for j := i - 2; j >= i-int(h.e[i].back); j -= 2 {
			if h.e[j].key == h.e[i].key {
				return true
			}
		}
	}
	return false
}

// Occurrences returns how many times the last position pushed has
// occurred, itself included: 1 the first time, 3 a threefold repetition, 5
// a fivefold. 0 for an empty history.
func (h *History) Occurrences() int {
	n := len(h.e)
	if n == 0 {
		return 0
	}
	return h.count(n-1, h.e[n-1].key, int(h.e[n-1].back))
}

// count returns 1 plus the number of entries with key at i-2, i-4, ...,
// back to i-back.
func (h *History) count(i int, key uint64, back int) int {
	c := 1
	for j := i - 2; j >= i-back; j -= 2 {
		if h.e[j].key == key {
			c++
		}
	}
	return c
}

// occurrences returns how many times p has occurred in h's game: p is
// h's last entry, or counts as pushed after it (see Outcome). A nil or
// empty h counts p once.
func (h *History) occurrences(p *Position) int {
	if h == nil || len(h.e) == 0 {
		return 1
	}
	n := len(h.e)
	last := &h.e[n-1]
	if e := newEntry(p, nil); last.key == e.key && last.board == e.board {
		return h.count(n-1, last.key, int(last.back))
	}
	e := newEntry(p, last)
	return h.count(n, e.key, int(e.back))
}

// RepetitionKey returns the key under which History compares positions:
// Key, the Polyglot key, but for one case. Two positions are the same for
// the repetition rules (FIDE article 9.2.2) when the same side is to move,
// the same pieces stand on the same squares and every legal move is the
// same, castling rights and en-passant captures included. Polyglot keys are
// equal exactly then (but for a collision of 64-bit keys, which no game
// meets), with the one difference that Polyglot counts the en-passant file
// when a pawn of the side to move stands beside the pawn that just
// double-pushed, whether or not the capture is legal: RepetitionKey leaves
// the file out when no en-passant capture is legal (the capturing pawn
// pinned, or its king in a check the capture does not answer), so that
// the position then equals the same position without the en-passant
// square, as FIDE's rule has it. Castling rights count as held or lost,
// not as castling being legal at the moment, as the rule says too (a
// right lost only when its king or rook moves). It allocates nothing; the
// generator runs only in that rare case.
func (p *Position) RepetitionKey() uint64 { return p.repetitionKey() }
