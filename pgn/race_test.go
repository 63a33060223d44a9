//go:build race

package pgn_test

// raceEnabled: the race detector is on (go test -race), and the slow tests
// read less.
const raceEnabled = true
