# The driver of bench/cmd/syzygy for python-chess's chess.syzygy
# (github.com/niklasf/python-chess): it reads one FEN a line on stdin and
# writes "WDL DTZ" for each on stdout (or "error MESSAGE"), probing the
# tables in the directory given as its second argument. Its first argument
# is the python-chess checkout, whose chess package it imports: no other
# package is needed.
import sys

sys.path.insert(0, sys.argv[1])

import chess  # noqa: E402
import chess.syzygy  # noqa: E402

print(chess.__version__, flush=True)
with chess.syzygy.open_tablebase(sys.argv[2]) as tb:
    for line in sys.stdin:
        fen = line.strip()
        if not fen:
            continue
        try:
            board = chess.Board(fen)
            print(tb.probe_wdl(board), tb.probe_dtz(board))
        except Exception as e:  # noqa: BLE001
            print("error", type(e).__name__, str(e).replace("\n", " "))
        sys.stdout.flush()
