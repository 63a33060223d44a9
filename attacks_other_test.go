//go:build purego || !gc || !(amd64 || arm64)

package attacks

var wKernels = map[string][3]func(int, uint64) uint64{}
