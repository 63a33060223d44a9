#!/usr/bin/env python3
"""Writes the variant games of pgn's variant tests, and python-chess's
reading of them.

    cd pgn/testdata/variants && PYTHONPATH=/path/to/python-chess python3 gen.py

python-chess 1.11.2 (chess.variant, chess.pgn) plays and writes:

- random.pgn: seeded random games of the seven variants that lichess
  plays, written by python-chess's exporter: Variant tags under
  python-chess's aliases in various cases, some from a FEN of a position
  within a random game (the FEN tag before or after the Variant tag), some
  from the variant's start without a FEN tag, with comments, NAGs and
  variations;
- lichess.pgn: games in the form lichess exports them: its tags (Event
  "Rated Crazyhouse game", Site, UTCDate, Variant, TimeControl,
  Termination, ...), clock comments { [%clk 0:02:58] }, a pawn's drop as
  P@e4 (python-chess writes @e4), the result;

then reads both files back with chess.pgn.read_game, and the lichess
games of python-chess's own tests in pgn/testdata (two Crazyhouse games
with drops in their variations, two Antichess games), and writes
expected.jsonl, a line a game: the file, the game's index, its variant
(uci_variant), its tags in order, the main line in UCI and in SAN, the FEN
after it, the outcome by the variant's rules, and python-chess's export of
the game as read (str(game)).
"""
import io
import json
import random

import chess
import chess.pgn
import chess.variant

VARIANTS = [
    (chess.variant.CrazyhouseBoard, ["Crazyhouse", "crazyhouse", "ZH", "Crazy House"]),
    (chess.variant.AtomicBoard, ["Atomic", "atomic", "Atomic chess"]),
    (chess.variant.AntichessBoard, ["Antichess", "antichess", "Anti"]),
    (chess.variant.KingOfTheHillBoard, ["King of the Hill", "KOTH", "kingOfTheHill"]),
    (chess.variant.ThreeCheckBoard, ["Three-check", "3check", "Three check", "threecheck"]),
    (chess.variant.HordeBoard, ["Horde", "horde"]),
    (chess.variant.RacingKingsBoard, ["Racing Kings", "racingkings", "RACING KINGS"]),
]

COMMENTS = ["a comment", "the main idea", "only move", "[%clk 0:01:00]", "two  spaces and a\nline"]


def random_line(rng, board, plies):
    moves = []
    for _ in range(plies):
        if board.is_game_over():
            break
        legal = list(board.legal_moves)
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(m)
        board.push(m)
    return moves


def random_game(rng, cls, alias, n):
    start = cls()
    fen_start = n % 3 == 1
    if fen_start:
        random_line(rng, start, rng.randrange(4, 30))
        if start.is_game_over():
            start = cls()
    game = chess.pgn.Game()
    game.headers["Event"] = f"Random {cls.uci_variant} game {n}"
    game.headers["Site"] = "?"
    game.headers["White"] = "Random"
    game.headers["Black"] = "Random"
    if fen_start and n % 2 == 0:
        game.headers["FEN"] = start.fen()  # before the Variant tag
        game.headers["SetUp"] = "1"
    game.setup(start)
    game.headers["Variant"] = alias
    if not fen_start and n % 2 == 0:
        del game.headers["FEN"]
    board = start.copy(stack=False)
    node = game
    for i in range(rng.randrange(10, 160)):
        if board.is_game_over():
            break
        legal = list(board.legal_moves)
        m = rng.choice(legal)
        if len(legal) > 1 and rng.random() < 0.06:
            alt = rng.choice([x for x in legal if x != m])
            v = node.add_variation(alt)
            b2 = board.copy()
            b2.push(alt)
            for x in random_line(rng, b2, rng.randrange(0, 5)):
                v = v.add_variation(x)
            if rng.random() < 0.5:
                v.comment = rng.choice(COMMENTS)
        node = node.add_main_variation(m) if node.variations else node.add_variation(m)
        board.push(m)
        if rng.random() < 0.05:
            node.comment = rng.choice(COMMENTS)
        if rng.random() < 0.04:
            node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 14, 18]))
    game.headers["Result"] = board.result()
    return game


LICHESS_NAMES = {
    "crazyhouse": "Crazyhouse", "atomic": "Atomic", "antichess": "Antichess", "kingofthehill": "King of the Hill",
    "3check": "Three-check", "horde": "Horde", "racingkings": "Racing Kings",
}


def lichess_game(rng, cls, n):
    """A game as lichess exports one: its tags, clocks, P@e4."""
    board = cls()
    moves = random_line(rng, board, rng.randrange(30, 140))
    name = LICHESS_NAMES[cls.uci_variant]
    outcome = board.outcome()
    result = board.result() if outcome else rng.choice(["1-0", "0-1"])
    tags = [
        ("Event", f"Rated {name} game"), ("Site", f"https://lichess.org/{rng.getrandbits(40):010x}"),
        ("Date", "2024.03.%02d" % (n + 1)), ("White", "alice"), ("Black", "bob"), ("Result", result),
        ("UTCDate", "2024.03.%02d" % (n + 1)), ("UTCTime", "12:%02d:00" % n),
        ("WhiteElo", str(1500 + 10 * n)), ("BlackElo", str(1600 - 10 * n)),
        ("WhiteRatingDiff", "+5"), ("BlackRatingDiff", "-5"),
        ("Variant", name), ("TimeControl", "180+0"), ("ECO", "?"),
        ("Termination", "Normal" if outcome else "Time forfeit"),
    ]
    out = io.StringIO()
    for k, v in tags:
        out.write(f'[{k} "{v}"]\n')
    out.write("\n")
    b = cls()
    words = []
    clock = [180, 180]
    for i, m in enumerate(moves):
        san = b.san(m)
        if m.drop == chess.PAWN:
            san = "P" + san
        # After a move's clock comment, lichess numbers Black's move: 1... d5.
        words.append(f"{b.fullmove_number}." if b.turn == chess.WHITE else f"{b.fullmove_number}...")
        clock[b.turn == chess.BLACK] -= rng.randrange(0, 5)
        c = clock[b.turn == chess.BLACK]
        words.append(san)
        words.append("{ [%%clk 0:%02d:%02d] }" % (c // 60, c % 60))
        b.push(m)
    words.append(result)
    out.write(" ".join(words) + "\n\n")
    return out.getvalue()


def expected(name, text):
    lines = []
    f = io.StringIO(text)
    i = 0
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        i += 1
        board = game.board()
        sans, ucis = [], []
        for m in game.mainline_moves():
            sans.append(board.san(m))
            ucis.append(m.uci())
            board.push(m)
        o = board.outcome()
        lines.append(json.dumps({
            "file": name, "game": i, "variant": board.uci_variant, "errors": [str(e) for e in game.errors],
            "tags": list(game.headers.items()), "uci": ucis, "san": sans, "fen": board.fen(),
            "outcome": None if o is None else [o.termination.name, o.result()],
            "pgn": str(game),
        }))
    return lines


REAL = ["../pythonchess__knightvuillaume-jannlee-zh-lichess.pgn", "../pythonchess__saturs-jannlee-zh-lichess.pgn",
        "../pythonchess__antichess-programfox.pgn"]


def main():
    rng = random.Random(20261129)
    games = []
    for n in range(10):
        for cls, aliases in VARIANTS:
            games.append(str(random_game(rng, cls, aliases[n % len(aliases)], n)) + "\n\n")
    random_pgn = "".join(games)
    lichess = "".join(lichess_game(rng, cls, n) for n in range(3) for cls, _ in VARIANTS)
    with open("random.pgn", "w") as f:
        f.write(random_pgn)
    with open("lichess.pgn", "w") as f:
        f.write(lichess)
    with open("expected.jsonl", "w") as f:
        lines = expected("random.pgn", random_pgn) + expected("lichess.pgn", lichess)
        for name in REAL:
            with open(name) as g:
                lines += expected(name, g.read())
        for line in lines:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
