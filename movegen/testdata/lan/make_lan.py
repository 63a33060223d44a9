#!/usr/bin/env python3
"""Writes lan.tsv.gz: python-chess's long algebraic notation (Board.lan) of
every legal move of many positions, the table lan_test.go reads.

Run from this directory with python-chess 1.11.2 importable:

    python3 make_lan.py

The positions: every FEN of ../fens/positions.tsv that python-chess reads
(in Chess960 mode where that file says so; a line's "moves" pushed) and of
../fens/perftsuite.epd, a few written here for castling, en passant and
promotion, and positions of seeded random games (some of each game), from the standard start
and from Chess960 starts.

One line a position, tab-separated: the FEN (as the source writes it, or as
python-chess's Board.fen writes it), 1 if python-chess's board is in
Chess960 mode else 0, and the moves as uci:lan separated by spaces, in
python-chess's order. The null move is listed as 0000:-- where the side to
move is not in check (python-chess writes "--" in check too, where the null
move is not one the package makes).

The output is deterministic: random.Random(seeds), gzip with mtime 0.
"""

import gzip
import random

import chess

SEED = 53
STANDARD_GAMES = 30
CHESS960_GAMES = 30
SAMPLE = 16  # one position in SAMPLE of a game
SPECIAL = 6  # one in SPECIAL where a castling, en passant or promotion is legal, or in check

EXTRA = [
    # Castling both ways, giving check and mate.
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", False),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", False),
    ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", False),
    ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", False),
    ("8/8/8/8/8/8/6PP/5k1K w - - 0 1", False),
    ("4k3/8/8/8/8/8/5PPP/R3K2R w KQ - 0 1", False),
    ("4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", False),
    ("2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1", True),
    # Chess960 castling: king and rook side by side, king on b1 and g1.
    ("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", True),
    ("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", True),
    ("r4kr1/8/8/8/8/8/8/R4KR1 w GAga - 0 1", True),
    ("2r1kr2/8/8/8/8/8/8/2R1KR2 w FCfc - 0 1", True),
    ("nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1", True),
    # En passant: plain, giving a discovered check, giving mate.
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", False),
    ("8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 1", False),
    ("7k/8/6K1/5pP1/8/8/8/8 w - f6 0 1", False),
    ("8/8/8/8/4pP2/8/8/k3K2R b K f3 0 1", False),
    # Promotions: every piece, with and without capture, check and mate.
    ("3r2k1/4Pppp/8/8/8/8/8/4K3 w - - 0 1", False),
    ("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", False),
    ("4k3/8/8/8/8/8/p7/1N2K3 b - - 0 1", False),
    ("7k/1P6/8/8/8/8/8/K7 w - - 0 1", False),
    # Disambiguation (the long notation needs none) and checkmates.
    ("4k3/3N4/8/3N4/8/8/8/4K3 w - - 0 1", False),
    ("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", False),
    ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", False),
    ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", False),
]


def program_fens():
    with open("../fens/positions.tsv") as f:
        next(f)
        for line in f:
            source, fen, c960, _, _ = line.rstrip("\n").split("\t")
            if c960 == "-":
                continue  # python-chess does not read it
            moves = []
            if " moves " in fen:
                fen, rest = fen.split(" moves ", 1)
                moves = rest.split()
            board = chess.Board(fen, chess960=c960 == "1")
            for uci in moves:
                board.push_uci(uci)
            yield (board.fen() if moves else fen), board
    with open("../fens/perftsuite.epd") as f:
        for line in f:
            fen = line.split(";")[0].strip()
            if fen:
                yield fen, chess.Board(fen)
    for fen, c960 in EXTRA:
        yield fen, chess.Board(fen, chess960=c960)


def special(board):
    return any(
        board.is_castling(m) or board.is_en_passant(m) or m.promotion
        for m in board.legal_moves
    )


def game_fens(rng, chess960, games):
    for _ in range(games):
        if chess960:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            board = chess.Board()
        for _ in range(400):
            moves = list(board.legal_moves)
            if not moves or board.is_insufficient_material():
                break
            if rng.randrange(SPECIAL if special(board) or board.is_check() else SAMPLE) == 0:
                yield board.fen(), board.copy(stack=False)
            board.push(rng.choice(moves))
        yield board.fen(), board.copy(stack=False)  # the last position: mate, stalemate or a bare board


def line(fen, board):
    pairs = [f"{m.uci()}:{board.lan(m)}" for m in board.legal_moves]
    if not board.is_check():
        pairs.append(f"0000:{board.lan(chess.Move.null())}")
    return f"{fen}\t{int(board.chess960)}\t{' '.join(pairs)}\n"


def main():
    rng = random.Random(SEED)
    seen = set()
    out = []
    sources = [program_fens(), game_fens(rng, False, STANDARD_GAMES), game_fens(rng, True, CHESS960_GAMES)]
    for src in sources:
        for fen, board in src:
            if (fen, board.chess960) in seen:
                continue
            seen.add((fen, board.chess960))
            out.append(line(fen, board))
    data = "".join(out).encode()
    with open("lan.tsv.gz", "wb") as f:
        with gzip.GzipFile(filename="lan.tsv", mode="wb", fileobj=f, mtime=0) as z:
            z.write(data)
    print(f"{len(out)} positions, {sum(l.count(':') for l in out)} moves, {len(data)} bytes")


if __name__ == "__main__":
    main()
