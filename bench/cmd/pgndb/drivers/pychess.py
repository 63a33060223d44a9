# The python-chess reader of bench/cmd/pgndb: it reads every game of a PGN
# file with chess.pgn.read_game and its default visitor (GameBuilder), as
# python-chess's documentation shows, and prints one line: the games, the
# moves of their main lines, the games with errors, python-chess's version.
#
# Usage: python3 pychess.py PYTHON-CHESS-CHECKOUT FILE
import sys

sys.path.insert(0, sys.argv[1])

import chess
import chess.pgn

games = moves = errors = 0
with open(sys.argv[2], encoding="utf-8") as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        games += 1
        if game.errors:
            errors += 1
        moves += game.end().ply() - game.ply()
print(games, moves, errors, chess.__version__)
