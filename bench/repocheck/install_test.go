package repocheck

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestInstallRecipe follows README's install section as a new user does, in
// its order, in an empty module of its own: the clone (of this repository's
// committed HEAD, in place of GitHub, into ../attacks beside the module as
// the recipe has it), the go mod edit, a file that imports the module's
// three packages, then the recipe's go mod tidy; the program must build and
// run. The section's first block, go get @latest, fails until a version is
// published, as README says, and is not run. Only the module proxy is used
// (for golang.org/x/sys).
func TestInstallRecipe(t *testing.T) {
	if testing.Short() {
		t.Skip("runs git and the go command: not in -short")
	}
	blocks := installBlocks(t, string(readRepoFile(t, "README.md")))
	if len(blocks) != 3 || !strings.Contains(blocks[0], "@latest") {
		t.Fatalf("README's install section has %d sh blocks, want 3 (go get @latest; the clone and go mod edit; go mod tidy)", len(blocks))
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skip("not a git checkout: nothing to clone")
	}
	top := t.TempDir()
	user := filepath.Join(top, "yours")
	if err := os.Mkdir(user, 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	run := func(line string) {
		t.Helper()
		line = strings.ReplaceAll(line, "https://github.com/symmagic/attacks", root)
		cmd := exec.Command("sh", "-c", line)
		cmd.Dir, cmd.Env = user, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out)
		}
	}
	run("go mod init example.com/yours")
	for _, line := range commands(blocks[1]) {
		run(line)
	}
	main := `package main

import (
	"fmt"
	"strings"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
)

func main() {
	p := movegen.StartPosition()
	var g pgn.Game
	err := pgn.NewReader(strings.NewReader("1. e4 e5 *")).Read(&g)
	fmt.Println(attacks.Rook(0, 0) == 0x1010101010101fe, p.Perft(3), err, len(g.Mainline(nil)))
}
`
	if err := os.WriteFile(filepath.Join(user, "main.go"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, line := range commands(blocks[2]) {
		run(line)
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir, cmd.Env = user, env
	out, err := cmd.CombinedOutput()
	if err != nil || string(out) != "true 8902 <nil> 2\n" {
		t.Fatalf("go run . in the new module: %v\n%s", err, out)
	}
}

// installBlocks returns the sh code blocks of README's "## Install"
// section, in order.
func installBlocks(t *testing.T, readme string) []string {
	t.Helper()
	i := strings.Index(readme, "\n## Install\n")
	if i < 0 {
		t.Fatal("README has no ## Install section")
	}
	sec := readme[i+1:]
	if j := strings.Index(sec[3:], "\n## "); j >= 0 {
		sec = sec[:j+3]
	}
	var blocks []string
	for _, m := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(sec, -1) {
		blocks = append(blocks, m[1])
	}
	return blocks
}

// commands returns a block's command lines, each without its comment.
func commands(block string) []string {
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(block))
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}
