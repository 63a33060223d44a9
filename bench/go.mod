module github.com/symmagic/attacks/bench

go 1.24.0

require github.com/symmagic/attacks v0.0.0

replace github.com/symmagic/attacks => ../
