"""Draw the boards of cases.txt with python-chess's chess.svg.

    python3 pychess_boards.py OUTDIR     (python-chess on PYTHONPATH)

writes OUTDIR/NAME.svg for every case and OUTDIR/piece-X.svg for every
piece (X its FEN letter, "wP" style names keep the file system's case
apart). The picture test reads them with -pychess OUTDIR and writes
pychess.txt, what each square of python-chess's pictures shows.
"""
import os
import sys

import chess
import chess.svg

here = os.path.dirname(os.path.abspath(__file__))
out = sys.argv[1]
os.makedirs(out, exist_ok=True)

with open(os.path.join(here, "cases.txt")) as f:
    for line in f:
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        name, fen, moves, opts = line.split("\t")
        opts = [] if opts == "-" else opts.split(" ")
        chess960 = "960" in opts
        board = chess.Board(chess.STARTING_FEN if fen == "startpos" else fen, chess960=chess960)
        for m in ([] if moves == "-" else moves.split(" ")):
            board.push_uci(m)
        kw = {"colors": {}, "fill": {}, "arrows": []}
        for o in opts:
            key, _, val = o.partition("=")
            if key == "flip":
                kw["orientation"] = chess.BLACK
            elif key == "check":
                if board.is_check():
                    kw["check"] = board.king(board.turn)
            elif key == "nocoord":
                kw["coordinates"] = False
            elif key == "borders":
                kw["borders"] = True
            elif key == "size":
                kw["size"] = int(val)
            elif key == "arrows":
                kw["arrows"] = [chess.svg.Arrow.from_pgn(a) for a in val.split(",")]
            elif key == "fill":
                for part in val.split(","):
                    sq, col = part.split(":")
                    kw["fill"][chess.parse_square(sq)] = col
            elif key == "cross":
                kw["squares"] = chess.SquareSet([chess.parse_square(s) for s in val.split(",")])
            elif key == "light":
                kw["colors"]["square light"] = val
            elif key == "dark":
                kw["colors"]["square dark"] = val
        if "size" not in kw:
            # One pixel a unit: the viewBox's width.
            coords = kw.get("coordinates", True)
            borders = kw.get("borders", False)
            kw["size"] = 360 + (30 if coords else 0) + (2 if borders else 0) + (2 if borders and coords else 0)
        if board.move_stack:
            kw["lastmove"] = board.peek()
        with open(os.path.join(out, name + ".svg"), "w") as g:
            g.write(chess.svg.board(board, **kw))

for sym in "PNBRQKpnbrqk":
    name = ("w" if sym.isupper() else "b") + sym.upper()
    with open(os.path.join(out, "piece-" + name + ".svg"), "w") as g:
        g.write(chess.svg.piece(chess.Piece.from_symbol(sym), size=45))
