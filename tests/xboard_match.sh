#!/bin/sh
# tests/xboard_match.sh: a 2-game match under XBoard (in a virtual X
# server) between `wargrid xboard courier_historical` and Fairy-Stockfish in
# XBoard's variant courier, at a short time control, for
# tests/spec/xboard_match_spec.lua.
#
# usage: tests/xboard_match.sh OUTDIR [LEVEL]
#
# Writes OUTDIR/match.pgn (the games as XBoard saved them), OUTDIR/debug
# (XBoard's debug log: every line between it and the engines) and
# OUTDIR/log (what it printed). wargrid plays at LEVEL (default 2) and
# Fairy-Stockfish at Skill Level 0; each side has 20 seconds a game and
# 0.1 s a move. XBoard stays open after a match: the script ends it once
# it has told the final score (or after 60 seconds: then it fails).
set -eu
out=$1
level=${2:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
rm -f "$out/match.pgn" "$out/debug" "$out/log"
# historical Courier's start (C-V1), which XBoard's courier is not: XBoard
# sends it to both engines as a setboard
echo "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1" \
    > "$out/start.fen"
setsid xvfb-run -a /usr/games/xboard -variant courier -noGUI -xponder \
    -fcp "$root/build/wargrid xboard courier_historical --level $level" \
    -fd "$out" -scp /usr/games/fairy-stockfish -sd "$out" \
    -lpf "$out/start.fen" -mm -mg 2 -tc 0:20 -inc 0.1 -sgf "$out/match.pgn" \
    -debug -nameOfDebugFile "$out/debug" > "$out/log" 2>&1 &
pid=$!
i=0
while ! grep -q "final score" "$out/log" && [ $i -lt 600 ]; do
    sleep 0.1
    i=$((i + 1))
done
kill -- -"$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
if ! grep -q "final score" "$out/log"; then
    echo "xboard_match.sh: the match did not end" >&2
    cat "$out/log" >&2
    exit 1
fi
