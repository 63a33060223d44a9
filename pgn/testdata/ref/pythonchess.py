"""pythonchess.py writes python-chess's readings of PGN files, for pgn's tests.

    PYTHONPATH=<python-chess checkout> python3 pgn/testdata/ref/pythonchess.py games FILE.pgn... > OUT.jsonl
    PYTHONPATH=<python-chess checkout> python3 pgn/testdata/ref/pythonchess.py damage DIR > OUT.json
    PYTHONPATH=<python-chess checkout> python3 pgn/testdata/ref/pythonchess.py prefixes | gzip -9 -n > pgn/testdata/ref/prefixes.pythonchess.json.gz

"games": for each file, one JSON object a game read by chess.pgn.read_game,
in file order:

    {"file": NAME, "game": N, "errors": E, "result": R, "fen": F, "outcome": O, "nodes": [...]}

errors the number of game.errors, result the Result tag, fen the final
position of the main line as board.fen() writes it (the en-passant square
only where a legal capture exists), outcome board.outcome(claim_draw=True)
as "RESULT TERMINATION" ("" for none), and nodes, for each node of the main
line (1 for the first move) that has comments, a clock, an evaluation or
arrows: [i, comments, clock seconds or null, [white centipawns or null, white
mate or null, depth or null] or null, ["Ga1a1", ...]].

"damage": for each file DIR/*.pgn (sorted by name), the main lines of the
games read without an error, as FNV-1a 64-bit hashes of their UCI moves
joined by single spaces, in hex: {"NAME": ["hash", ...], ...}.

"prefixes" (run from the repository root; it needs awk): every byte prefix
of each annotated game of pgn/testdata, read as a file of its own with
chess.pgn.read_game until it returns None. The annotated games are the games
of the test files, split as pgn/testdata/ref/split.awk splits them (a game's
bytes run from its first line to the next game's), whose movetext (the lines
that do not begin with "[") holds both a "{" and a "(", that are at most
PREFIX_MAX bytes long and that hold no Variant tag but "Standard" (python-chess
reads variants pgn does not), each distinct movetext once, in file order. For
each:

    {"file": NAME, "offset": O, "len": L, "moves": [...], "errors": [...]}

offset and len its bytes in the file; moves[k] and errors[k] for the prefix
of k bytes (k from 0 to L): the main-line moves of every game read from it,
and the number of those games with errors (game.errors not empty).

"games" reads a file as UTF-8 where it is valid UTF-8, else as Latin-1;
"damage" reads every file as Latin-1 (each byte a character), so that any
bytes read.
"""

import json
import os
import sys

import chess
import chess.pgn


def fnv(s):
    h = 0xcbf29ce484222325
    for b in s.encode("latin-1"):
        h ^= b
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def games(paths):
    for path in paths:
        name = os.path.basename(path)
        encoding = "utf-8"
        try:
            with open(path, "rb") as f:
                f.read().decode("utf-8")
        except UnicodeDecodeError:
            encoding = "latin-1"
        with open(path, encoding=encoding) as f:
            n = 0
            while True:
                g = chess.pgn.read_game(f)
                if g is None:
                    break
                n += 1
                nodes = []
                for i, node in enumerate(g.mainline(), start=1):
                    clk = node.clock()
                    ev = node.eval()
                    evj = None
                    if ev is not None:
                        w = ev.white()
                        evj = [w.score(), w.mate(), node.eval_depth()]
                        if w.is_mate():
                            evj[0] = None
                    arrows = []
                    for a in node.arrows():
                        arrows.append(a.color[0].upper() + chess.square_name(a.tail) + chess.square_name(a.head))
                    if node.comments or clk is not None or evj is not None or arrows:
                        nodes.append([i, node.comments, clk, evj, arrows])
                board = g.end().board()
                o = board.outcome(claim_draw=True)
                out = ""
                if o is not None:
                    out = o.result() + " " + o.termination.name
                print(json.dumps({"file": name, "game": n, "errors": len(g.errors),
                                  "result": g.headers.get("Result", ""), "fen": board.fen(),
                                  "outcome": out, "nodes": nodes}, ensure_ascii=False))


def damage(d):
    res = {}
    for name in sorted(os.listdir(d)):
        if not name.endswith(".pgn"):
            continue
        hashes = []
        with open(os.path.join(d, name), encoding="latin-1") as f:
            while True:
                g = chess.pgn.read_game(f)
                if g is None:
                    break
                if not g.errors:
                    hashes.append(fnv(" ".join(m.uci() for m in g.mainline_moves())))
        res[name] = hashes
    print(json.dumps(res, sort_keys=True, separators=(",", ":")))


PREFIX_MAX = 5000


def annotated_games():
    import hashlib
    import subprocess
    d = "pgn/testdata"
    seen = set()
    names = sorted(n for n in os.listdir(d) if n.endswith(".pgn"))
    for name in names:
        path = os.path.join(d, name)
        with open(path, "rb") as f:
            data = f.read()
        out = subprocess.run(["awk", "-f", "pgn/testdata/ref/split.awk", path], capture_output=True,
                             env={"LC_ALL": "C"}, check=True).stdout
        starts = [int(x) for x in out.split()]
        offsets = [0]
        for line in data.split(b"\n"):
            offsets.append(offsets[-1] + len(line) + 1)
        for i, s in enumerate(starts):
            a = offsets[s - 1]
            b = offsets[starts[i + 1] - 1] if i + 1 < len(starts) else len(data)
            g = data[a:b]
            lines = g.split(b"\n")
            movetext = b"\n".join(l for l in lines if not l.lstrip().startswith(b"["))
            if b"{" not in movetext or b"(" not in movetext or len(g) > PREFIX_MAX:
                continue
            if any(l.lstrip().startswith(b"[Variant ") and l.strip() != b'[Variant "Standard"]' for l in lines):
                continue
            h = hashlib.sha256(movetext).digest()
            if h in seen:
                continue
            seen.add(h)
            yield name, a, g


def prefixes():
    import io
    games = []
    for name, offset, g in annotated_games():
        moves, errors = [], []
        for k in range(len(g) + 1):
            f = io.TextIOWrapper(io.BytesIO(g[:k]), encoding="latin-1")
            m = e = 0
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                m += sum(1 for _ in game.mainline_moves())
                if game.errors:
                    e += 1
            moves.append(m)
            errors.append(e)
        games.append({"file": name, "offset": offset, "len": len(g), "moves": moves, "errors": errors})
    print(json.dumps(games, separators=(",", ":")))


if __name__ == "__main__":
    import logging
    logging.disable(logging.CRITICAL)
    if sys.argv[1] == "games":
        games(sys.argv[2:])
    elif sys.argv[1] == "prefixes":
        prefixes()
    else:
        damage(sys.argv[2])
