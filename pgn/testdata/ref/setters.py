"""setters.py writes what python-chess's GameNode setters write, and how
python-chess reads games that pgn's setters and writer wrote, for
pgn's setter tests (setters_test.go):

    go test ./pgn -run TestSettersWritten -setters.write   # writes pgn/testdata/extra/setters.pgn
    PYTHONPATH=<python-chess checkout> python3 pgn/testdata/ref/setters.py > pgn/testdata/ref/setters.pythonchess.json

Run from the repository root, with python-chess 1.11.2. The output is one
JSON object:

"setters": for each case, a node's comments before ("comments"), the
setter called on it ("op": ["clock"|"emt", seconds or null], ["eval",
"cp"|"mate"|null, value, depth or null], ["arrows", ["Ge2e4", ...]]) at
the root of "1. e4 *" (White to move) or at 1. e4 (Black to move: "turn"
"b"), and the comments after it: "python", python-chess's own, and
"pgn", what pgn's setters are documented to leave: python-chess's, with
every later command of the same kind (which python-chess leaves) removed
as python-chess removes a command (its regular expression and its
_condense_affix("")), each comment trimmed of white space at its ends and
one left empty dropped. For ["eval", "mate", 0, ...], which python-chess's
set_eval does not write (its mate() is 0, false), "pgn" holds the command
pgn writes, "[%eval #0]" with the depth, in place of the first [%eval]
as for any other score; "read" is python-chess's eval() of the node
with the comments "pgn", from the side to move's point of view: [cp,
mate] (mate 0 the side to move mated, as eval() resolves "#0"), or null,
and "depth" its eval_depth().

"written": python-chess's reading of each game of
pgn/testdata/extra/setters.pgn (games pgn's setters annotated and its
Writer wrote), in order: {"errors": E, "nodes": [[comments, clock, emt,
[white cp, white mate, depth] or null, ["Ge2e4", ...], [nags sorted]],
...]} for each node of the main line (the root first).

"nags": python-chess's NAGs of each main-line move of
pgn/testdata/extra/nags.pgn's game, sorted (python-chess keeps a set).
"""

import io
import json
import re

import chess
import chess.engine
import chess.pgn

CASES = []


def case(comments, op, turn="w"):
    CASES.append((comments, op, turn))


# Clocks and move times: formats, places, removal, duplicates.
for secs in [0, 5, 9.5, 59.999, 60, 61.25, 3599.5, 3600, 3661.1, 36000.125, 359999.9, 0.001, 0.01, 12.3456]:
    case([], ["clock", secs])
    case([], ["emt", secs])
case(["[%clk 0:01:00]"], ["clock", 30])
case(["before [%clk 0:01:00] after"], ["clock", 30])
case(["before [%clk 0:01:00] after"], ["clock", None])
case(["before [%clk 0:01:00]"], ["clock", None])
case(["[%clk 0:01:00] after"], ["clock", None])
case(["a", "b [%clk 0:01:00]", "c"], ["clock", 7])
case(["a", "b"], ["clock", 7])
case(["[%clk 0:01:00]"], ["clock", None])
case(["x", "[%clk 0:01:00]", "y"], ["clock", None])
case(["[%clk 0:01:00] [%clk 0:02:00]"], ["clock", 5])
case(["[%clk 0:01:00]", "[%clk 0:02:00] tail"], ["clock", 5])
case(["[%clk 0:01:00] mid [%clk 0:02:00] end"], ["clock", None])
case(["[%clk bad] [%clk 0:01:00]"], ["clock", 5])
case(["[%clk  0:01:00] [%clk 0:00:30]"], ["clock", 5])
case(["[%clk 1:2:3]"], ["clock", 5])
case(["[%eval 0.41] [%clk 0:02:52]", "A57 Benko Gambit"], ["clock", 100])
case(["[%eval 0.41] [%clk 0:02:52]", "A57 Benko Gambit"], ["emt", 3])
case(["[%emt 0:00:05] note"], ["emt", 12.5])
case(["[%emt 0:00:05] note"], ["emt", None])
case(["[%clk 0:01:00][%emt 0:00:05]"], ["emt", None])
case(["[%clk 0:01:00][%emt 0:00:05]"], ["clock", None])

# Evaluations: the command's place and duplicates (scores: below).
case(["[%eval 0.41] good"], ["eval", "cp", 20, 15])
case(["good [%eval 0.41]", "[%eval -3.00]"], ["eval", "cp", 20, None])
case(["good [%eval 0.41]", "[%eval -3.00]"], ["eval", None, 0, None])
case(["[%eval 12.345] [%eval 0.125]"], ["eval", "mate", 3, 9])
case(["[%eval 0.41]"], ["eval", "mate", 0, None])
case(["[%eval 0.41]"], ["eval", "mate", 0, 12], "b")
case(["note"], ["eval", "cp", -35, None], "b")

# Arrows: csl before cal, a comment of their own first, every one removed.
case([], ["arrows", ["Ge2e4", "Rd4d4", "Bh1a8", "Ya1a1"]])
case(["[%csl Gd4,Re5] [%cal Ge2e4] nice", "[%cal Bd7d5]"], ["arrows", ["Rc3c3"]])
case(["[%csl Gd4,Re5] [%cal Ge2e4] nice", "[%cal Bd7d5]"], ["arrows", []])
case(["x [%cal Rz9a1] [%csl Ya1]"], ["arrows", ["Gb1c3"]])
case(["[%csl Gd4][%cal Ge2e4]"], ["arrows", []])

# Scores: python-chess's set_eval of each, from either side to move.
SCORES = [("cp", v) for v in [0, 1, -1, 5, -5, 41, -41, 99, 100, -100, 150, 1234, -98765, 999999999999]] + \
         [("mate", v) for v in [1, -1, 3, -3, 12, -12, 0]]
for kind, v in SCORES:
    for turn in "wb":
        for depth in [None, 1, 20]:
            case([], ["eval", kind, v, depth], turn)


def condense_rest(comments, regex, keep_first):
    """Removes every match of regex after the first (every one without
    keep_first), as python-chess removes one."""
    seen = [not keep_first]

    def repl(m):
        if not seen[0]:
            seen[0] = True
            return m.group(0)
        return chess.pgn._condense_affix("")(m)

    out = [regex.sub(repl, c) for c in comments]
    return [c.strip() for c in out if c.strip()]


REGEX = {"clock": chess.pgn.CLOCK_REGEX, "emt": chess.pgn.EMT_REGEX, "eval": chess.pgn.EVAL_REGEX,
         "arrows": chess.pgn.ARROWS_REGEX}


def run_case(comments, op, turn):
    game = chess.pgn.read_game(io.StringIO("1. e4 *\n"))
    node = game if turn == "w" else game.next()
    node.comments = list(comments)
    kind = op[0]
    mate0 = False
    if kind == "clock":
        node.set_clock(op[1])
    elif kind == "emt":
        node.set_emt(op[1])
    elif kind == "eval":
        score = None
        if op[1] == "cp":
            score = chess.engine.PovScore(chess.engine.Cp(op[2]), node.turn())
        elif op[1] == "mate":
            score = chess.engine.PovScore(chess.engine.Mate(op[2]), node.turn())
            mate0 = op[2] == 0
        node.set_eval(score, op[3])
    elif kind == "arrows":
        node.set_arrows([chess.svg.Arrow.from_pgn(a) for a in op[1]])
    python = list(node.comments)
    if mate0:
        # set_eval wrote nothing: put "#0" where pgn puts it, and let
        # python-chess read it.
        text = "[%eval #0" + ("" if op[3] is None else ",%d" % op[3]) + "]"
        node.comments = list(comments)
        node._replace_or_add_annotation(text, chess.pgn.EVAL_REGEX)
    removal = op[1] is None
    pgn = condense_rest(node.comments, REGEX[kind], not removal)
    if kind == "arrows":
        pgn = [c.strip() for c in node.comments if c.strip()]
    read = None
    node.comments = list(pgn)
    ev = node.eval()
    if ev is not None:
        r = ev.relative
        read = [r.score(), r.mate()] if not r.is_mate() else [None, r.mate()]
    return {"comments": comments, "op": op, "turn": turn, "python": python, "pgn": pgn,
            "read": read, "depth": node.eval_depth()}


def node_json(node):
    ev = node.eval()
    evj = None
    if ev is not None:
        w = ev.white()
        evj = [None if w.is_mate() else w.score(), w.mate(), node.eval_depth()]
    arrows = [a.color[0].upper() + chess.square_name(a.tail) + chess.square_name(a.head) for a in node.arrows()]
    return [node.comments, node.clock(), node.emt(), evj, arrows, sorted(node.nags)]


def written(path):
    out = []
    with open(path, encoding="utf-8") as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                break
            nodes = [node_json(g)] + [node_json(n) for n in g.mainline()]
            out.append({"errors": len(g.errors), "nodes": nodes})
    return out


def main():
    import chess.svg  # noqa: F401 (set_arrows's Arrow)
    res = {"setters": [run_case(*c) for c in CASES],
           "written": written("pgn/testdata/extra/setters.pgn")}
    with open("pgn/testdata/extra/nags.pgn", encoding="utf-8") as f:
        g = chess.pgn.read_game(f)
        res["nags"] = [sorted(n.nags) for n in g.mainline()]
    print(json.dumps(res, ensure_ascii=False, indent=None, separators=(",", ":")))


if __name__ == "__main__":
    main()
