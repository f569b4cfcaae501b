# bench/trenches.sh: the Game of the Amazons (Trenches' variant, T-V1) as
# general game systems benchmark it -- perft 2 from the start (the published
# 4,307,152 leaves) and uniform random playouts -- and Trenches' playouts.
# Timed in-process by bench/games.lua, so Lua start-up is not counted.
# AMAZONS_BASE: Amazons random playouts/s on main before issue 16 (CPU time,
# bench/games.lua, 1000 games, the faster of two medians of 3 on
# 2026-11-23); the goal is +100%.
AMAZONS_BASE=2248
trenches() {
    local nodes=4307152 games=1000 pa pm pb n
    echo "== Amazons: perft 2 from the start ($nodes leaves), median of 7"
    read -r pa pm pb n _ < <(lua5.4 bench/games.lua amazons perft 2 7)
    [ "$n" = "$nodes" ] || echo "  wargrid counted: $n"
    row "in-process" "$pa" "$pm" "$pb" "$nodes" leaves
    read -r a m b < <(median "$W" perft amazons 2)
    row "wargrid perft" "$a" "$m" "$b" "$nodes" leaves
    echo "== Random playouts from the start, uniform over the legal actions, $games games, CPU seconds, median of $RUNS"
    local amazons_pps=""
    for g in amazons trenches; do
        read -r a m b plies rss < <(lua5.4 bench/games.lua "$g" playouts "$games" "$RUNS")
        row "$g" "$a" "$m" "$b" "$games" playouts
        echo "                     peak RSS $((rss / 1024)) MB"
        [ "$g" = amazons ] && goal "Amazons random playouts/s" \
            "$(awk -v g="$games" -v m="$m" 'BEGIN {printf "%.0f", g / m}')" ">= $((AMAZONS_BASE * 2))"
        awk -v p="$plies" -v g="$games" -v m="$m" \
            'BEGIN {printf "  %-18s %.1f actions a game, %.0f actions/s\n", "", p / g, p / m}'
        [ -n "$amazons_pps" ] || amazons_pps=$(awk -v g="$games" -v m="$m" 'BEGIN {printf "%.0f", g / m}')
    done
    awk -v m="$pm" -v n="$nodes" -v p="$amazons_pps" 'BEGIN {
        printf "  Amazons for the game systems tables: %.0f perft nodes/s, %s playouts/s (2 shared cores: noisy)\n",
               n / m, p }'
}
