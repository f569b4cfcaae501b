# bench/tuned.sh: does each committed weights file play better than the
# hand-set weights? A match per game at equal nodes (the same alpha-beta
# budget): `wargrid selfplay --pairs`, each opening (4 random actions)
# played twice, each player on each side; the tuned weights' score with
# the 95% interval of its pairs. Long (an hour or more on two cores), so
# only `bench/run tuned` runs it; `bench/run tuned quick` plays 20 games a
# game, for a first look. GAMES (default 200) games a match.
LONG+=(tuned)
tuned() {
    local games=${GAMES:-200} g nodes file
    [ "${1:-}" = quick ] && games=20
    echo "== Tuned weights against hand-set ones, $games games a game, at equal nodes"
    for g in courier:3000 courier_historical:3000 wehrschach:2000 \
             trenches:3000; do
        nodes=${g#*:}
        g=${g%:*}
        file=$(ls scripts/games/$g/weights.lua scripts/games/$g.weights.lua 2>/dev/null | head -1)
        if [ -z "$file" ]; then
            echo "  $g: no weights file: the hand-set weights play"
            continue
        fi
        "$W" selfplay "$g" --white "alphabeta:$nodes" --black "alphabeta:$nodes@hand" \
            --pairs --opening 4 --games "$games" --max-plies 400 --seed 7001 \
            --json > "$tmp"
        lua5.4 -e "package.path = 'stdlib/?.lua;' .. package.path
            local f = io.open('$tmp')
            local r = require('wargrid.json').decode(f:read('a')).match
            print(string.format('  %-12s %d-%d-%d  %.1f%%  pairs [%.1f, %.1f]',
                '$g', r.won, r.drawn, r.lost, 100 * r.score,
                100 * r.pairs.low, 100 * r.pairs.high))
            print(string.format('%.1f', 100 * r.pairs.low))" > "$tmp.w"
        head -1 "$tmp.w"
        goal "tuned $g against hand-set: pairs' low bound %" "$(tail -1 "$tmp.w")" ">= 50"
    done
}
