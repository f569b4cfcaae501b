# bench/tuned.sh: does each committed weights file play better than the
# hand-set weights? A match per game at equal budgets (the same alpha-beta
# nodes, or MCTS iterations for Block Wars): `wargrid selfplay --pairs`,
# each opening played twice, each player on each side (the alpha-beta
# games' openings 4 random actions; Block Wars' pairs share their deal);
# the tuned weights' score with the 95% interval of its pairs. Long (an
# hour or more on two cores), so only `bench/run tuned` runs it; `bench/run
# tuned quick` plays 20 games a game, for a first look. GAMES (default 200)
# games a match.
LONG+=(tuned)
tuned() {
    local games=${GAMES:-200} g player file args
    [ "${1:-}" = quick ] && games=20
    echo "== Tuned weights against hand-set ones, $games games a game, at equal budgets"
    for g in courier:alphabeta:3000 courier_historical:alphabeta:3000 \
             wehrschach:alphabeta:2000 trenches:alphabeta:3000 blockwars:mcts:800; do
        player=${g#*:}
        g=${g%%:*}
        args=(--opening 4 --max-plies 400)
        [ "$g" = blockwars ] && args=()
        file=$(ls scripts/games/$g/weights.lua scripts/games/$g.weights.lua 2>/dev/null | head -1)
        if [ -z "$file" ]; then
            echo "  $g: no weights file: the hand-set weights play"
            continue
        fi
        "$W" selfplay "$g" --white "$player" --black "$player@hand" \
            --pairs "${args[@]}" --games "$games" --seed 7001 \
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
