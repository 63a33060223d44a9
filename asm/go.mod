module github.com/symmagic/attacks/asm

go 1.26.0

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

require (
	github.com/mmcloughlin/avo v0.6.0
	github.com/symmagic/attacks v0.0.0
	golang.org/x/tools v0.52.0
)

replace github.com/symmagic/attacks => ../
