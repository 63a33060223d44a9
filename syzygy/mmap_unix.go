//go:build unix

package syzygy

import (
	"fmt"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// mapFile maps the file at path into memory, read-only, and returns its
// bytes and the function that unmaps them. An empty file is read as such.
// Its error is the file system's (a *fs.PathError), or a *TableError.
func mapFile(path string) ([]byte, func() error, error) {
	if !useMmap {
		return readFile(path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := info.Size()
	if size == 0 {
		return nil, func() error { return nil }, nil
	}
	if int64(int(size)) != size {
		return nil, nil, &TableError{Path: path, Msg: fmt.Sprintf("%d bytes: too large for this platform's address space", size)}
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, nil, &fs.PathError{Op: "mmap", Path: path, Err: err}
	}
	// Probes read the tables at random: read-ahead would only waste memory.
	_ = unix.Madvise(data, unix.MADV_RANDOM)
	return data, func() error { return unix.Munmap(data) }, nil
}

// useMmap is true where the system maps files; a test turns it off to
// run the probes through readFile's copies.
var useMmap = true
