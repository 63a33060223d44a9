#!/usr/bin/env bash
# Adopts github.com/symmagic/attacks in github.com/corentings/chess/v2
# v2.3.2, a Go chess library written elsewhere, and measures it with that
# library's own tests and benchmarks. See docs/ADOPTING.md.
#
# It fetches the library through the Go module proxy, so CI does not run it.
#
# Three builds of the library, each a copy of the proxy's module:
#   base    unpatched (hyperbola quintessence sliders, no tables)
#   dropin  dropin.patch: its two slider functions call attacks.Rook/Bishop
#   w       w.patch: its board keeps an attacks.Occupancy, updated on every
#           move; slider lookups go through it
# The patched builds point at this checkout with a replace directive.
#
# Steps: its full test suite, unchanged, in each build (go test ./...; its
# perft test checks published node counts), then crosscheck_test.go.in
# (every square and every blocker subset against a ray walk); then ROUNDS
# interleaved rounds of its benchmarks on prebuilt test binaries (each
# benchmark in base, dropin and w back to back, the order rotating), and
# the table (go run ./cmd/adopt).
#
# Usage: bench/adopt/run.sh [workdir]
# Environment: ROUNDS (9), BENCHTIME (0.5s), BENCH (regexp of benchmarks),
#              SKIPTESTS=1 to go straight to the benchmarks.
set -euo pipefail
export GOWORK=off GOFLAGS=
repo="$(cd "$(dirname "$0")/../.." && pwd)"
here="$repo/bench/adopt"
work="${1:-$(mktemp -d -t adopt.XXXXXX)}"
mkdir -p "$work"
work="$(cd "$work" && pwd)"
rounds="${ROUNDS:-9}"
benchtime="${BENCHTIME:-0.5s}"
bench="${BENCH:-^Benchmark(StandardMoves|StandardMoves_PawnPromotions|StandardMoves_BoardDensity|ValidMoves|StalemateStatus|InvalidStalemateStatus|UCIDecode|AlgebraicDecode|PGN|PositionHash)$}"
mod=github.com/corentings/chess/v2@v2.3.2

echo "work directory: $work"
go version
grep -m1 'model name' /proc/cpuinfo || true
echo "github.com/symmagic/attacks at $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD -- . ':!bench' || echo ' (modified)')"

dir="$(cd "$work" && go mod download -json "$mod" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -n "$dir" ] || { echo "go mod download $mod gave no Dir" >&2; exit 1; }

for b in base dropin w; do
  rm -rf "${work:?}/$b"
  cp -r "$dir" "$work/$b"
  chmod -R u+w "$work/$b"
  if [ "$b" != base ]; then
    (cd "$work/$b" &&
      patch -s -p1 < "$here/$b.patch" &&
      go mod edit -require=github.com/symmagic/attacks@v0.0.0 -replace=github.com/symmagic/attacks="$repo" &&
      go mod tidy)
  fi
done

if [ "${SKIPTESTS:-}" != 1 ]; then
  for b in base dropin w; do
    echo; echo "=== $b: go vet and its own test suite, unchanged: go test -count=1 ./..."
    (cd "$work/$b" && go vet . && go test -count=1 ./...)
    echo "=== $b: its perft test (published node counts), verbose"
    (cd "$work/$b" && go test -count=1 -run '^TestPerfResults$' -v . | grep -E '^(---|ok|FAIL)')
    echo "=== $b: cross-check of every slider square and blocker subset"
    cp "$here/crosscheck_test.go.in" "$work/$b/crosscheck_test.go"
    (cd "$work/$b" && go test -count=1 -run '^TestCrossCheck' -v . | grep -E '^(---|ok|FAIL)|cases agree')
    rm "$work/$b/crosscheck_test.go"
  done
fi

for b in base dropin w; do
  (cd "$work/$b" && go test -c -o "$work/$b.test" .)
done

rm -rf "$work/results"
mkdir -p "$work/results"
# The benchmark names, sub-benchmarks included, from one short run.
(cd "$work/base" && "$work/base.test" -test.run '^$' -test.bench "$bench" -test.benchtime 1x) |
  awk '/^Benchmark/ { n = $1; sub(/^Benchmark/, "", n); sub(/-[0-9]+$/, "", n); print n }' > "$work/results/names"
echo
echo "=== $rounds interleaved rounds of $(wc -l < "$work/results/names") benchmarks, -benchtime $benchtime -benchmem"
# Within a round each benchmark runs in the three builds back to back, so a
# pair is measured seconds apart; the builds' order rotates every round.
builds=(base dropin w)
for r in $(seq 1 "$rounds"); do
  round=$(printf %02d "$r")
  while read -r name; do
    re="^Benchmark${name%%/*}\$"
    [ "$name" != "${name#*/}" ] && re="$re/^${name#*/}\$"
    for i in 0 1 2; do
      b=${builds[$(( (i + r) % 3 ))]}
      (cd "$work/$b" && "$work/$b.test" -test.run '^$' -test.bench "$re" \
        -test.benchtime "$benchtime" -test.count 1 -test.benchmem < /dev/null) | grep '^Benchmark' >> "$work/results/$round-$b.txt"
    done
  done < "$work/results/names"
  echo "round $r of $rounds done"
done

echo
go run -C "$repo/bench" ./cmd/adopt -title "The adoption of $mod: benchmarks" "$work/results"
echo "(to write bench/results/CPU/adopt.md: go run -C bench ./cmd/adopt -title \"The adoption of $mod: benchmarks\" -write $work/results)"
