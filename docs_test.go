package attacks

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The documentation's claims that a machine can check: every relative link
// in README.md and docs/*.md points at a file that exists (and, for a link
// into a markdown file, at a heading it has), and README's example is the
// body of an Example function, which go test compiles and runs.

var (
	fencedCode = regexp.MustCompile("(?ms)^```.*?^```[ \t]*$")
	inlineCode = regexp.MustCompile("`[^`\n]*`")
	mdLink     = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	mdHeading  = regexp.MustCompile(`(?m)^#{1,6}[ \t]+(.+?)[ \t#]*$`)
)

// docFiles lists the markdown files whose links are checked.
func docFiles(t *testing.T) []string {
	files := []string{"README.md"}
	more, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append(files, more...)
}

// markdownLinks returns the link targets of a markdown text, outside code.
func markdownLinks(text string) []string {
	text = fencedCode.ReplaceAllString(text, "")
	text = inlineCode.ReplaceAllString(text, "")
	var out []string
	for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// anchors returns the fragment names GitHub gives a markdown file's
// headings: lower case, spaces to hyphens, punctuation other than hyphens
// and underscores dropped, "-1", "-2", ... appended to repeats.
func anchors(text string) map[string]bool {
	text = fencedCode.ReplaceAllString(text, "")
	out := map[string]bool{}
	seen := map[string]int{}
	for _, m := range mdHeading.FindAllStringSubmatch(text, -1) {
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			seen[a]++
			a += "-" + strconv.Itoa(n)
		} else {
			seen[a] = 1
		}
		out[a] = true
	}
	return out
}

func TestDocLinks(t *testing.T) {
	files := docFiles(t)
	if len(files) < 5 {
		t.Fatalf("found only %v; want README.md and the files under docs/", files)
	}
	checked := 0
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, link := range markdownLinks(string(text)) {
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			checked++
			path, frag, _ := strings.Cut(link, "#")
			target := file
			if path != "" {
				target = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
				if _, err := os.Stat(target); err != nil {
					t.Errorf("%s: link %q points at nothing (%v)", file, link, err)
					continue
				}
			}
			if frag == "" {
				continue
			}
			if !strings.HasSuffix(target, ".md") {
				t.Errorf("%s: link %q has a fragment into a file that is not markdown", file, link)
				continue
			}
			body, err := os.ReadFile(target)
			if err != nil {
				t.Errorf("%s: link %q: %v", file, link, err)
				continue
			}
			if !anchors(string(body))[frag] {
				t.Errorf("%s: link %q: %s has no heading #%s", file, link, target, frag)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("checked only %d relative links; the link pattern is broken", checked)
	}
}

// TestDocLinksCheck makes sure the link check can fail.
func TestDocLinksCheck(t *testing.T) {
	text := "see [a](x.md), ![b](dir/y.png \"t\") and [c](#the-w-system), not `[d](z)`\n```\n[e](w)\n```\n"
	if got := strings.Join(markdownLinks(text), " "); got != "x.md dir/y.png #the-w-system" {
		t.Errorf("markdownLinks = %q", got)
	}
	a := anchors("# The W system\n## `Rook`, the seed's claims: checked\n## Rook\n## Rook\n")
	for _, want := range []string{"the-w-system", "rook-the-seeds-claims-checked", "rook", "rook-1"} {
		if !a[want] {
			t.Errorf("anchors lacks %q: %v", want, a)
		}
	}
}

// readmeGoBlock returns the first go code block after README's "## Example".
func readmeGoBlock(t *testing.T) string {
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(text), "\n## Example\n")
	if !ok {
		t.Fatal(`README.md has no "## Example" section`)
	}
	_, block, ok := strings.Cut(after, "```go\n")
	if !ok {
		t.Fatal("README's Example section has no go code block")
	}
	block, _, ok = strings.Cut(block, "\n```")
	if !ok {
		t.Fatal("README's example block is not closed")
	}
	return block
}

// exampleBody returns the body of func name in file, one tab of
// indentation removed.
func exampleBody(t *testing.T, file, name string) string {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != name || fn.Recv != nil {
			continue
		}
		body := string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
		lines := strings.Split(strings.Trim(body, "\n"), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimPrefix(l, "\t")
		}
		return strings.Join(lines, "\n")
	}
	t.Fatalf("%s has no func %s", file, name)
	return ""
}

// TestReadmeExample checks that README's example is, line for line, the
// body of Example in example_readme_test.go, which go test runs against
// its Output comment.
func TestReadmeExample(t *testing.T) {
	readme := readmeGoBlock(t)
	body := exampleBody(t, "example_readme_test.go", "Example")
	if readme == body {
		return
	}
	r, b := strings.Split(readme, "\n"), strings.Split(body, "\n")
	for i := 0; i < len(r) || i < len(b); i++ {
		var rl, bl string
		if i < len(r) {
			rl = r[i]
		}
		if i < len(b) {
			bl = b[i]
		}
		if rl != bl {
			t.Fatalf("README's example differs from Example in example_readme_test.go at line %d:\nREADME:  %q\nExample: %q", i+1, rl, bl)
		}
	}
}
