// Command worker runs bench/lookups' loops in one technique's build:
// bench/lookups' driver builds it with go build -overlay, the technique's
// file of bench/lookups/techniques in the place of technique.go, and
// talks to it over stdin and stdout (lookups.Request and Response, one JSON
// object a line). It is not meant to be run by hand.
package main

import "github.com/symmagic/attacks/bench/lookups"

func main() { lookups.Serve() }
