module github.com/symmagic/attacks

go 1.24
