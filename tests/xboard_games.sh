#!/bin/sh
# tests/xboard_games.sh: Courier games of Fairy-Stockfish against itself
# under XBoard (in a virtual X server), saved by XBoard as PGN with its own
# SAN: an independent check of wargrid's SAN reading, for
# tests/spec/record_fairy_spec.lua.
#
# usage: tests/xboard_games.sh OUTDIR
#
# Writes OUTDIR/xboard-1.pgn from Courier's start and OUTDIR/xboard-2.pgn
# from the start after 1. b3 b6, each engine searching 2 plies a move.
# XBoard stays open after a match: the script ends it once it has told the
# final score (or after 240 seconds).
set -eu
out=$1
mkdir -p "$out"
xboard=/usr/games/xboard
fairy=/usr/games/fairy-stockfish
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for fen in \
    "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1" \
    "rnebmk1wbenr/2pppp1pppp1/1p4f5/p5p4p/P5P4P/1P4F5/2PPPP1PPPP1/RNEBMK1WBENR w - - 0 2"
do
    n=$((n + 1))
    echo "$fen" > "$tmp/start.fen"
    rm -f "$out/xboard-$n.pgn"
    setsid xvfb-run -a "$xboard" -variant courier -noGUI -xponder \
        -fcp "$fairy" -fd "$tmp" -scp "$fairy" -sd "$tmp" \
        -mm -mg 1 -searchDepth 2 -lpf "$tmp/start.fen" \
        -sgf "$out/xboard-$n.pgn" > "$tmp/log" 2>&1 &
    pid=$!
    i=0
    while ! grep -q "final score" "$tmp/log" && [ $i -lt 240 ]; do
        sleep 1
        i=$((i + 1))
    done
    kill -TERM -"$pid" 2>/dev/null || true
    sleep 0.2
    kill -KILL -"$pid" 2>/dev/null || true   # XBoard ignores TERM
    wait "$pid" 2>/dev/null || true
    if ! grep -q "final score" "$tmp/log"; then
        echo "xboard_games.sh: game $n did not end" >&2
        cat "$tmp/log" >&2
        exit 1
    fi
done
