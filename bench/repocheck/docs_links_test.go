package repocheck

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// Every relative link in README.md and docs/*.md points at a file that
// exists (and, for a link into a markdown file, at a heading it has). Many
// point into bench/, which the library's module zip does not hold, so the
// check runs here.

var (
	fencedCode = regexp.MustCompile("(?ms)^```.*?^```[ \t]*$")
	inlineCode = regexp.MustCompile("`[^`\n]*`")
	mdLink     = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	mdHeading  = regexp.MustCompile(`(?m)^#{1,6}[ \t]+(.+?)[ \t#]*$`)
)

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
		for _, link := range markdownLinks(string(readRepoFile(t, file))) {
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			checked++
			target, frag, _ := strings.Cut(link, "#")
			if target == "" {
				target = file
			} else {
				target = path.Join(path.Dir(file), target)
				if target == ".." || strings.HasPrefix(target, "../") {
					t.Errorf("%s: link %q leaves the repository", file, link)
					continue
				}
				if _, err := os.Stat(filepath.Join(repoRoot, filepath.FromSlash(target))); err != nil {
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
			if !anchors(string(readRepoFile(t, target)))[frag] {
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
