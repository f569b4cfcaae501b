# bench/courier.sh: Courier perft 5 beside Fairy-Stockfish, and perft memory.
courier() {
    local start="rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"
    local nodes=14144849
    echo "== Courier: perft 5 from Fairy-Stockfish's start position ($nodes nodes), median of $RUNS"
    read -r wmin wmed wmax < <(median "$W" perft courier_historical 5)
    grep -q "Nodes searched: $nodes" "$tmp" || echo "  wargrid counted: $(tail -n 1 "$tmp")"
    row wargrid "$wmin" "$wmed" "$wmax" "$nodes"
    read -r fmin fmed fmax < <(median fs_perft courier "$start" 5)
    grep -q "Nodes searched: $nodes" "$tmp" || echo "  Fairy-Stockfish counted: $(grep Nodes "$tmp")"
    row Fairy-Stockfish "$fmin" "$fmed" "$fmax" "$nodes"
    awk -v w="$wmed" -v f="$fmed" \
        'BEGIN {printf "  ratio wargrid / Fairy-Stockfish: %.2f  (required 15 or better, goal 3)\n", w / f}'
    echo "== Courier: peak memory by perft depth (constant memory)"
    for d in 4 5 6; do
        "$W" perft courier_historical "$d" --stats 2>&1 >/dev/null | sed "s/^/  perft $d: /"
    done
}
