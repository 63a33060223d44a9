//go:build !(goexperiment.simd && amd64)

package ref

// LanesSIMD says this build has the lane lookups (lanes_simd.go): it has
// not, which needs GOEXPERIMENT=simd on amd64.
const LanesSIMD = false

// HasLanes says the CPU runs them: never, in this build.
const HasLanes = false

// LanesBytes and Lanes2Bytes are what the lane lookups read: nothing, in
// this build.
const LanesBytes, Lanes2Bytes = 0, 0

// LanesRook, LanesBishop, Lanes2Rook and Lanes2Bishop are not in this
// build: they panic.
func LanesRook(sq int, occ uint64) uint64    { panic(noLanes) }
func LanesBishop(sq int, occ uint64) uint64  { panic(noLanes) }
func Lanes2Rook(sq int, occ uint64) uint64   { panic(noLanes) }
func Lanes2Bishop(sq int, occ uint64) uint64 { panic(noLanes) }

const noLanes = "ref: the lane lookups need GOEXPERIMENT=simd on amd64"
