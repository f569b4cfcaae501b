# bench/ai.sh: MCTS iterations per second from each game's start position, and
# the speed-up of `selfplay --jobs 2` over one process.
ai() {
    echo "== AI: MCTS iterations per second from the start position (5000 iterations, median of $RUNS)"
    local g
    for g in $AI_GAMES; do
        read -r mn md mx < <(median "$W" suggest "$g" --iterations 5000)
        row "$g" "$mn" "$md" "$mx" 5000 iterations
    done
    echo "== AI: selfplay of 8 Courier games, mcts:100 against random, 1 and 2 jobs"
    local args=(selfplay courier --games 8 --seed 1 --white mcts:100 --black random)
    read -r mn1 md1 mx1 < <(median "$W" "${args[@]}" --jobs 1)
    row "1 job" "$mn1" "$md1" "$mx1" 8 games
    read -r mn2 md2 mx2 < <(median "$W" "${args[@]}" --jobs 2)
    row "2 jobs" "$mn2" "$md2" "$mx2" 8 games
    awk -v a="$md1" -v b="$md2" 'BEGIN {printf "  speed-up with 2 jobs: %.2fx\n", a / b}'
}
