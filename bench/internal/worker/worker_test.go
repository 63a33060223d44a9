package worker

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// script writes a shell script of body and returns its path.
func script(t *testing.T, body string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the programs are shell scripts")
	}
	path := filepath.Join(t.TempDir(), "prog")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestProcLines drives a program a line at a time, as the rivals' drivers
// are: its arguments, each request answered, a line ended by \r\n and the
// last unended, its stderr in Stderr, and the end of its output.
func TestProcLines(t *testing.T) {
	p, err := Start(script(t, `echo "args $1 $2"
while read -r line; do echo "got $line"; echo "saw $line" >&2; done
printf 'crlf\r\n'
printf 'unended'
`), "a", "b c")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"args a b c"}
	for _, req := range []string{"one", "two"} {
		if _, err := fmt.Fprintf(p, "%s\n", req); err != nil {
			t.Fatal(err)
		}
		want = append(want, "got "+req)
	}
	if err := p.CloseWrite(); err != nil {
		t.Fatal(err)
	}
	want = append(want, "crlf", "unended")
	for _, w := range want {
		line, err := p.ReadLine()
		if err != nil || string(line) != w {
			t.Fatalf("ReadLine = %q, %v; want %q", line, err, w)
		}
	}
	if line, err := p.ReadLine(); err != io.EOF {
		t.Errorf("after the output: %q, %v; want io.EOF", line, err)
	}
	if err := p.Close(); err != nil {
		t.Error(err)
	}
	if got := p.Stderr(); got != "saw one\nsaw two" {
		t.Errorf("Stderr = %q", got)
	}
	if err := p.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
}

// TestProcBytes drives a program through Read and ReadLine from the one
// buffer, as the Fathom driver's records are read.
func TestProcBytes(t *testing.T) {
	p, err := Start(script(t, `printf 'head\n'; cat`))
	if err != nil {
		t.Fatal(err)
	}
	data := make([]byte, 200<<10) // more than a pipe holds: written while read
	for i := range data {
		data[i] = byte(i * 7)
	}
	go func() {
		w := bufio.NewWriter(p)
		w.Write(data)
		w.Flush()
		p.CloseWrite()
	}()
	if line, err := p.ReadLine(); err != nil || string(line) != "head" {
		t.Fatalf("ReadLine = %q, %v", line, err)
	}
	got, err := io.ReadAll(p)
	if err != nil || !bytes.Equal(got, data) {
		t.Errorf("read %d bytes (%v), want the %d written back", len(got), err, len(data))
	}
	if err := p.Close(); err != nil {
		t.Error(err)
	}
}

// TestProcFails checks a program that fails: Close's error has its exit
// status and the end of its stderr, bounded however much it wrote.
func TestProcFails(t *testing.T) {
	p, err := Start(script(t, `i=0
while [ $i -lt 3000 ]; do echo "noise line $i of the program's standard error, long enough" >&2; i=$((i+1)); done
echo "fake: broken" >&2
exit 3
`))
	if err != nil {
		t.Fatal(err)
	}
	err = p.Close()
	if err == nil || !strings.HasPrefix(err.Error(), "exit status 3; its stderr: ...") || !strings.HasSuffix(err.Error(), "fake: broken") {
		t.Errorf("Close: %.100v ... %v", err, err != nil && strings.HasSuffix(err.Error(), "fake: broken"))
	}
	if n := len(p.Stderr()); n > stderrKept+3 || n < stderrKept-100 {
		t.Errorf("Stderr kept %d bytes, want about %d", n, stderrKept)
	}
	if _, err := Start(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Error("Start of no program: no error")
	}
}

// TestProcKill checks that Kill ends a program that neither reads its
// input nor ends, and that Close after it does nothing.
func TestProcKill(t *testing.T) {
	p, err := Start(script(t, "echo started; exec sleep 60\n"))
	if err != nil {
		t.Fatal(err)
	}
	if line, err := p.ReadLine(); err != nil || string(line) != "started" {
		t.Fatalf("ReadLine = %q, %v", line, err)
	}
	start := time.Now()
	p.Kill()
	if el := time.Since(start); el > 30*time.Second {
		t.Errorf("Kill took %v", el)
	}
	if err := p.Close(); err != nil {
		t.Errorf("Close after Kill: %v", err)
	}
}

// TestCall checks a worker's half-duplex calls: a request a line, the
// answers read until the last, and a worker that dies naming its stderr.
func TestCall(t *testing.T) {
	p, err := Start(script(t, `while read -r line; do echo '{"progress":1}'; echo "$line"; done
echo "worker: bye" >&2
`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = p.Call(context.Background(), map[string]int{"n": 5}, "", func(line []byte) (bool, error) {
		got = append(got, string(line))
		return len(got) == 2, nil
	})
	if err != nil || strings.Join(got, " ") != `{"progress":1} {"n":5}` {
		t.Errorf("Call read %q, %v", got, err)
	}
	p.CloseWrite()
	err = p.Call(context.Background(), 1, "", func([]byte) (bool, error) { return false, nil })
	if err == nil || !strings.Contains(err.Error(), "writing a request") && !strings.Contains(err.Error(), "reading an answer") {
		t.Errorf("Call of a closed worker: %v", err)
	}
	if err := p.Close(); err != nil {
		t.Error(err)
	}
}

// TestTail checks Tail against the bytes written: it keeps the last size
// of them, and says when it has dropped some, whatever the writes' sizes.
func TestTail(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{1, 10, 1000} {
		tl := NewTail(size)
		var all []byte
		for range 300 {
			b := make([]byte, rng.IntN(3*size+2))
			for i := range b {
				b[i] = byte('a' + rng.IntN(26))
			}
			if n, err := tl.Write(b); n != len(b) || err != nil {
				t.Fatalf("Write = %d, %v", n, err)
			}
			all = append(all, b...)
			want := string(all[max(0, len(all)-size):])
			if len(all) > size {
				want = "..." + want
			}
			if got := tl.String(); got != want {
				t.Fatalf("size %d after %d bytes: %q, want %q", size, len(all), got, want)
			}
		}
		if cap(tl.b) > 8*size+64 { // bounded, however much was written
			t.Errorf("size %d: holds %d bytes", size, cap(tl.b))
		}
	}
}

// TestReadLineErrors checks what ReadLine returns at an output's end when
// the program is gone.
func TestReadLineErrors(t *testing.T) {
	p, err := Start(script(t, "exit 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.ReadLine(); !errors.Is(err, io.EOF) {
		t.Errorf("ReadLine of no output: %v", err)
	}
	if err := p.Close(); err != nil {
		t.Error(err)
	}
}
