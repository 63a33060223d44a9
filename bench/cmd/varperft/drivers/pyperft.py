# The driver of bench/cmd/varperft for python-chess's chess.variant
# (github.com/niklasf/python-chess): it reads "VARIANT DEPTH MINSECONDS FEN"
# lines on stdin (VARIANT python-chess's uci_variant name) and writes, for
# each, "NODES CALLS SECONDS": the perft of the position to DEPTH, the last
# ply's legal moves counted, not played, repeated until it has run
# MINSECONDS (once at least), and the time the calls took, on a monotonic
# clock (or "error MESSAGE"). Its first argument is the python-chess
# checkout, whose chess package it imports: no other package is needed.
import sys
import time

sys.path.insert(0, sys.argv[1])

import chess  # noqa: E402
import chess.variant  # noqa: E402


def perft(board, depth):
    if depth <= 1:
        return board.legal_moves.count() if depth == 1 else 1
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


print(chess.__version__, flush=True)
for line in sys.stdin:
    f = line.split(None, 3)
    if len(f) != 4:
        continue
    try:
        cls = chess.variant.find_variant(f[0])
        depth, minimum = int(f[1]), float(f[2])
        board = cls(f[3].strip())
        calls, nodes, el = 0, 0, 0.0
        while calls == 0 or el < minimum:
            t0 = time.perf_counter()
            nodes = perft(board, depth)
            el += time.perf_counter() - t0
            calls += 1
        print(nodes, calls, "%.9f" % el)
    except Exception as e:  # noqa: BLE001
        print("error", type(e).__name__, str(e).replace("\n", " "))
    sys.stdout.flush()
