# read.py BOOK PGN...: python-chess's reading of a Polyglot book at every
# position of the PGN files' games (their main lines, the start and the
# position after each move), each position once: one line a position that
# has an entry, "FEN<TAB>KEY<TAB>UCI:WEIGHT:LEARN ..." (the FEN with the
# en-passant square whenever a pawn stands beside the pawn that just
# double-pushed, as the key counts it: en_passant="xfen"; KEY in hex, the
# entries in book order as chess.polyglot's find_all gives them with
# minimum_weight=0, every entry whose move is legal), then a last line
# "# positions N" (every distinct position read). Run with python-chess on
# PYTHONPATH; the standard library alone.
import sys

import chess
import chess.pgn
import chess.polyglot


def main():
    book, pgns = sys.argv[1], sys.argv[2:]
    seen = set()
    out = []
    with chess.polyglot.open_reader(book) as reader:
        for name in pgns:
            with open(name, encoding="utf-8-sig", errors="replace") as f:
                while True:
                    game = chess.pgn.read_game(f)
                    if game is None:
                        break
                    if game.errors:
                        continue
                    board = game.board()
                    boards = [board.copy()]
                    for move in game.mainline_moves():
                        board.push(move)
                        boards.append(board.copy())
                    for b in boards:
                        key = chess.polyglot.zobrist_hash(b)
                        if key in seen:
                            continue
                        seen.add(key)
                        entries = list(reader.find_all(b, minimum_weight=0))
                        if entries:
                            text = " ".join(f"{e.move.uci()}:{e.weight}:{e.learn}" for e in entries)
                            out.append(f"{b.fen(en_passant='xfen')}\t{key:016x}\t{text}")
    for line in out:
        print(line)
    print(f"# positions {len(seen)}")


main()
