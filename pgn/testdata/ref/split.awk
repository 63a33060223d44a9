# split.awk prints the first line of each game of a PGN file, one a line.
#
# A game begins at the file's first line (unless the file holds nothing
# but white space: then it has no game), at every tag line that follows
# movetext, and at a line of movetext that follows a game's termination
# marker (1-0, 0-1, 1/2-1/2 or * outside comments and variations) and
# holds a symbol (a move, a move number): a game without tags. A tag line
# is a line whose first byte other than space and tab is "[" (the file's
# byte-order mark skipped), outside a brace comment, and what follows its
# tag pairs on the line is movetext; movetext is any other line that is
# not blank and not an escape line ("%" in the first column). Brace
# comments are followed across lines, ";" comments end at the line's end.
# chessjs.cjs splits files by the same rule.
#
# Run with LC_ALL=C, so that every byte is a character.

BEGIN { started = 0; moves = 0; ended = 0; incomment = 0; depth = 0 }

{
	line = $0
	if (NR == 1 && substr(line, 1, 3) == "\357\273\277")
		line = substr(line, 4)
	sub(/\r$/, "", line)
	if (!started && line ~ /[^ \t]/) {
		print 1
		started = 1
	}
	if (!incomment) {
		if (substr(line, 1, 1) == "%")
			next
		t = line
		sub(/^[ \t]+/, "", t)
		if (t == "")
			next
		if (substr(t, 1, 1) == "[") {
			if (moves) {
				print NR
				moves = 0
				ended = 0
				depth = 0
			}
			# Movetext after the tag pairs, on their line.
			while (match(t, /^\[[^"\]]*"([^"\\]|\\.)*"[ \t]*\][ \t]*/))
				t = substr(t, RLENGTH + 1)
			if (t == "" || substr(t, 1, 1) == "[")
				next
			moves = 1
			scan(t)
			next
		}
	}
	if (ended && hassymbol(line)) {
		print NR
		ended = 0
		depth = 0
	}
	moves = 1
	scan(line)
}

# scan reads the movetext line s: its comments, variations and
# termination markers.
function scan(s,    i, c, n, sym) {
	n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		if (incomment) {
			if (c == "}")
				incomment = 0
			continue
		}
		if (c == "{") {
			incomment = 1
		} else if (c == ";") {
			return
		} else if (c == "(") {
			depth++
		} else if (c == ")") {
			if (depth > 0)
				depth--
		} else if (c ~ /[A-Za-z0-9_+#=:\/*-]/) {
			sym = c
			while (i < n && substr(s, i + 1, 1) ~ /[A-Za-z0-9_+#=:\/*-]/)
				sym = sym substr(s, ++i, 1)
			if (depth == 0 && (sym == "1-0" || sym == "0-1" || sym == "1/2-1/2" || sym == "*"))
				ended = 1
		}
	}
}

# hassymbol reports whether the movetext line s holds a symbol outside
# comments, the comment state at its start being incomment's.
function hassymbol(s,    i, c, n, in_c) {
	in_c = incomment
	n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		if (in_c) {
			if (c == "}")
				in_c = 0
		} else if (c == "{") {
			in_c = 1
		} else if (c == ";") {
			return 0
		} else if (c ~ /[A-Za-z0-9]/) {
			return 1
		}
	}
	return 0
}
