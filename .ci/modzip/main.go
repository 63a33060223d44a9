// Command modzip builds the zip of the Go module at the top of a git
// repository as the module proxy serves it to go get, and unpacks it into a
// directory of its own, so that CI can vet and test the module as a user
// downloads it: without the nested modules (bench, gen, asm, this one),
// which a module zip never holds.
//
// Usage:
//
//	go run . -dir ../.. -out DIR [-rev HEAD] [-version v0.0.0-ci] [-zip FILE]
//
// As the go command does for a version it fetches from git, it takes the
// files git archive gives for the revision and builds the zip from them
// with golang.org/x/mod/zip, which leaves out nested modules, vendored
// packages and whatever a module zip may not hold. (zip.CreateFromVCS does
// the same but refuses a git worktree, whose .git is a file; CreateFromDir
// would take that file and any untracked one.) It prints what the zip left
// out; DIR must not exist or be empty.
package main

import (
	"archive/zip"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "modzip:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("modzip", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", ".", "the top `directory` of the git repository whose go.mod names the module")
	rev := fs.String("rev", "HEAD", "the git `revision` to zip")
	version := fs.String("version", "v0.0.0-ci", "the `version` the zip is built for")
	out := fs.String("out", "", "the `directory` to unpack the zip into; must not exist or be empty")
	zipFile := fs.String("zip", "", "also keep the zip as `file`")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: modzip -out DIR [flags]\n\nmodzip builds the module zip of a git revision as the module proxy would and unpacks it into -out.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *out == "" {
		return errors.New("-out is required")
	}

	files, err := gitFiles(*dir, *rev)
	if err != nil {
		return err
	}
	gomod, err := readFile(files, "go.mod")
	if err != nil {
		return fmt.Errorf("%s at %s: %v", *dir, *rev, err)
	}
	m := module.Version{Path: modfile.ModulePath(gomod), Version: *version}
	if err := module.Check(m.Path, m.Version); err != nil {
		return err
	}
	checked, err := modzip.CheckFiles(files)
	if err != nil {
		return err
	}

	keep := *zipFile
	if keep == "" {
		tmp, err := os.CreateTemp("", "modzip-*.zip")
		if err != nil {
			return err
		}
		keep = tmp.Name()
		defer os.Remove(keep)
		if err := tmp.Close(); err != nil {
			return err
		}
	}
	if err := writeZip(keep, m, files); err != nil {
		return err
	}
	if err := modzip.Unzip(*out, m, keep); err != nil {
		return err
	}
	info, err := os.Stat(keep)
	if err != nil {
		return err
	}

	fmt.Fprintf(stdout, "%s from %s: %d files, a %d-byte zip, unpacked in %s\n", m, *rev, len(checked.Valid), info.Size(), *out)
	// x/mod lists a nested module's files one by one: name each module once.
	modules := map[string]bool{}
	for _, f := range files {
		if d, base := path.Split(f.Path()); base == "go.mod" && d != "" {
			modules[strings.TrimSuffix(d, "/")] = true
		}
	}
	said := map[string]bool{}
	for _, o := range checked.Omitted {
		what := fmt.Sprintf("%s (%v)", o.Path, o.Err)
		for d := o.Path; d != "."; d = path.Dir(d) {
			if modules[d] {
				what = d + "/ (another module)"
			}
		}
		if !said[what] {
			said[what] = true
			fmt.Fprintf(stdout, "left out: %s\n", what)
		}
	}
	return nil
}

// gitFiles returns the files git archive gives for revision rev of the
// repository whose top directory is dir, as the go command reads a
// revision: line endings as committed, export-ignore honoured.
func gitFiles(dir, rev string) ([]modzip.File, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("git", "-c", "core.autocrlf=input", "-c", "core.eol=lf", "archive", "--format=zip", rev)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("git archive %s in %s: %v\n%s", rev, dir, err, stderr.Bytes())
	}
	z, err := zip.NewReader(bytes.NewReader(stdout.Bytes()), int64(stdout.Len()))
	if err != nil {
		return nil, err
	}
	var files []modzip.File
	for _, f := range z.File {
		if !strings.HasSuffix(f.Name, "/") {
			files = append(files, zipFile{f})
		}
	}
	return files, nil
}

// zipFile is a file of git archive's zip.
type zipFile struct{ f *zip.File }

func (f zipFile) Path() string                 { return f.f.Name }
func (f zipFile) Lstat() (os.FileInfo, error)  { return f.f.FileInfo(), nil }
func (f zipFile) Open() (io.ReadCloser, error) { return f.f.Open() }

// readFile returns the contents of the file named name among files.
func readFile(files []modzip.File, name string) ([]byte, error) {
	for _, f := range files {
		if f.Path() == name {
			r, err := f.Open()
			if err != nil {
				return nil, err
			}
			defer r.Close()
			return io.ReadAll(r)
		}
	}
	return nil, fmt.Errorf("no %s", name)
}

// writeZip writes module m's zip of files to file.
func writeZip(file string, m module.Version, files []modzip.File) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := modzip.Create(f, m, files); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
