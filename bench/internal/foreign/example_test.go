package foreign_test

import (
	"errors"
	"fmt"

	"github.com/symmagic/attacks/bench/internal/foreign"
)

// A command prepares each program; one that cannot be had here is
// reported and left out, and the command carries on with the others.
func ExampleSkip() {
	prepare := func(name string) error {
		if name == "cozy-chess" {
			return fmt.Errorf("preparing: %w", foreign.Skipf(name, "no cargo on PATH; install Rust (https://rustup.rs)"))
		}
		return nil
	}
	for _, name := range []string{"cozy-chess", "chess-library"} {
		err := prepare(name)
		var skip *foreign.Skip
		switch {
		case errors.As(err, &skip):
			fmt.Println(skip)
		case err != nil:
			fmt.Println("failed:", err)
		default:
			fmt.Println(name, "ready")
		}
	}
	// Output:
	// cozy-chess skipped: no cargo on PATH; install Rust (https://rustup.rs)
	// chess-library ready
}
