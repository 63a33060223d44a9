"""edits.py writes python-chess's tree edits of random games, and its games
made from a board's moves, for pgn's tests.

    PYTHONPATH=<python-chess checkout> python3 pgn/testdata/ref/edits.py edits | gzip -9 -n > pgn/testdata/ref/edits.pythonchess.jsonl.gz
    PYTHONPATH=<python-chess checkout> python3 pgn/testdata/ref/edits.py from_board | gzip -9 -n > pgn/testdata/ref/from_board.pythonchess.jsonl.gz
    PYTHONPATH=<python-chess checkout> python3 pgn/testdata/ref/edits.py lan < pgn/testdata/ref/lan.pgn | gzip -9 -n > pgn/testdata/ref/lan.pythonchess.jsonl.gz

"edits":
It builds GAMES random games (random.seed(SEED): the output is the same on
every run): from the standard start or from a position a few random moves
into a game, a random tree of legal moves (each move added at a random node,
a variation where that node has a move already), with comments after some
moves and before some variations' first moves, a NAG on some moves and a
comment of the game's. Then it applies EDITS random edits, each one of the
node methods promote_to_main, promote, demote and remove_variation called on
a node's parent with the node (its siblings' nodes drawn more often, where
the edits change something).

One JSON object a line, a game each:

    {"pgn": PGN, "edits": [[OP, PATH, MOVETEXT], ...]}

PGN the game as str(game) writes it (tags and movetext); OP the method's
name; PATH the node, as the indexes of the children to take from the root
(parent.variations[i]); MOVETEXT the game after the edit, as
game.accept(StringExporter(headers=False, columns=None)) writes it: the
movetext on one line and the result.

"from_board": BOARDS random games (random.seed(SEED)), each from the
standard start, a position some random moves into a game (set up from its
FEN: no moves before it), or a Chess960 start, with random legal moves (a
null move now and then where the side to move is not in check) until the
game ends by the rules (board.is_game_over(), no claim) or a random length,
made a game by chess.pgn.Game.from_board. One JSON object a line:

    {"fen": START, "chess960": BOOL, "moves": [UCI, ...], "headers": [[NAME, VALUE], ...], "movetext": TEXT}

START the start's FEN, moves the moves in UCI (0000 the null move), headers
the game's in order, movetext as "edits" writes it.

"lan": the games of standard input (pgn's games written in long algebraic
notation, pgn/testdata/ref/lan.pgn, which pgn's TestLAN writes with
-lan.write), read by chess.pgn.read_game. One JSON object a game:

    {"errors": E, "nodes": ["DEPTH UCI", ...]}

E the number of game.errors, nodes every node but the root, depth first
(each before its variations' nodes, children in order), its depth and its
move in UCI (node.uci(), the null move 0000).
"""

import json
import random

import chess
import chess.pgn

GAMES = 60
EDITS = 10
SEED = 53


def nodes(game):
    out = []
    stack = [game]
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(reversed(n.variations))
    return out


def path(node):
    p = []
    while node.parent is not None:
        p.append(node.parent.variations.index(node))
        node = node.parent
    return p[::-1]


def random_game(rng, k):
    game = chess.pgn.Game()
    if rng.random() < 0.3:
        board = chess.Board()
        for _ in range(rng.randrange(1, 12)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        game.setup(board.copy(stack=False))
    if rng.random() < 0.3:
        game.comments = ["game%d" % k]
    all_nodes = [game]
    size = rng.randrange(5, 60)
    c = 0
    for _ in range(10 * size):
        if len(all_nodes) >= size:
            break
        # Mostly at a leaf's end (long lines), now and then anywhere.
        if rng.random() < 0.6:
            leaves = [n for n in all_nodes if not n.variations]
            parent = rng.choice(leaves)
        else:
            parent = rng.choice(all_nodes)
        board = parent.board()
        taken = {v.move for v in parent.variations}
        moves = [m for m in board.legal_moves if m not in taken]
        if not moves:
            continue
        node = parent.add_variation(rng.choice(moves))
        c += 1
        if rng.random() < 0.15:
            node.comments = ["c%d" % c]
        if node.starts_variation() and rng.random() < 0.3:
            node.starting_comments = ["s%d" % c]
        if rng.random() < 0.1:
            node.nags = {rng.randrange(1, 20)}
        all_nodes.append(node)
    return game


BOARDS = 60


def from_board():
    rng = random.Random(SEED)
    out = []
    for k in range(BOARDS):
        kind = k % 3
        if kind == 0:
            board = chess.Board()
        elif kind == 1:
            board = chess.Board()
            for _ in range(rng.randrange(1, 30)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            board = chess.Board(board.fen())
        else:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
        start = board.fen()
        length = rng.choice([rng.randrange(0, 40), 1000])
        while len(board.move_stack) < length and not board.is_game_over():
            if not board.is_check() and rng.random() < 0.02:
                board.push(chess.Move.null())
                continue
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        out.append(json.dumps({
            "fen": start,
            "chess960": board.chess960,
            "moves": [m.uci() for m in board.move_stack],
            "headers": list(game.headers.items()),
            "movetext": game.accept(chess.pgn.StringExporter(headers=False, columns=None)),
        }))
    print("\n".join(out))


def lan():
    import sys
    out = []
    while True:
        game = chess.pgn.read_game(sys.stdin)
        if game is None:
            break
        ns = []
        for n in nodes(game):
            if n.parent is not None:
                ns.append("%d %s" % (n.ply() - game.ply(), n.uci()))
        out.append(json.dumps({"errors": len(game.errors), "nodes": ns}))
    print("\n".join(out))


def edits():
    rng = random.Random(SEED)
    out = []
    for k in range(GAMES):
        game = random_game(rng, k)
        rec = {"pgn": str(game), "edits": []}
        for _ in range(EDITS):
            ns = [n for n in nodes(game) if n.parent is not None]
            if not ns:
                break
            sib = [n for n in ns if len(n.parent.variations) > 1]
            node = rng.choice(sib if sib and rng.random() < 0.8 else ns)
            op = rng.choice(["promote_to_main", "promote", "demote", "remove_variation"])
            p = path(node)
            getattr(node.parent, op)(node)
            text = game.accept(chess.pgn.StringExporter(headers=False, columns=None))
            rec["edits"].append([op, p, text])
        out.append(json.dumps(rec))
    print("\n".join(out))


if __name__ == "__main__":
    import sys
    {"edits": edits, "from_board": from_board, "lan": lan}[sys.argv[1]]()
