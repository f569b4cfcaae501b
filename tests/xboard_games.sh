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
. "$(dirname "$0")/xboard_lib.sh"
out=$1
mkdir -p "$out"
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
    xboard_start "$tmp/log" -variant courier -noGUI -xponder \
        -fcp "$fairy" -fd "$tmp" -scp "$fairy" -sd "$tmp" \
        -mm -mg 1 -searchDepth 2 -lpf "$tmp/start.fen" \
        -sgf "$out/xboard-$n.pgn"
    if ! xboard_wait_score "$tmp/log" 2400; then
        xboard_stop
        echo "xboard_games.sh: game $n did not end" >&2
        cat "$tmp/log" >&2
        exit 1
    fi
    xboard_stop
done
