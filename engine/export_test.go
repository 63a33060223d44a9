package engine

// Waited reports whether the engine's process has been waited for (so it
// is no zombie): its exit status is known.
func Waited(e *Engine) bool {
	select {
	case <-e.exited:
		return e.cmd.ProcessState != nil
	default:
		return false
	}
}

// PID returns the engine's process id.
func PID(e *Engine) int { return e.cmd.Process.Pid }

// MustFEN and UCIMoves are the internal tests' helpers, for the external
// tests too.
var (
	MustFEN  = mustFEN
	UCIMoves = uciMoves
)
