package perft

import "fmt"

// The protocol between the driver and a worker: one JSON object a line,
// each way. A request asks for one thing; the worker answers a run with
// progress lines, then a line with the result, and anything else with one
// line. A request with Op "stop" while a run goes on ends it (the run's
// result then says Stopped); at the end of its input a worker exits.

// Request is a line to a worker.
type Request struct {
	Op     string   `json:"op"` // "info", "run", "perft", "lists", "walk" or "stop"
	FEN    string   `json:"fen,omitempty"`
	FENs   []string `json:"fens,omitempty"`   // perft: the positions; walk: the starting points
	Depth  int      `json:"depth,omitempty"`  // run, walk
	Depths []int    `json:"depths,omitempty"` // perft: a depth for each of FENs
	// ProgressMillis asks a run for a progress line this often (0: none).
	ProgressMillis int     `json:"progress_ms,omitempty"`
	Options        Options `json:"options"`
}

// Response is a line from a worker: exactly one of its fields is set, but
// for Progress, which comes before a run's Result.
type Response struct {
	Progress *Progress `json:"progress,omitempty"`
	Result   *Result   `json:"result,omitempty"`
	Nodes    []uint64  `json:"nodes,omitempty"` // perft: movegen's Perft of each position
	Lists    *Lists    `json:"lists,omitempty"`
	Walk     []WalkSum `json:"walk,omitempty"`
	Info     *Info     `json:"info,omitempty"`
	Error    string    `json:"error,omitempty"`
	Done     bool      `json:"done,omitempty"` // an answer that may hold nothing else
}

// Info is what a worker says of its build.
type Info struct {
	Mode Mode `json:"mode"`
	// PositionSize is movegen.Position's size in bytes in this build.
	PositionSize int `json:"position_size"`
	// Kernel is the attacks kernel the build dispatches to by default;
	// Kernels all it can run.
	Kernel  string   `json:"kernel"`
	Kernels []string `json:"kernels"`
	// GoVersion and Settings are the build's, as the binary records them
	// (GOAMD64, GOEXPERIMENT, -tags, ...).
	GoVersion string            `json:"go_version"`
	Settings  map[string]string `json:"settings"`
}

// WalkSum is what a worker's generator lists along every line from FEN to
// a depth: Positions positions, and a SHA-256 of each one's Lists in the
// order of the walk. Two builds with the same sums list the same moves,
// counts, captures and keys after each move at every position.
type WalkSum struct {
	FEN       string `json:"fen"`
	Positions int    `json:"positions"`
	Sum       string `json:"sum"`
}

// WorkerError is an error a worker reported, or a failure to talk to it.
type WorkerError struct {
	Mode Mode
	Msg  string
}

func (e *WorkerError) Error() string { return fmt.Sprintf("perft worker %s: %s", e.Mode, e.Msg) }
