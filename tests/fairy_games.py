#!/usr/bin/env python3
"""tests/fairy_games.py: Courier games between two Fairy-Stockfish processes,
written as PGN, for tests/spec/record_fairy_spec.lua: a record that
Fairy-Stockfish's own games produce must replay in wargrid with every move
legal.

usage: tests/fairy_games.py OUTDIR [GAMES [NODES]]

Plays GAMES games (default 4) in Fairy-Stockfish's variant "courier", one
engine process for each side searching NODES nodes a move (default 500),
and writes OUTDIR/fairy-K.pgn. The first four plies of game K are chosen
from the legal moves by K, so the games differ; the rest is the engines'.
The SAN is made here, independently of wargrid: the legal moves come from a
third process's "go perft 1", checks from its "d" (Checkers:), pieces from
its FEN. The last game is written in coordinates (a2a4), as UCI gives them.
A game ends when an engine finds no move (mate, or the variant's own end:
bare king, fifty moves), when a position comes for the third time, or after
300 plies.
"""
import os
import random
import subprocess
import sys

FAIRY = "/usr/games/fairy-stockfish"
MAX_PLIES = 300


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([FAIRY], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True,
                                  bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name UCI_Variant value courier")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish stopped")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def position(self, moves):
        self.send("position startpos moves " + " ".join(moves)
                  if moves else "position startpos")

    def legal(self, moves):
        self.position(moves)
        self.send("go perft 1")
        out = []
        for line in self.until("Nodes searched"):
            if ": " in line and not line.startswith("Nodes"):
                out.append(line.split(":")[0])
        return out

    def board(self, moves):
        """The squares' pieces (FEN letters) and whether the side to move
        is in check."""
        self.position(moves)
        self.send("d")
        fen, check = None, False
        for line in self.until("Checkers:"):
            if line.startswith("Fen: "):
                fen = line[5:]
            if line.startswith("Checkers:"):
                check = line[len("Checkers:"):].strip() != ""
        squares = {}
        for r, row in enumerate(fen.split()[0].split("/")):
            f, i = 0, 0
            while i < len(row):
                if row[i].isdigit():
                    j = i
                    while j < len(row) and row[j].isdigit():
                        j += 1
                    f += int(row[i:j])
                    i = j
                else:
                    squares[chr(97 + f) + str(8 - r)] = row[i]
                    f += 1
                    i += 1
        return squares, check

    def halfmove(self, moves):
        self.position(moves)
        self.send("d")
        for line in self.until("Checkers:"):
            if line.startswith("Fen: "):
                return int(line.split()[5])
        return 0

    def key(self, moves):
        """The position's hash: pieces and side to move"""
        self.position(moves)
        self.send("d")
        for line in self.until("Checkers:"):
            if line.startswith("Key: "):
                key = line[5:]
        return key

    def best(self, moves, nodes):
        self.position(moves)
        self.send("go nodes %d" % nodes)
        return self.until("bestmove")[-1].split()[1]

    def quit(self):
        self.send("quit")
        self.p.wait()


def split(move):
    """a2a4 -> ("a2", "a4", ""); c7c8f -> ("c7", "c8", "f")"""
    i = 1
    while move[i].isdigit():
        i += 1
    j = i + 1
    while j < len(move) and move[j].isdigit():
        j += 1
    return move[:i], move[i:j], move[j:]


def san(oracle, moves, move, legal):
    squares, _ = oracle.board(moves)
    frm, to, promo = split(move)
    piece = squares[frm]
    capture = to in squares and squares[to].isupper() != piece.isupper()
    if piece.lower() == "p":
        text = (frm[0] + "x" if capture else "") + to
    else:
        rivals = [split(m)[0] for m in legal
                  if split(m)[1] == to and split(m)[0] != frm
                  and squares.get(split(m)[0]) == piece]
        which = ""
        if rivals:
            if all(r[0] != frm[0] for r in rivals):
                which = frm[0]
            elif all(r[1:] != frm[1:] for r in rivals):
                which = frm[1:]
            else:
                which = frm
        text = piece.upper() + which + ("x" if capture else "") + to
    if promo:
        text += "=" + promo.upper()
    after = moves + [move]
    _, check = oracle.board(after)
    if check:
        text += "#" if not oracle.legal(after) else "+"
    return text


def ending(oracle, moves, legal):
    """The result when the engine to move finds no move, and why: mate,
    or the end Fairy-Stockfish's courier adds (its bare king rule: the
    side whose opponent has only the king wins; its fifty-move rule)."""
    squares, check = oracle.board(moves)
    mover = len(moves) % 2  # 0 White
    wins = ["1-0", "0-1"]
    if not legal:
        if check:
            return wins[1 - mover], "checkmate"
        return "*", "stalemate"
    count = [sum(1 for p in squares.values() if p.isupper()),
             sum(1 for p in squares.values() if p.islower())]
    if count[1 - mover] == 1:
        return wins[mover], "bare king"
    if count[mover] == 1:
        return wins[1 - mover], "bare king"
    if oracle.halfmove(moves) >= 100:
        return "1/2-1/2", "fifty-move rule"
    return "1/2-1/2", "threefold repetition"


def play(k, nodes, coordinates, oracle):
    engines = [Engine(), Engine()]
    rng = random.Random(k)
    moves, texts = [], []
    result, termination = "*", "unterminated"
    seen = {oracle.key(moves): 1}
    while len(moves) < MAX_PLIES:
        legal = oracle.legal(moves)
        if len(moves) < 4:
            move = rng.choice(sorted(legal))
        else:
            move = engines[len(moves) % 2].best(moves, nodes)
        if move == "(none)":
            result, termination = ending(oracle, moves, legal)
            break
        texts.append(move if coordinates else san(oracle, moves, move, legal))
        moves.append(move)
        # the engines play on in a repeated position; a GUI ends the game,
        # as XBoard does, at the third time
        key = oracle.key(moves)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] == 3:
            result, termination = "1/2-1/2", "threefold repetition"
            break
    for e in engines:
        e.quit()
    return texts, result, termination


def pgn(k, texts, result, termination):
    tags = [("Event", "Fairy-Stockfish self-play"), ("Site", "?"),
            ("Date", "????.??.??"), ("Round", str(k)),
            ("White", "Fairy-Stockfish"), ("Black", "Fairy-Stockfish"),
            ("Result", result), ("Variant", "courier"),
            ("Termination", termination)]
    words = []
    for i, t in enumerate(texts):
        if i % 2 == 0:
            words.append("%d." % (i // 2 + 1))
        words.append(t)
    words.append(result)
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > 79:
            lines.append(line)
            line = w
        else:
            line = w if not line else line + " " + w
    lines.append(line)
    return "".join('[%s "%s"]\n' % t for t in tags) + "\n" + \
        "\n".join(lines) + "\n"


def main():
    out = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    nodes = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    os.makedirs(out, exist_ok=True)
    oracle = Engine()
    for k in range(1, games + 1):
        texts, result, termination = play(k, nodes, k == games, oracle)
        with open(os.path.join(out, "fairy-%d.pgn" % k), "w") as f:
            f.write(pgn(k, texts, result, termination))
    oracle.quit()


if __name__ == "__main__":
    main()
