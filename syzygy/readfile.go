package syzygy

import "os"

// readFile reads the file at path into memory: the tables' bytes where
// files are not mapped.
func readFile(path string) ([]byte, func() error, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return data, func() error { return nil }, nil
}
