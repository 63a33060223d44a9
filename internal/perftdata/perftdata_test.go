package perftdata

import "testing"

// TestLoad reads every file: the counts the documents quote, and the
// Chess960 list whole (960 positions, six depths each).
func TestLoad(t *testing.T) {
	for _, c := range []struct {
		name string
		rows int
	}{{"perft.tsv", 19}, {"extra.tsv", 33}, {"chess960.tsv", 960 * 6}} {
		rows, err := Load(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != c.rows {
			t.Errorf("%s: %d rows, want %d", c.name, len(rows), c.rows)
		}
	}
	if _, err := Load("none.tsv"); err == nil {
		t.Error("Load of a file that is not there: no error")
	}
	known, err := Known()
	if err != nil || len(known) != 19+33 {
		t.Fatalf("Known: %d rows, %v; want 52", len(known), err)
	}
	if r := known[0]; r.Depth < 1 || r.Nodes == 0 || r.FEN == "" {
		t.Errorf("Known()[0] = %+v", r)
	}
}

// TestNodes finds a published count and reports a missing one.
func TestNodes(t *testing.T) {
	rows := []Row{{"a", 1, 20}, {"a", 2, 400}, {"b", 1, 48}}
	if n, ok := Nodes(rows, "a", 2); n != 400 || !ok {
		t.Errorf("Nodes(a, 2) = %d, %v; want 400, true", n, ok)
	}
	if n, ok := Nodes(rows, "b", 2); n != 0 || ok {
		t.Errorf("Nodes(b, 2) = %d, %v; want 0, false", n, ok)
	}
}
