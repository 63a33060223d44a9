//go:build !amd64

package pad

// Pad pads nothing on this architecture: padded builds are amd64's alone.
func Pad() {}
