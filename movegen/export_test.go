package movegen

// ParseSANByList is ParseSAN by the list of legal moves alone, without its
// quick path: the tests hold the quick path to it.
func (p *Position) ParseSANByList(s string) (Move, error) {
	sp, msg := parseSAN(s)
	if msg != "" {
		return NoMove, &SANError{SAN: s, Msg: msg}
	}
	if !p.hasKing() {
		return NoMove, &SANError{SAN: s, Msg: "the position has no kings"}
	}
	return p.parseSANList(s, &sp)
}
