#!/usr/bin/env python3
"""Checks the Fairy-Stockfish records in fairy/ against python-chess, and
writes python-chess's SAN and outcomes of their positions to san/ and
outcome/.

Run it from this directory with python-chess 1.11.2 on the path:

    PYTHONPATH=/path/to/python-chess python3 pychess_check.py

For each fairy/<variant>.txt line (FEN;perft 2;moves) it checks that
python-chess's legal moves and perft 2 are Fairy-Stockfish's, and prints
any position where they are not. To each fairy/<variant>.differ line (the
positions where Fairy-Stockfish and package variant differ) it appends
python-chess's perft 2 and moves: FEN;fairy perft 2;fairy moves;python-chess
perft 2;python-chess moves. The package's test checks its own against
python-chess's there.

san/<variant>.txt holds, for every eighth position of both files, a line
FEN;uci=SAN ... with python-chess's SAN of every legal move.
outcome/<variant>.txt holds, for every position of both files whose game
is over, or where a side has insufficient material, and for the last
three positions of each of 40 random games that python-chess plays to
their end (at most 400 plies, seeded), a line
FEN;result;reason;white insufficient;black insufficient
with the FEN as python-chess writes it.
"""

import os
import random
import sys

import chess
import chess.variant

BOARDS = {
    "crazyhouse": chess.variant.CrazyhouseBoard,
    "atomic": chess.variant.AtomicBoard,
    "antichess": chess.variant.AntichessBoard,
    "kingOfTheHill": chess.variant.KingOfTheHillBoard,
    "threeCheck": chess.variant.ThreeCheckBoard,
    "horde": chess.variant.HordeBoard,
    "racingKings": chess.variant.RacingKingsBoard,
}

# python-chess's terminations by the names of package variant's Reason.
REASONS = {
    chess.Termination.VARIANT_WIN: "variant end",
    chess.Termination.VARIANT_LOSS: "variant end",
    chess.Termination.VARIANT_DRAW: "variant end",
    chess.Termination.CHECKMATE: "checkmate",
    chess.Termination.STALEMATE: "stalemate",
    chess.Termination.INSUFFICIENT_MATERIAL: "insufficient material",
    chess.Termination.SEVENTYFIVE_MOVES: "seventy-five-move rule",
}


def moves_and_perft2(board):
    moves = sorted(m.uci() for m in board.legal_moves)
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += board.legal_moves.count()
        board.pop()
    return moves, n


def outcome_line(board):
    outcome = board.outcome()
    wi = board.has_insufficient_material(chess.WHITE)
    bi = board.has_insufficient_material(chess.BLACK)
    result = outcome.result() if outcome else "*"
    reason = REASONS[outcome.termination] if outcome else "none"
    return f"{board.fen()};{result};{reason};{str(wi).lower()};{str(bi).lower()}"


def read(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]


def header(path):
    """The first line of path, its header as fairygen wrote it."""
    with open(path) as f:
        return f.readline().rstrip("\n")


def main():
    os.makedirs("san", exist_ok=True)
    os.makedirs("outcome", exist_ok=True)
    bad = 0
    for name, cls in BOARDS.items():
        san_lines, outcome_lines = [], []
        agree = read(os.path.join("fairy", name + ".txt"))
        differ_path = os.path.join("fairy", name + ".differ")
        differ = read(differ_path)
        differ_head = header(differ_path) if differ else ""
        differ_out = []
        for i, line in enumerate(agree + differ):
            fields = line.split(";")
            fen, n2, moves = fields[:3]
            board = cls(fen)
            pm, pn = moves_and_perft2(board)
            if i < len(agree):
                if pm != moves.split() or pn != int(n2):
                    bad += 1
                    print(f"{name}: {fen}: python-chess {pn} {' '.join(pm)}; fairy {n2} {moves}")
            else:
                differ_out.append(f"{fen};{n2};{moves};{pn};{' '.join(pm)}")
            if i % 8 == 0 and pm:
                sans = [f"{m.uci()}={board.san(m)}" for m in board.legal_moves]
                san_lines.append(fen + ";" + " ".join(sans))
            if board.outcome() is not None or board.has_insufficient_material(chess.WHITE) or board.has_insufficient_material(chess.BLACK):
                outcome_lines.append(outcome_line(board))
        rng = random.Random(name)
        for _ in range(40):
            board = cls()
            fens = []
            for _ in range(400):
                fens.append(board.fen())
                moves = list(board.legal_moves)
                if not moves or board.outcome() is not None:
                    break
                board.push(rng.choice(moves))
            for fen in fens[-3:]:
                outcome_lines.append(outcome_line(cls(fen)))
        with open(os.path.join("san", name + ".txt"), "w") as f:
            f.write(f"# {name}: python-chess 1.11.2's SAN of every legal move of every eighth position of fairy/{name}.txt and .differ\n")
            f.write("\n".join(san_lines) + "\n")
        with open(os.path.join("outcome", name + ".txt"), "w") as f:
            f.write(f"# {name}: python-chess 1.11.2's outcome and insufficient material (White, Black) of the positions of fairy/{name}.txt and .differ where the game is over or a side cannot win, and of the last three positions of 40 random games played to their end\n")
            f.write("\n".join(outcome_lines) + "\n")
        if differ:
            with open(differ_path, "w") as f:
                f.write(differ_head + "\n")
                f.write("\n".join(differ_out) + "\n")
    print(f"{bad} positions where python-chess and Fairy-Stockfish differ in fairy/*.txt")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
