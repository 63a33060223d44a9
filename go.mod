module github.com/symmagic/attacks

go 1.23

require (
	github.com/klauspost/compress v1.18.4
	golang.org/x/sys v0.30.0
)
