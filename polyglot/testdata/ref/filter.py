# filter.py BOOK READING N [BOOK READING N ...]: python-chess's lookups with
# a minimum weight and excluded moves, at the first N positions of each
# reading (readings/NAME.txt.gz, written by read.py: the positions where
# the book has entries). For each position, each minimum weight of 0, 1, 2
# and the position's highest weight, and each set of excluded moves (none;
# the move find gives; the first and last moves find_all gives with
# minimum_weight=0; every one of them), one line:
#
#	BOOK<TAB>FEN<TAB>MIN<TAB>EXCLUDED<TAB>FIND_ALL<TAB>FIND
#
# BOOK the book's file name without .bin, EXCLUDED the moves in UCI ("-":
# none), FIND_ALL the entries find_all(board, minimum_weight=MIN,
# exclude_moves=...) yields as UCI:WEIGHT ("-": none), FIND the entry
# find(...) returns ("-": IndexError). Run with python-chess on PYTHONPATH;
# the standard library alone.
import gzip
import os
import sys

import chess
import chess.polyglot


def fmt(entries):
    return " ".join(f"{e.move.uci()}:{e.weight}" for e in entries) or "-"


def main():
    args = sys.argv[1:]
    for i in range(0, len(args), 3):
        book, reading, n = args[i], args[i + 1], int(args[i + 2])
        name = os.path.basename(book)[: -len(".bin")]
        with gzip.open(reading, "rt") as f:
            fens = [line.split("\t")[0] for line in f if not line.startswith("#")][:n]
        with chess.polyglot.open_reader(book) as reader:
            for fen in fens:
                board = chess.Board(fen)
                every = list(reader.find_all(board, minimum_weight=0))
                main_entry = reader.get(board)
                excludes = [[]]
                if main_entry is not None:
                    excludes.append([main_entry.move])
                if every:
                    excludes.append(sorted({every[0].move, every[-1].move}, key=lambda m: m.uci()))
                    excludes.append([e.move for e in every])
                top = max((e.weight for e in every), default=0)
                for minimum in sorted({0, 1, 2, top}):
                    for ex in excludes:
                        found = list(reader.find_all(board, minimum_weight=minimum, exclude_moves=ex))
                        best = reader.get(board, minimum_weight=minimum, exclude_moves=ex)
                        print("\t".join([name, fen, str(minimum), " ".join(m.uci() for m in ex) or "-", fmt(found), fmt([best] if best else [])]))


main()
