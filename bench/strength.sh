# bench/strength.sh: how strong the AI is -- wargrid against Fairy-Stockfish
# in historical Courier with node budgets (`go nodes` for it, a node budget
# for wargrid: the same work whatever the machine's load), and every game's
# ladder of levels (bench/strength.lua). A budget is each program's nodes in
# a second of processor time (`lua5.4 bench/strength.lua nps
# courier_historical 1s` tells wargrid's, `go nodes` Fairy-Stockfish's).
# `bench/run strength` (and `make bench`) plays a short match at a tenth of
# a second a move, a few minutes on two cores; `bench/run strength full`
# plays the whole table at a second a move, Fairy-Stockfish at Skill Levels
# 5, 10 and 20 and full strength at time odds, and the ladder: many hours.
# wargrid's second fell from 645,000 to 533,000 nodes with Courier's king
# safety term (its count is a sixth of a node's time; the ratio of the two
# builds' nps measured side by side)
WG_SECOND=${WG_SECOND:-533000}
FS_SECOND=${FS_SECOND:-542000}
strength() {
    local s="lua5.4 bench/strength.lua"
    if [ "${1:-}" = full ]; then
        $s fs --games 40 --skills 5,10,20 --players "ab:$WG_SECOND" \
            --nodes "$FS_SECOND" --resign 5 --plies 4
        # time odds: full strength with a third, a tenth and a thirtieth
        # of wargrid's second
        $s fs --games 40 --skills 20 --players "ab:$WG_SECOND" \
            --nodes "$((FS_SECOND / 3)),$((FS_SECOND / 10))" \
            --resign 5 --plies 4
        $s fs --games 40 --skills 20 --players "ab:$WG_SECOND" \
            --nodes "$((FS_SECOND / 30))" --resign 5 --plies 4
        $s ladder --games 20 --resign 5
    else
        $s fs --games 8 --skills 10 --players "ab:$((WG_SECOND / 10))" \
            --nodes "$((FS_SECOND / 10))" --resign 5 --plies 4 |
            tee "$tmp.w"
        goal "strength vs Fairy-Stockfish Skill 10, 0.1 s (%)" \
            "$(awk '/ vs FSF / && match($0, / [0-9.]+%/) {
                print substr($0, RSTART + 1, RLENGTH - 2) }' "$tmp.w")" ">= 50"
    fi
}
