# scores.py writes scores.tsv, the table TestScoresPythonChess reads: for a
# grid of scores, python-chess's negation, score(mate_score=), order and
# wdl(model="sf", ply=) with its expectation. Run with python-chess 1.11.2
# on the path (standard library only otherwise):
#
#   PYTHONPATH=path/to/python-chess python3 scores.py > scores.tsv
#
# Columns, tab-separated, after a header line naming them:
#   score       the score as the package's Score.String writes it:
#               "cp N", "mate N", "mate +0" for MateGiven
#   neg         -score, written the same way
#   cp100000    score.score(mate_score=100000)
#   cp32000     score.score(mate_score=32000)
#   rank        how many scores of the table are below it in python-chess's
#               order (equal scores share a rank)
#   ply=P       score.wdl(model="sf", ply=P) as "wins draws losses
#               expectation", the expectation as Python's repr writes it
import chess
import chess.engine
from chess.engine import Cp, Mate, MateGiven

assert chess.__version__ == "1.11.2", chess.__version__

PLIES = [-1, 0, 1, 2, 15, 16, 30, 61, 100, 200, 239, 240, 241, 500]


def name(s):
    if s is MateGiven:
        return "mate +0"
    if s.is_mate():
        return "mate %d" % s.mate()
    return "cp %d" % s.score()


cps = sorted(set(range(-2000, 2001, 4)) | set(range(-150, 151)) |
             {-1000000, -10000, -2001, 2001, 10000, 1000000})
scores = [Cp(c) for c in cps] + [Mate(n) for n in range(-20, 21)] + [MateGiven]

print("\t".join(["score", "neg", "cp100000", "cp32000", "rank"] + ["ply=%d" % p for p in PLIES]))
for s in scores:
    row = [name(s), name(-s), str(s.score(mate_score=100000)), str(s.score(mate_score=32000)),
           str(sum(1 for o in scores if o < s))]
    for p in PLIES:
        w = s.wdl(model="sf", ply=p)
        row.append("%d %d %d %r" % (w.wins, w.draws, w.losses, w.expectation()))
    print("\t".join(row))
