#!/bin/sh
# pgnextract.sh writes, for each PGN file of pgn/testdata, its reading by
# pgn-extract: pgn/testdata/ref/<file>.pgnextract.jsonl, one JSON object a
# game in file order:
#
#	{"tags":[["Event","..."],...],"uci":["e2e4",...],"result":"1-0","error":"","line":1}
#
# tags as pgn-extract writes them (its order: the Seven Tag Roster, "?" for
# one missing, then the others; a value as it stands between the quotes),
# uci the main line as its -Wuci writes it (promotions in lower case, the
# null move "--" as 0000), result the termination marker it writes, error
# its messages about the game (line numbers those of the file), line the
# game's first line in the file. The reading of a file over 1 MB is
# gzipped (gzip -9 -n: the same bytes on every run), <file>.pgnextract.jsonl.gz.
#
# Each game is given to pgn-extract alone, split from the file as
# split.awk says, so that a game it rejects keeps its place; the script
# then reads the whole file once more and warns where pgn-extract's own
# reading of it differs from the games read one by one (the tags past the
# Seven Tag Roster compared as a sorted list: pgn-extract writes them in
# the order it first met their names in the run).
#
# Run from the repository root: sh pgn/testdata/ref/pgnextract.sh [file.pgn ...]
# It needs pgn-extract (Debian's package puts it in /usr/games) and the
# standard tools: awk, cmp, grep, gzip, iconv, sort, tr, wc.

set -eu
export LC_ALL=C
PATH=$PATH:/usr/games

dir=pgn/testdata
ref=$dir/ref
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

opts="-s --quiet --allownullmoves -Wuci --novars --nocomments --nonags -w 100000"

if [ $# -eq 0 ]; then
	set -- "$dir"/*.pgn
fi

for f in "$@"; do
	name=$(basename "$f")
	out=$ref/$name.pgnextract.jsonl
	rm -f "$tmp"/*
	# The games' first lines, then each game in a file of its own.
	awk -f "$ref/split.awk" "$f" >"$tmp/starts"
	awk -v dir="$tmp" '
		NR == FNR { start[++n] = $1; next }
		FNR == 1 { g = 0 }
		g < n && FNR == start[g + 1] { g++; file = dir "/game." g ".pgn" }
		{ print > file }
	' "$tmp/starts" "$f"
	i=0
	: >"$tmp/jsonl"
	: >"$tmp/each"
	while read -r start; do
		i=$((i + 1))
		game=$tmp/game.$i.pgn
		: >"$tmp/out"
		pgn-extract $opts -l "$tmp/log" -o "$tmp/out" "$game" || true
		cat "$tmp/out" >>"$tmp/each"
		# Its messages may hold NUL bytes: left out.
		tr -d '\000' <"$tmp/log" >"$tmp/log.txt"
		awk -v start="$start" -f - "$tmp/out" "$tmp/log.txt" >>"$tmp/jsonl" <<'EOF'
function esc(s,    r, i, c) {
	if (s !~ /[\\"\001-\037\177]/)
		return s
	r = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\\" || c == "\"") c = "\\" c
		else if (c == "\t") c = "\\t"
		else if (c == "\r") c = "\\r"
		else if (c ~ /[\001-\037\177]/) c = sprintf("\\u%04x", ord[c])
		r = r c
	}
	return r
}
BEGIN {
	for (i = 1; i < 128; i++) ord[sprintf("%c", i)] = i
	games = 0; inmoves = 0
}
# The output: tag lines, a blank line, the movetext, a blank line.
FILENAME == ARGV[1] {
	if ($0 ~ /^\[/) {
		if (inmoves || games == 0) { games++; inmoves = 0 }
		if (games == 1) {
			name = substr($0, 2, index($0, " ") - 2)
			value = substr($0, index($0, "\"") + 1)
			value = substr(value, 1, length(value) - 2)
			tags = tags (tags == "" ? "" : ",") "[\"" esc(name) "\",\"" esc(value) "\"]"
		}
		next
	}
	if ($0 == "") next
	inmoves = 1
	if (games != 1) next
	for (k = 1; k <= NF; k++) tok[++ntok] = $k
	next
}
# The log: each message, the game diagrams left out.
FILENAME == ARGV[2] {
	if ($0 ~ /^[.pnbrqkPNBRQK][.pnbrqkPNBRQK][.pnbrqkPNBRQK][.pnbrqkPNBRQK][.pnbrqkPNBRQK][.pnbrqkPNBRQK][.pnbrqkPNBRQK][.pnbrqkPNBRQK]$/ || $0 ~ /^[ \t]*$/) next
	m = $0
	sub(/[ \t]+$/, "", m)
	if (match(m, /^File .*: Line number: [0-9]+$/)) {
		n = substr(m, index(m, "Line number: ") + 13) + start - 1
		m = "line " n ":"
	}
	msg = msg (msg == "" ? "" : " ") m
	next
}
END {
	result = ""
	moves = ""
	if (ntok > 0 && (tok[ntok] == "1-0" || tok[ntok] == "0-1" || tok[ntok] == "1/2-1/2" || tok[ntok] == "*")) {
		result = tok[ntok]
		ntok--
	}
	for (k = 1; k <= ntok; k++) {
		m = tolower(tok[k])
		if (m == "--") m = "0000"
		moves = moves (k > 1 ? "," : "") "\"" esc(m) "\""
	}
	if (games == 0) msg = msg (msg == "" ? "" : " ") "(no game)"
	if (games > 1) msg = msg (msg == "" ? "" : " ") "(" games " games)"
	printf "{\"tags\":[%s],\"uci\":[%s],\"result\":\"%s\",\"error\":\"%s\",\"line\":%d}\n", tags, moves, result, esc(msg), start
}
EOF
	done <"$tmp/starts"
	# A file that is not UTF-8 is taken as Latin-1, each byte a character.
	if ! iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1; then
		iconv -f ISO-8859-1 -t UTF-8 "$tmp/jsonl" >"$tmp/jsonl.utf8"
		mv "$tmp/jsonl.utf8" "$tmp/jsonl"
	fi
	# The reading of a file over 1 MB is kept gzipped.
	rm -f "$out" "$out.gz"
	if [ "$(wc -c <"$f")" -gt 1000000 ]; then
		gzip -9 -n -c "$tmp/jsonl" >"$out.gz"
	else
		cp "$tmp/jsonl" "$out"
	fi
	# pgn-extract's reading of the whole file.
	pgn-extract $opts -l "$tmp/log" -o "$tmp/whole" "$f" || true
	# Tags it writes past the Seven Tag Roster in the order it first met
	# their names in the run: compared apart, sorted.
	grep -v '^\[' "$tmp/whole" >"$tmp/whole.moves" || true
	grep -v '^\[' "$tmp/each" >"$tmp/each.moves" || true
	grep '^\[' "$tmp/whole" | sort >"$tmp/whole.tags" || true
	grep '^\[' "$tmp/each" | sort >"$tmp/each.tags" || true
	if ! cmp -s "$tmp/whole.moves" "$tmp/each.moves" || ! cmp -s "$tmp/whole.tags" "$tmp/each.tags"; then
		echo "pgnextract.sh: $name: pgn-extract writes other games from the whole file than from its games one by one" >&2
	fi
done
