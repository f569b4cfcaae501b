#!/bin/sh
# tests/xboard_load.sh: has XBoard (in a virtual X server) load a Courier
# game record and tells what it said of it, for
# tests/spec/record_fairy_spec.lua: do XBoard and wargrid read the same?
#
# usage: tests/xboard_load.sh RECORD
#
# Prints XBoard's messages (as "Illegal move: 2... Ra6") and the end of the
# game it read, as XBoard's GameEnds(CODE, REASON) debug lines, one a line.
set -eu
. "$(dirname "$0")/xboard_lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
xboard_start "$tmp/log" -variant courier -ncp -lgf "$1" \
    -debug -nameOfDebugFile "$tmp/debug"
i=0
# loaded: a GameEnds for the game read (the first is for the empty board),
# or a complaint
while [ $i -lt 300 ]; do
    if [ "$(cat "$tmp/debug" 2>/dev/null | grep -c '^GameEnds')" -ge 2 ] \
       || grep -q "Illegal\|Ambiguous\|rror" "$tmp/log" 2>/dev/null; then
        break
    fi
    sleep 0.1
    i=$((i + 1))
done
sleep 0.5
xboard_stop
grep -v "aplay\|Fatal IO error" "$tmp/log" || true
grep "^GameEnds" "$tmp/debug" | sed -n '2,$p' || true
