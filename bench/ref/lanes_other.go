//go:build !(goexperiment.simd && amd64)

package ref

// LanesSIMD says this build has the lane lookups (lanes_simd.go): it has
// not, which needs GOEXPERIMENT=simd on amd64.
const LanesSIMD = false

// HasLanes says the CPU runs them: never, in this build.
const HasLanes = false

// LanesBytes is what the lane lookups read: nothing, in this build.
const LanesBytes = 0

// LanesRook and LanesBishop are not in this build: they panic.
func LanesRook(sq int, occ uint64) uint64 {
	panic("ref: the lane lookups need GOEXPERIMENT=simd on amd64")
}
func LanesBishop(sq int, occ uint64) uint64 {
	panic("ref: the lane lookups need GOEXPERIMENT=simd on amd64")
}
