#!/bin/sh
# tests/xboard_match.sh: matches under XBoard (in a virtual X server), for
# tests/spec/xboard_match_spec.lua.
#
# usage: tests/xboard_match.sh OUTDIR [fairy]
#
# By default, 2 games between `wargrid xboard courier_historical --level 2`
# and Fairy-Stockfish in XBoard's variant courier from historical
# Courier's start, each side with 20 seconds a game and 0.1 s a move.
# With "fairy", 1 game of wargrid against itself in a variant of
# historical Courier (examples/variants/courier_historical_nonleaping.lua)
# as XBoard's `variant fairy`, the engine telling XBoard the board and the
# pieces; XBoard calls it a draw after 20 moves.
#
# Writes OUTDIR/match.pgn (the games as XBoard saved them), OUTDIR/debug
# (XBoard's debug log: every line between it and the engines) and
# OUTDIR/log (what it printed). XBoard stays open after a match: the
# script ends it once it has told the final score (or after 60 seconds:
# then it fails).
set -eu
. "$(dirname "$0")/xboard_lib.sh"
out=$1
root=$(cd "$(dirname "$0")/.." && pwd)
wargrid="$root/build/wargrid xboard"
mkdir -p "$out"
rm -f "$out/match.pgn" "$out/debug" "$out/log"
if [ "${2:-}" = fairy ]; then
    engine="$wargrid --variant $root/examples/variants/courier_historical_nonleaping.lua --level 1"
    set -- -variant fairy -fcp "$engine" -scp "$engine" -mg 1 \
        -adjudicateDrawMoves 20
else
    # historical Courier's start (C-V1), which XBoard's courier is not:
    # XBoard sends it to both engines as a setboard
    echo "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1" \
        > "$out/start.fen"
    set -- -variant courier -fcp "$wargrid courier_historical --level 2" \
        -scp /usr/games/fairy-stockfish -lpf "$out/start.fen" -mg 2
fi
xboard_start "$out/log" "$@" -noGUI -xponder -fd "$out" -sd "$out" -mm \
    -tc 0:20 -inc 0.1 -sgf "$out/match.pgn" -debug -nameOfDebugFile "$out/debug"
if ! xboard_wait_score "$out/log" 600; then
    xboard_stop
    echo "xboard_match.sh: the match did not end" >&2
    cat "$out/log" >&2
    exit 1
fi
xboard_stop
