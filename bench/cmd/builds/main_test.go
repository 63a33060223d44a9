package main

import "testing"

const benchOut = `goos: linux
goarch: amd64
pkg: github.com/symmagic/attacks
cpu: Some CPU
BenchmarkToW/kernel=amd64-avx512-2  	39120262	         3.262 ns/op
BenchmarkToW/kernel=amd64-2                    	23883643	         9.266 ns/op
BenchmarkToWLatency/kernel=amd64-simd         	 6169216	        5.37 ns/op	       0 B/op	       0 allocs/op
BenchmarkOccupancy/op=New/kernel=amd64-avx512-2 	13920826	        2.73 ns/op
BenchmarkOccupancy/op=Move-2 	13920826	        1.10 ns/op
BenchmarkOther-2	1	5 ns/op
PASS
`

func TestParseBench(t *testing.T) {
	got := parseBench(benchOut)
	want := map[string]map[string]float64{
		"BenchmarkToW":              {"amd64-avx512": 3.262, "amd64": 9.266},
		"BenchmarkToWLatency":       {"amd64-simd": 5.37},
		"BenchmarkOccupancy/op=New": {"amd64-avx512": 2.73},
	}
	if len(got) != len(want) {
		t.Fatalf("parseBench: got %v, want %v", got, want)
	}
	for b, ks := range want {
		if len(got[b]) != len(ks) {
			t.Errorf("%s: got %v, want %v", b, got[b], ks)
		}
		for k, ns := range ks {
			if got[b][k] != ns {
				t.Errorf("%s kernel=%s: got %v, want %v", b, k, got[b][k], ns)
			}
		}
	}
}

func TestParsePerft(t *testing.T) {
	out := "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\n" +
		"depth 5 slider w kernel amd64-simd threads 1 time 0.392s\nnodes 193690690\nnps 493571962\n"
	nps, kernel, err := parsePerft(out)
	if err != nil || nps != 493571962 || kernel != "amd64-simd" {
		t.Errorf("parsePerft: got %v %q %v, want 493571962 amd64-simd nil", nps, kernel, err)
	}
	if _, _, err := parsePerft("nodes 5 partial\n"); err == nil {
		t.Error("parsePerft without an nps line: no error")
	}
	if _, _, err := parsePerft("nps fast\n"); err == nil {
		t.Error("parsePerft with a bad nps line: no error")
	}
}
