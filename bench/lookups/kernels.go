package lookups

import "github.com/symmagic/attacks"

// The kernel section's work: what the attacks kernels differ in, ToW,
// NewOccupancy, RookUnion and BishopUnion (the lookups are the same Go code
// under every kernel), each under a kernel this CPU and build run. The
// loops call the package's functions, which dispatch to the kernel that
// SetKernel chose.

// KernelFuncs names the operations the kernels implement, in the section's
// order.
var KernelFuncs = []string{"ToW", "NewOccupancy", "RookUnion", "BishopUnion"}

// kernelLoops are each operation's loops in the hot and the latency
// workload.
var kernelLoops = map[string][2]loopFunc{
	"ToW":          {toWHot, toWLatency},
	"NewOccupancy": {newOccupancyHot, newOccupancyLatency},
	"RookUnion":    {rookUnionHot, rookUnionLatency},
	"BishopUnion":  {bishopUnionHot, bishopUnionLatency},
}

// The loops: hot, independent calls; latency, each call's occupancy
// depends on the previous result (as the lookups' latency loops).

func toWHot(d *Data, n int) uint64 {
	in := d.in
	var acc uint64
	for i := range n {
		acc ^= attacks.ToW(in[i&inputMask].occ)
	}
	return acc
}

func toWLatency(d *Data, n int) uint64 {
	in := d.in
	var prev uint64
	for i := range n {
		prev = attacks.ToW(in[i&inputMask].occ ^ prev&depBit)
	}
	return prev
}

func newOccupancyHot(d *Data, n int) uint64 {
	in := d.in
	var acc uint64
	for i := range n {
		acc ^= attacks.NewOccupancy(in[i&inputMask].occ).W()
	}
	return acc
}

func newOccupancyLatency(d *Data, n int) uint64 {
	in := d.in
	var prev uint64
	for i := range n {
		prev = attacks.NewOccupancy(in[i&inputMask].occ ^ prev&depBit).W()
	}
	return prev
}

func rookUnionHot(d *Data, n int) uint64 {
	us := d.unions
	var acc uint64
	for i := range n {
		u := &us[i&inputMask]
		acc ^= attacks.RookUnion(u.rq, u.occ)
	}
	return acc
}

func rookUnionLatency(d *Data, n int) uint64 {
	us := d.unions
	var prev uint64
	for i := range n {
		u := &us[i&inputMask]
		prev = attacks.RookUnion(u.rq, u.occ^prev&depBit)
	}
	return prev
}

func bishopUnionHot(d *Data, n int) uint64 {
	us := d.unions
	var acc uint64
	for i := range n {
		u := &us[i&inputMask]
		acc ^= attacks.BishopUnion(u.bq, u.occ)
	}
	return acc
}

func bishopUnionLatency(d *Data, n int) uint64 {
	us := d.unions
	var prev uint64
	for i := range n {
		u := &us[i&inputMask]
		prev = attacks.BishopUnion(u.bq, u.occ^prev&depBit)
	}
	return prev
}
