#!/usr/bin/env python3
"""Writes pictures.jsonl: python-chess's text pictures of some positions
with every combination of the options, the table picture_test.go reads.

Run from this directory with python-chess 1.11.2 importable:

    python3 make_pictures.py

One JSON object a line: "fen" (the board field alone, "8/8/8/8/8/8/8/8",
is the empty board), the options "unicode", "invert", "borders",
"flipped" and "empty" ("" for python-chess's default), and "picture".

Unicode pictures are board.unicode(invert_color=, borders=, empty_square=,
orientation=). Pictures with FEN's letters are str(board) with the default
options; with any other, board.unicode(...) drawing the letters (its table
of symbols, UNICODE_PIECE_SYMBOLS, mapped to the letters themselves, and
"." for the default empty square), checked to give str(board) with the
default options.
"""

import itertools
import json

import chess

FENS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1",
    "4k3/1Q6/8/8/8/8/5ppp/2r3K1 w - - 0 40",
    "8/8/8/8/8/8/8/8",
]
EMPTIES = ["", "\u00b7", "_"]

UNICODE = dict(chess.UNICODE_PIECE_SYMBOLS)
LETTERS = {k: k for k in UNICODE}


def picture(board, unicode, invert, borders, flipped, empty):
    kw = dict(invert_color=invert, borders=borders, orientation=chess.BLACK if flipped else chess.WHITE)
    if empty:
        kw["empty_square"] = empty
    if unicode:
        return board.unicode(**kw)
    if not empty:
        kw["empty_square"] = "."
    chess.UNICODE_PIECE_SYMBOLS.clear()
    chess.UNICODE_PIECE_SYMBOLS.update(LETTERS)
    try:
        s = board.unicode(**kw)
    finally:
        chess.UNICODE_PIECE_SYMBOLS.clear()
        chess.UNICODE_PIECE_SYMBOLS.update(UNICODE)
    if not (invert or borders or flipped or empty):
        assert s == str(board), (s, str(board))
        return str(board)
    return s


def main():
    out = []
    for fen in FENS:
        board = chess.BaseBoard(fen.split()[0])
        for unicode, invert, borders, flipped, empty in itertools.product(
            [False, True], [False, True], [False, True], [False, True], EMPTIES
        ):
            row = dict(fen=fen, unicode=unicode, invert=invert, borders=borders, flipped=flipped, empty=empty,
                       picture=picture(board, unicode, invert, borders, flipped, empty))
            out.append(json.dumps(row, ensure_ascii=False) + "\n")
    with open("pictures.jsonl", "w", encoding="utf-8") as f:
        f.writelines(out)
    print(f"{len(out)} pictures")


if __name__ == "__main__":
    main()
