# bench/xiangqi.sh: the example games Xiangqi and Janggi
# (examples/games/), perft 4 from the start beside Fairy-Stockfish's
# `xiangqi` and `janggi`: CPU seconds, start-up excluded, medians of RUNS.
# Each game is loaded by path, so its callbacks run under the budget of
# an untrusted script, as a designer's game does.
xiangqi() {
    echo "== Xiangqi and Janggi perft 4 from the start: wargrid / Fairy-Stockfish, CPU seconds, start-up excluded"
    local g variant fen goalv
    for g in \
        "xiangqi:1.0:rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1" \
        "janggi:1.5:rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"; do
        variant=${g%%:*} g=${g#*:} goalv=${g%%:*} fen=${g#*:}
        local wa wm wb wn wrss fm frss fn
        read -r wa wm wb wn wrss < <(lua5.4 bench/games.lua "examples/games/$variant" perft 4 "$RUNS")
        read -r fm frss < <(fs_cpu "$variant" "$fen" 4)
        fn=$(awk '/Nodes searched/ {print $3}' "$tmp")
        [ "$wn" = "$fn" ] || echo "  $variant perft 4: wargrid counted $wn, Fairy-Stockfish $fn"
        awk -v l="$variant perft 4" -v w="$wm" -v f="$fm" -v n="$wn" 'BEGIN {
            printf "  %-14s %12s nodes  wargrid %7.3f s  Fairy-Stockfish %7.3f s  ratio %.2f\n",
                   l, n, w, f, w / f }'
        goal "$variant perft 4: wargrid / Fairy-Stockfish" \
            "$(awk -v w="$wm" -v f="$fm" 'BEGIN {printf "%.2f", w / f}')" "<= $goalv"
    done
}
