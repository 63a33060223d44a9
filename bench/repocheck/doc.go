// Package repocheck holds the checks that read the whole repository rather
// than one module: documents against bench/results (the ratios they quote,
// their links), package magic's exports against their users, the go.mod
// files against the stated policy, docs/DESIGN.md's file list against the
// tree. They live here, beside the results, and
// not in the library's module, whose zip (what go get downloads) holds none
// of the nested modules they read. It has no code of its own: go test runs
// its tests from the bench module.
package repocheck
