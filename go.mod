module github.com/symmagic/attacks

go 1.23

require golang.org/x/sys v0.30.0
