module github.com/symmagic/attacks/research

go 1.26.0

require (
	github.com/symmagic/attacks v0.0.0
	github.com/symmagic/attacks/bench v0.0.0
)

replace (
	github.com/symmagic/attacks => ../
	github.com/symmagic/attacks/bench => ../bench
)
