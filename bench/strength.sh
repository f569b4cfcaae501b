# bench/strength.sh: how strong the AI is -- wargrid's levels against
# Fairy-Stockfish in historical Courier (1 s a move for Fairy-Stockfish),
# and every game's ladder of levels (bench/strength.lua). Long: hours on two
# busy cores, so only `bench/run strength` runs it; `bench/run strength
# quick` plays a few games of the top pairings, for a first look.
LONG+=(strength)
strength() {
    if [ "${1:-}" = quick ]; then
        lua5.4 bench/strength.lua fs --games 4 --skills 0 --players 1s
        lua5.4 bench/strength.lua ladder --games 4 --levels 5
    else
        lua5.4 bench/strength.lua fs --games 20 --skills 0,1,3,5 \
            --players level:3,level:4,level:5,1s
        lua5.4 bench/strength.lua ladder --games 20
    fi
}
