# bench/ai.sh: MCTS iterations per second from each game's start position,
# and the speed-up of `selfplay --jobs 2` over one process.
# MCTS_BASE: each game's iterations/s on main before issue 16 (CPU time,
# bench/mcts.lua, 3000 iterations, the faster of two medians of 3 on
# 2026-11-23); the goal is +50%.
declare -A MCTS_BASE=([courier]=20190 [wehrschach]=10166 [trenches]=20040
                      [amazons]=16068 [blockwars]=14170)
ai() {
    echo "== AI: MCTS iterations per second from the start position (3000 iterations, in-process, CPU seconds, median of $RUNS)"
    local g
    for g in $AI_GAMES; do
        read -r mn md mx n rss < <(lua5.4 bench/mcts.lua "$g" 3000 "$RUNS")
        row "$g" "$mn" "$md" "$mx" "$n" iterations
        echo "                     peak RSS $((rss / 1024)) MB"
        goal "MCTS $g: iterations/s" "$(awk -v n="$n" -v m="$md" 'BEGIN {printf "%.0f", n / m}')" \
            ">= $(( ${MCTS_BASE[$g]} * 3 / 2 ))"
    done
    echo "== AI: selfplay of 8 Courier games, mcts:100 against random, 1 and 2 jobs"
    local args=(selfplay courier --games 8 --seed 1 --white mcts:100 --black random)
    read -r mn1 md1 mx1 < <(median "$W" "${args[@]}" --jobs 1)
    row "1 job" "$mn1" "$md1" "$mx1" 8 games
    read -r mn2 md2 mx2 < <(median "$W" "${args[@]}" --jobs 2)
    row "2 jobs" "$mn2" "$md2" "$mx2" 8 games
    awk -v a="$md1" -v b="$md2" 'BEGIN {printf "  speed-up with 2 jobs: %.2fx\n", a / b}'
}
