"""Reads two PGN files with python-chess and compares them game by game: the
tags, and at every node of the tree its move, [%eval] (score and depth),
[%clk], NAGs (as a set) and variations in order. Prints the differences and
a count of what was compared; exits 1 on any difference.

    python3 compare.py a.pgn b.pgn
"""
import sys

import chess.pgn


def nodes(game):
    stack = [game]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.variations))


def main():
    counts = {"games": 0, "nodes": 0, "evals": 0, "nags": 0, "variations": 0}
    diffs = 0
    with open(sys.argv[1]) as fa, open(sys.argv[2]) as fb:
        while True:
            a, b = chess.pgn.read_game(fa), chess.pgn.read_game(fb)
            if a is None or b is None:
                if a is not b:
                    print("one file has more games")
                    diffs += 1
                break
            counts["games"] += 1
            if dict(a.headers) != dict(b.headers):
                print("game", counts["games"], "tags:", dict(a.headers), dict(b.headers))
                diffs += 1
            for na, nb in zip(nodes(a), nodes(b), strict=False):
                counts["nodes"] += 1
                got = lambda n: (n.move if n.parent else None, n.eval(), n.eval_depth(), n.clock(),
                                 sorted(n.nags), [v.move for v in n.variations])
                ga, gb = got(na), got(nb)
                if ga != gb:
                    print("game", counts["games"], "at", na.board().fen(), ga, gb)
                    diffs += 1
                counts["evals"] += na.eval() is not None
                counts["nags"] += len(na.nags)
                counts["variations"] += max(len(na.variations) - 1, 0)
            if sum(1 for _ in nodes(a)) != sum(1 for _ in nodes(b)):
                print("game", counts["games"], "node counts differ")
                diffs += 1
    print(counts, "differences:", diffs)
    sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
