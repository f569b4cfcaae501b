# bench/courier.sh: Courier perft beside Fairy-Stockfish from the start and
# three positions of seeded random games, and perft memory. wargrid is timed
# in-process (bench/games.lua), Fairy-Stockfish with its start-up (a perft
# 1) taken off: CPU seconds, medians of RUNS. PERFT6=0 leaves out depth 6
# (about a minute a position for each program); depth 6 runs RUNS6 times
# (default 1).
COURIER_POSITIONS=(
    "start:rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"
    "ply16:3bmk1wbe2/rppppp1p1ppr/4e1f2n2/p3n1p1p2p/P4FP4P/10P1/1PPPPP1PPP2/RNEBMK1WBENR w - - 4 9"
    "ply30:1rebmk1wb3/2ppp2p1p2/1p3pfep1pr/p4NpP3p/Pn3P5P/2P3F4E/RP1PPM1PPPP1/2EB1K1WB1NR w - - 2 16"
    "ply50:1n2mkewben1/4p2pp1p1/rpp3f2p2/p4pp4r/P2P2P2NpP/N3FP1P2R1/1P1pP1KWPP2/RBE5BE2 w - - 0 26"
)
courier() {
    local depths=(5)
    [ "${PERFT6:-1}" = 0 ] || depths+=(6)
    echo "== Courier perft: wargrid courier_historical / Fairy-Stockfish courier, CPU seconds, start-up excluded"
    local p d name fen
    for d in "${depths[@]}"; do
        local runs=$RUNS
        [ "$d" = 6 ] && runs=${RUNS6:-1}
        for p in "${COURIER_POSITIONS[@]}"; do
            name=${p%%:*} fen=${p#*:}
            local wa wm wb wn wrss fm frss fn
            read -r wa wm wb wn wrss < <(lua5.4 bench/games.lua courier_historical perft "$d" "$runs" "$fen")
            read -r fm frss < <(RUNS=$runs fs_cpu courier "$fen" "$d")
            fn=$(awk '/Nodes searched/ {print $3}' "$tmp")
            [ "$wn" = "$fn" ] || echo "  $name perft $d: wargrid counted $wn, Fairy-Stockfish $fn"
            awk -v l="$name perft $d" -v w="$wm" -v f="$fm" -v n="$wn" -v wr="$wrss" -v fr="$frss" 'BEGIN {
                printf "  %-14s %12s nodes  wargrid %7.3f s (%5.1f MB)  Fairy-Stockfish %7.3f s (%5.1f MB)  ratio %.2f\n",
                       l, n, w, wr / 1024, f, fr / 1024, w / f }'
            goal "Courier perft $d $name: wargrid / Fairy-Stockfish" \
                "$(awk -v w="$wm" -v f="$fm" 'BEGIN {printf "%.2f", w / f}')" "<= 0.6"
        done
    done
    echo "== Courier: peak memory by perft depth (constant memory)"
    for d in 4 5; do
        "$W" perft courier_historical "$d" --stats 2>&1 >/dev/null | sed "s/^/  perft $d: /"
    done
}
