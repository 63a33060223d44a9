module github.com/symmagic/attacks/gen

go 1.26.0

require github.com/symmagic/attacks v0.0.0

require github.com/dave/jennifer v1.7.1

replace github.com/symmagic/attacks => ../
