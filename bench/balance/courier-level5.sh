#!/bin/sh
# bench/balance/courier-level5.sh [JOBS]: Courier Army's first-move
# advantage with the top level against itself, 200 games -- about 7 hours
# of processor time, so it is played one game a shard and kept here, a file
# a game, to be resumed in any later session: it plays only the shards that
# have no file yet, JOBS at a time (default 2), then merges them all.
# Level 5 is a node budget, so a game plays the same moves on any machine
# and any build that searches alike: check a new build by playing shard 1
# again and comparing it with 001.jsonl.
set -eu
cd "$(dirname "$0")/../.."
dir=bench/balance/courier-level5
jobs=${1:-2}
[ -x build/wargrid ] || make   # installs what it needs, then builds
seq 1 200 | xargs -P "$jobs" -I{} sh -c '
    f=$(printf "%s/%03d.jsonl" "$1" "$2")
    [ -s "$f" ] && exit 0
    nice -n 19 build/wargrid selfplay courier --white level:5 --black level:5 \
        --max-plies 400 --games 200 --seed 1 --shard "$2/200" --jobs 1 \
        > "$f.tmp" 2>/dev/null && mv "$f.tmp" "$f"' sh "$dir" {}
build/wargrid stats merge "$dir"/*.jsonl
