"""Annotates PGN games with python-chess and an UCI engine, as bench/cmd/annotate does:
opening tags, an [%eval] at every main-line move, a NAG by the drop in the mover's
winning chances, and the engine's line at each mistake or blunder as a variation.

    python3 annotate.py ENGINE NODES OPENINGS.tsv... < games.pgn > annotated.pgn
"""
import csv
import io
import sys

import chess
import chess.engine
import chess.pgn

# NAGs by the drop in the mover's expected score (wins plus half the draws).
DROPS = [(0.3, chess.pgn.NAG_BLUNDER), (0.2, chess.pgn.NAG_MISTAKE), (0.1, chess.pgn.NAG_DUBIOUS_MOVE)]


def load_openings(paths):
    """Maps each named position's EPD to its ECO code and name."""
    names = {}
    for path in paths:
        with open(path, newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                board = chess.pgn.read_game(io.StringIO(row["pgn"])).end().board()
                names[board.epd()] = (row["eco"], row["name"])
    return names


def name_opening(game, names):
    """Sets the ECO and Opening tags to the deepest named position of the main line."""
    found = names.get(game.board().epd())
    for node in game.mainline():
        found = names.get(node.board().epd(), found)
    if found:
        game.headers["ECO"], game.headers["Opening"] = found


def nag_for(drop):
    for limit, nag in DROPS:
        if drop >= limit:
            return nag
    return None


def annotate(game, engine, limit):
    board = game.board()
    key = object()  # a new game for the engine: ucinewgame
    before = engine.analyse(board, limit, game=key)
    for node in list(game.mainline()):
        mover = board.turn
        board.push(node.move)
        after = engine.analyse(board, limit, game=key)
        if after.get("depth"):  # a position with no move is not searched
            node.set_eval(after["score"], after["depth"])
        drop = (before["score"].pov(mover).wdl(ply=board.ply() - 1).expectation()
                - after["score"].pov(mover).wdl(ply=board.ply()).expectation())
        nag = nag_for(drop)
        if nag is not None:
            node.nags.add(nag)
            pv = before.get("pv", [])
            if nag != chess.pgn.NAG_DUBIOUS_MOVE and pv and pv[0] != node.move:
                node.parent.add_line(pv)
        before = after


def main():
    engine_path, nodes, opening_files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    names = load_openings(opening_files)
    limit = chess.engine.Limit(nodes=nodes)
    with chess.engine.SimpleEngine.popen_uci(engine_path) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        while (game := chess.pgn.read_game(sys.stdin)) is not None:
            name_opening(game, names)
            annotate(game, engine, limit)
            print(game, end="\n\n")


if __name__ == "__main__":
    main()
