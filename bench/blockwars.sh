# bench/blockwars.sh: Block Wars random playouts per second (seeded games to
# the end: placement phase included, and from the standard setup).
blockwars() {
    local n=${PLAYOUTS:-1000}
    for setup in placement standard; do
        echo "== Block Wars: $n random playouts to the end, setup=$setup, median of $RUNS"
        read -r lo med hi < <(median lua5.4 bench/playouts.lua blockwars "$n" "setup=$setup")
        read -r _ _ actions _ draws _ w1 w2 < "$tmp"
        row playouts "$lo" "$med" "$hi" "$n" games
        row actions "$lo" "$med" "$hi" "$actions" actions
        awk -v n="$n" -v d="$draws" -v a="$w1" -v b="$w2" 'BEGIN {
            printf "  results: Canadians %.1f%%, Germans %.1f%%, draws %.1f%%\n",
                   100 * a / n, 100 * b / n, 100 * d / n }'
    done
}
