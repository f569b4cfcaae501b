# bench/selfplay.sh: random-player self-play (wargrid.selfplay) beside the C
# playout loop (wg.playout) on every game, in one process (bench/selfplay.lua:
# the two loops take turns; CPU seconds, medians of RUNS).
SELFPLAY_GAMES=${SELFPLAY_GAMES:-"courier:20 wehrschach:10 trenches:200 amazons:200 blockwars:40"}
selfplay() {
    echo "== Self-play, random players, against the C playout loop (seconds per 1000 actions)"
    local gn g n
    for gn in $SELFPLAY_GAMES; do
        g=${gn%:*} n=${gn#*:}
        read -r st sn pt pn rss < <(lua5.4 bench/selfplay.lua "$g" "$n" "$RUNS")
        awk -v g="$g" -v n="$n" -v st="$st" -v sn="$sn" -v pt="$pt" -v pn="$pn" -v r="$rss" 'BEGIN {
            printf "  %-11s %4d games  selfplay %.4f s  playout %.4f s  ratio %.2f  (peak RSS %.1f MB)\n",
                   g, n, 1000 * st / sn, 1000 * pt / pn, (st / sn) / (pt / pn), r / 1024 }'
        goal "selfplay $g: time an action / wg.playout's" \
            "$(awk -v st="$st" -v sn="$sn" -v pt="$pt" -v pn="$pn" 'BEGIN {printf "%.2f", (st / sn) / (pt / pn)}')" "<= 1.3"
    done
}
