# bench/strength.sh: how strong the AI is -- wargrid against Fairy-Stockfish
# in historical Courier, and every game's ladder of levels
# (bench/strength.lua). Long: hours on two cores, so only `bench/run
# strength` runs it; `bench/run strength quick` plays a few games, for a
# first look. Fairy-Stockfish's time a move counts little: a Skill Level
# picks its move at a fixed depth.
LONG+=(strength)
strength() {
    if [ "${1:-}" = quick ]; then
        lua5.4 bench/strength.lua fs --games 2 --skills 0 --players level:3 \
            --movetime 100
        lua5.4 bench/strength.lua ladder courier_historical --games 2 \
            --levels 2
    else
        lua5.4 bench/strength.lua fs --games 20 --skills 0,1,3 \
            --players level:3,1s --movetime 300
        lua5.4 bench/strength.lua ladder --games 20
    fi
}
