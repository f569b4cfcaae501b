# bench/lib.sh: helpers for the benchmark sections (sourced by bench/run).
W=build/wargrid
FS=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
RUNS=${RUNS:-3}
AI_GAMES=${AI_GAMES:-courier wehrschach trenches amazons blockwars}
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.in"' EXIT

now() { date +%s.%N; }

# median COMMAND...: prints "min median max" wall seconds over RUNS runs;
# the last run's output is in $tmp.
median() {
    local times=()
    for _ in $(seq "$RUNS"); do
        local t0 t1
        t0=$(now)
        "$@" > "$tmp" 2>&1
        t1=$(now)
        times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.6f", b - a}')")
    done
    printf '%s\n' "${times[@]}" | sort -g |
        awk '{a[NR]=$1} END {printf "%.3f %.3f %.3f\n", a[1], a[int((NR+1)/2)], a[NR]}'
}

# fs_perft VARIANT FEN DEPTH: Fairy-Stockfish's perft
fs_perft() {
    printf 'uci\nsetoption name UCI_Variant value %s\nposition fen %s\ngo perft %s\nquit\n' \
        "$1" "$2" "$3" > "$tmp.in"
    "$FS" < "$tmp.in"
}

# row LABEL MIN MEDIAN MAX COUNT UNIT: one timed line, COUNT/MEDIAN per second
row() {
    awk -v l="$1" -v a="$2" -v m="$3" -v b="$4" -v n="$5" -v u="${6:-nodes}" \
        'BEGIN {printf "  %-18s %7.3f s  (min %.3f, max %.3f)  %10.0f %s/s\n", l, m, a, b, n / m, u}'
}
