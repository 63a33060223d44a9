//go:build !unix

package syzygy

// mapFile reads the file at path into memory: this system has no mmap
// that the package uses (golang.org/x/sys/unix's), so a table's whole
// file is read when a probe first needs it.
func mapFile(path string) ([]byte, func() error, error) {
	return readFile(path)
}

var useMmap = false
