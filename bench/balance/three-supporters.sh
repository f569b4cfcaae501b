#!/bin/sh
# bench/balance/three-supporters.sh [GAMES]: the designer's guide's question -- what
# does examples/variants/wehrschach_three_supporters.lua change? -- asked
# of the same games with the interval `compare` used before issue 29
# (Newcombe's, from two independent intervals) and the one it uses now
# (the games paired by seed: Newcombe's with the pairs' correlation), by
# bench/balance/pairs.lua: after how many
# games each would answer. Level 2 against itself, 400 actions at most,
# GAMES (default 200) of each, from the start and from 4 random actions;
# the games are kept in bench/balance/three-supporters/ (played again
# only when missing; about 40 minutes of processor time in all).
set -eu
cd "$(dirname "$0")/../.."
dir=bench/balance/three-supporters
games=${1:-200}
mkdir -p "$dir"
[ -x build/wargrid ] || make
for opening in 0 4; do
    for arm in base variant; do
        f=$dir/$arm-opening$opening.jsonl
        [ -s "$f" ] && continue
        if [ "$arm" = base ]; then what=wehrschach; else
            what="--variant examples/variants/wehrschach_three_supporters.lua"; fi
        # shellcheck disable=SC2086
        nice -n 10 build/wargrid selfplay $what --white level:2 --black level:2 \
            --max-plies 400 --games "$games" --seed 1 --opening "$opening" \
            --shard 1/1 --jobs 1 > "$f.tmp" && mv "$f.tmp" "$f"
    done
    echo "== from $opening random actions"
    lua5.4 bench/balance/pairs.lua "$dir/base-opening$opening.jsonl" \
        "$dir/variant-opening$opening.jsonl"
done
