#!/bin/sh
# make.sh PYTHON_CHESS_DIR: from the repository root, makes
# polyglot/testdata/halving.pgn.gz, each book books.txt lists with
# polyglot make-book (polyglot on PATH; Debian's /usr/games/polyglot),
# and python-chess's reading of each book (readings/NAME.txt.gz, by
# ref/read.py, python-chess's chess package from PYTHON_CHESS_DIR).
set -eu
pychess=$1
D=polyglot/testdata
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# halving.pgn: 40,000 games of three plies, so that a position's move
# counts reach 16,384 and make-book halves them. Results cycle through
# 1-0, 1/2-1/2, 0-1, * and 1-0; every eleventh game has no Result tag
# (make-book reads it as *), every thirteenth a marker that is not its tag.
awk 'BEGIN {
	split("e4 e4 d4 e4 c4 e4 Nf3", w1, " ")
	split("g3 b3 h3", w2, " ")
	split("1-0 1/2-1/2 0-1 * 1-0", res, " ")
	for (i = 0; i < 40000; i++) {
		r = res[i % 5 + 1]
		if (i % 11 != 0) printf "[Result \"%s\"]\n\n", r
		m = r
		if (i % 13 == 0) m = "*"
		printf "1. %s Nf6 2. %s %s\n\n", w1[i % 7 + 1], w2[i % 3 + 1], m
	}
}' > "$tmp/halving.pgn"
gzip -9 -n -c "$tmp/halving.pgn" > $D/halving.pgn.gz

mkdir -p $D/books $D/readings
grep -v '^#' $D/books.txt | while IFS='	' read -r name pgn opts; do
	case $pgn in
	polyglot/testdata/*) src=$tmp/$(basename "$pgn") ;;
	*) src=$pgn ;;
	esac
	# shellcheck disable=SC2086 # opts are words
	polyglot make-book -pgn "$src" -bin $D/books/$name.bin $opts > /dev/null
	PYTHONPATH=$pychess python3 $D/ref/read.py $D/books/$name.bin "$src" > "$tmp/reading"
	gzip -9 -n -c "$tmp/reading" > $D/readings/$name.txt.gz
done

# lasker-trap.bin is python-chess's own (data/polyglot), not make-book's.
cp "$pychess/data/polyglot/lasker-trap.bin" $D/books/lasker-trap.bin
PYTHONPATH=$pychess python3 $D/ref/read.py $D/books/lasker-trap.bin $D/lasker-trap.pgn > "$tmp/reading"
gzip -9 -n -c "$tmp/reading" > $D/readings/lasker-trap.txt.gz

# unusable/make-book.txt: what make-book does with each game of
# unusable/*.pgn alone (-min-game 1): the error it stops at, writing no
# book (it exits with status 0 all the same), or the book it writes, each
# entry as KEY MOVE WEIGHT in hex. Make with Options.Skip passes over
# every one of these games.
for f in $D/unusable/*.pgn; do
	rm -f "$tmp/u.bin"
	msg=$(polyglot make-book -pgn "$f" -bin "$tmp/u.bin" -min-game 1 | grep POLYGLOT || true)
	if [ -f "$tmp/u.bin" ]; then
		printf '%s\tbook:' "$(basename "$f")"
		od -An -v -tx1 -w16 "$tmp/u.bin" | awk '{ printf " %s%s%s%s%s%s%s%s:%s%s:%s%s", $1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12 }'
		echo
	else
		printf '%s\tno book: %s\n' "$(basename "$f")" "${msg#tellusererror }"
	fi
done > $D/unusable/make-book.txt

# filter/: a book with entries of weight 0 (twic232's, every third
# entry's weight 0, by ref/zero.py), and python-chess's lookups with a
# minimum weight and excluded moves (ref/filter.py) at the first positions
# of five books' readings.
python3 $D/ref/zero.py $D/books/twic232.bin $D/filter/zero-weights.bin
PYTHONPATH=$pychess python3 $D/ref/filter.py \
	$D/filter/zero-weights.bin $D/readings/twic232.txt.gz 300 \
	$D/books/twic232.bin $D/readings/twic232.txt.gz 100 \
	$D/books/halving.bin $D/readings/halving.txt.gz 50 \
	$D/books/lasker-trap.bin $D/readings/lasker-trap.txt.gz 50 \
	$D/books/benchmark-uniform.bin $D/readings/benchmark-uniform.txt.gz 50 > "$tmp/filter.txt"
gzip -9 -n -c "$tmp/filter.txt" > $D/filter/python-chess.txt.gz
