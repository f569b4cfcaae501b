# bench/wehrschach.sh: Wehrschach perft 4 from the start, and seeded random
# playouts to the end (games and actions per second).
wehrschach() {
    local nodes=463990640 games=200
    echo "== Wehrschach: perft 4 from the start ($nodes nodes), median of $RUNS"
    read -r wmin wmed wmax < <(median "$W" perft wehrschach 4)
    grep -q "Nodes searched: $nodes" "$tmp" || echo "  wargrid counted: $(tail -n 1 "$tmp")"
    row wargrid "$wmin" "$wmed" "$wmax" "$nodes"
    echo "== Wehrschach: $games seeded random games to the end, median of $RUNS"
    read -r pmin pmed pmax < <(median lua5.4 bench/playouts.lua wehrschach "$games")
    local plies
    plies=$(awk '{print $3}' "$tmp")
    row games "$pmin" "$pmed" "$pmax" "$games" games
    row actions "$pmin" "$pmed" "$pmax" "$plies" actions
}
