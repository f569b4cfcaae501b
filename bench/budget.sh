# bench/budget.sh: what the sandbox's budget costs -- random playouts of a
# built-in game loaded by name (trusted: no budget) and of the same file
# loaded by path (untrusted: each callback under a budget), and the search
# the same two ways. The playouts of the two run side by side, one on each
# core, and the searches alternate, BUDGET_ROUNDS times (default 5), so
# that the load of other processes and the shared machine's changes of pace
# fall on both alike; playouts are timed in CPU seconds, and the medians
# count.
median_of() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

budget() {
    local rounds=${BUDGET_ROUNDS:-5} spec g n file r
    echo "== Budget: random playouts, trusted and untrusted side by side, CPU time, median of $rounds runs"
    for spec in courier:240 wehrschach:60 blockwars:200; do
        g=${spec%:*} n=${spec#*:}
        file=$(ls scripts/games/$g.lua scripts/games/$g/init.lua 2>/dev/null | head -n 1)
        local off=() on=()
        for r in $(seq "$rounds"); do   # the two side by side, a core each
            lua5.4 bench/games.lua "$g" playouts "$n" 1 > "$tmp.w" &
            on+=("$(lua5.4 bench/games.lua "$file" playouts "$n" 1 | cut -d' ' -f2)")
            wait $!
            off+=("$(cut -d' ' -f2 < "$tmp.w")")
        done
        awk -v g="$g" -v n="$n" -v a="$(printf '%s\n' "${off[@]}" | median_of)" \
            -v b="$(printf '%s\n' "${on[@]}" | median_of)" 'BEGIN {
            printf "  %-11s budget off %7.1f playouts/s, on %7.1f playouts/s: %+.1f%% (goal: under 3%%)\n",
                   g, n / a, n / b, 100 * (b / a - 1) }'
        goal "budget $g: untrusted playouts' extra time, %" "$(awk \
            -v a="$(printf '%s\n' "${off[@]}" | median_of)" \
            -v b="$(printf '%s\n' "${on[@]}" | median_of)" \
            'BEGIN {printf "%.1f", 100 * (b / a - 1)}')" "<= 3"
    done
    echo "== Budget: the search, 2000 iterations from the start (loading counted), median of $rounds alternating runs"
    for g in courier blockwars; do
        file=$(ls scripts/games/$g.lua scripts/games/$g/init.lua 2>/dev/null | head -n 1)
        local off=() on=()
        for r in $(seq "$rounds"); do
            read -r _ t _ < <(RUNS=1 median "$W" suggest "$g" --iterations 2000)
            off+=("$t")
            read -r _ t _ < <(RUNS=1 median "$W" suggest --variant "$file" --iterations 2000)
            on+=("$t")
        done
        awk -v g="$g" -v a="$(printf '%s\n' "${off[@]}" | median_of)" \
            -v b="$(printf '%s\n' "${on[@]}" | median_of)" 'BEGIN {
            printf "  %-11s budget off %6.3f s, on %6.3f s: %+.1f%%\n", g, a, b, 100 * (b / a - 1) }'
    done
}
