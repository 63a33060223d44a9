package ref

// The ray loop: walk each direction a square at a time until a blocker or
// the edge. No tables; its cost grows with the empty squares it crosses, and
// its loops keep it from inlining.

const (
	notaFile = ^uint64(aFile)
	notHFile = ^uint64(aFile << 7)
)

// RayRook is the ray-loop rook lookup; sq is taken mod 64.
func RayRook(sq int, occ uint64) uint64 {
	s := uint64(1) << (sq & 63)
	var att uint64
	for b := s << 8; b != 0; b <<= 8 {
		att |= b
		if b&occ != 0 {
			break
		}
	}
	for b := s >> 8; b != 0; b >>= 8 {
		att |= b
		if b&occ != 0 {
			break
		}
	}
	for b := s << 1 & notaFile; b != 0; b = b << 1 & notaFile {
		att |= b
		if b&occ != 0 {
			break
		}
	}
	for b := s >> 1 & notHFile; b != 0; b = b >> 1 & notHFile {
		att |= b
		if b&occ != 0 {
			break
		}
	}
	return att
}

// RayBishop is the ray-loop bishop lookup; sq is taken mod 64.
func RayBishop(sq int, occ uint64) uint64 {
	s := uint64(1) << (sq & 63)
	var att uint64
	for b := s << 9 & notaFile; b != 0; b = b << 9 & notaFile {
		att |= b
		if b&occ != 0 {
			break
		}
	}
	for b := s << 7 & notHFile; b != 0; b = b << 7 & notHFile {
		att |= b
		if b&occ != 0 {
			break
		}
	}
	for b := s >> 7 & notaFile; b != 0; b = b >> 7 & notaFile {
		att |= b
		if b&occ != 0 {
			break
		}
	}
	for b := s >> 9 & notHFile; b != 0; b = b >> 9 & notHFile {
		att |= b
		if b&occ != 0 {
			break
		}
	}
	return att
}
