# bench/ai.sh: MCTS iterations per second from each game's start position,
# alpha-beta nodes per second and the speed-up of --threads 2 over one
# process, and the speed-up of `selfplay --jobs 2` over one process.
# MCTS_BASE: each game's iterations/s on main before issue 16 (CPU time,
# bench/mcts.lua, 3000 iterations, the faster of two medians of 3 on
# 2026-11-23); the goal is +50%.
declare -A MCTS_BASE=([courier]=20190 [wehrschach]=10166 [trenches]=20040
                      [amazons]=16068 [blockwars]=14170)
AB_GAMES=${AB_GAMES:-courier_historical wehrschach trenches amazons}

# ab_nodes GAME THREADS [cpu]: the median over RUNS of the nodes the search
# visits in 2 seconds (of processor time, each process's, with cpu)
ab_nodes() {
    local counts=()
    for _ in $(seq "$RUNS"); do
        counts+=("$(lua5.4 bench/nodes.lua "$1" "$2" 2 "${3:-}")")
    done
    printf '%s\n' "${counts[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

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
    local clock
    for clock in wall cpu; do
        if [ "$clock" = wall ]; then
            echo "== AI: alpha-beta nodes in 2 s from the start position, 1 and 2 processes (--threads), median of $RUNS"
        else
            echo "== AI: the same in 2 s of processor time a process (what two idle cores give; the machine's load left out)"
        fi
        for g in $AB_GAMES; do
            local n1 n2
            n1=$(ab_nodes "$g" 1 "$clock")
            n2=$(ab_nodes "$g" 2 "$clock")
            awk -v g="$g" -v a="$n1" -v b="$n2" \
                'BEGIN {printf "  %-18s %9d nodes/s  %9d nodes/s with 2  speed-up %.2fx (required 1.6)\n", g, a / 2, b / 2, b / a}'
            [ "$clock" = cpu ] && goal "alpha-beta $g: nodes, 2 threads / 1" \
                "$(awk -v a="$n1" -v b="$n2" 'BEGIN {printf "%.2f", b / a}')" ">= 1.6"
        done
    done
    echo "== AI: selfplay of 8 Courier games, mcts:100 against random, 1 and 2 jobs"
    local args=(selfplay courier --games 8 --seed 1 --white mcts:100 --black random)
    read -r mn1 md1 mx1 < <(median "$W" "${args[@]}" --jobs 1)
    row "1 job" "$mn1" "$md1" "$mx1" 8 games
    read -r mn2 md2 mx2 < <(median "$W" "${args[@]}" --jobs 2)
    row "2 jobs" "$mn2" "$md2" "$mx2" 8 games
    awk -v a="$md1" -v b="$md2" 'BEGIN {printf "  speed-up with 2 jobs: %.2fx\n", a / b}'
}
