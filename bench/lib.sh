# bench/lib.sh: helpers for the benchmark sections (sourced by bench/run).
W=build/wargrid
FS=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
RUNS=${RUNS:-3}
AI_GAMES=${AI_GAMES:-courier wehrschach trenches amazons blockwars}
tmp=$(mktemp)
results=$(mktemp)   # the rows of the closing table
trap 'rm -f "$tmp" "$tmp.in" "$tmp.time" "$tmp.err" "$tmp.1" "$tmp.2" "$tmp.w" "$results"' EXIT

# goal FIGURE VALUE GOAL: one row of the table bench/run ends with -- the
# figure, its value, its goal ("<= X" or ">= X") and whether it is met.
# A section adds a row with one call.
ROW_FORMAT="%-50s %10s  %-10s %s\n"
goal() {
    awk -v f="$1" -v v="$2" -v g="$3" -v fmt="$ROW_FORMAT" 'BEGIN {
        split(g, p, " ")
        ok = p[1] == "<=" ? v + 0 <= p[2] + 0 : v + 0 >= p[2] + 0
        printf fmt, f, v, g, ok ? "met" : "NOT MET" }' >> "$results"
}

# goals: the table of every row so far
goals() {
    echo "== Goals (CPU time where timed in-process; see each section)"
    # shellcheck disable=SC2059
    printf "$ROW_FORMAT" figure value goal ""
    cat "$results"
}

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

# fs_cpu VARIANT FEN DEPTH: "cpu_seconds peak_rss_kb" of Fairy-Stockfish's
# perft, median of RUNS, with the CPU time of a depth-1 run (its start-up)
# taken off; the last run's output is in $tmp.
fs_cpu() {
    local cpus=() start rss
    fs_once() {
        printf 'uci\nsetoption name UCI_Variant value %s\nposition fen %s\ngo perft %s\nquit\n' \
            "$1" "$2" "$3" > "$tmp.in"
        /usr/bin/time -f "%U %S %M" -o "$tmp.time" "$FS" < "$tmp.in" > "$tmp"
        awk '{printf "%.3f %d\n", $1 + $2, $3}' "$tmp.time"
    }
    read -r start _ < <(fs_once "$1" "$2" 1)
    for _ in $(seq "$RUNS"); do
        local c
        read -r c rss < <(fs_once "$@")
        cpus+=("$(awk -v c="$c" -v s="$start" 'BEGIN {printf "%.3f", c - s}')")
    done
    printf '%s\n' "${cpus[@]}" | sort -g |
        awk -v r="$rss" '{a[NR]=$1} END {printf "%.3f %d\n", a[int((NR+1)/2)], r}'
}

# row LABEL MIN MEDIAN MAX COUNT UNIT: one timed line, COUNT/MEDIAN per second
row() {
    awk -v l="$1" -v a="$2" -v m="$3" -v b="$4" -v n="$5" -v u="${6:-nodes}" \
        'BEGIN {printf "  %-18s %7.3f s  (min %.3f, max %.3f)  %10.0f %s/s\n", l, m, a, b, n / m, u}'
}
