# bench/jobs.sh: what --jobs 2 gains over one job, from runs of a tenth of
# a second to long ones: random self-play of Courier (about 25 ms a game),
# whole processes, start-up included. The goal: two jobs never slower than
# one, and near twice as fast on long runs (on 2 cores shared with others:
# the load average is printed, and a loaded machine blurs the short runs).
# JOBS_GAMES: the runs' sizes in games (default 4 12 40 400).
jobs() {
    local sizes=${JOBS_GAMES:-4 12 40 400} g a1 m1 b1 a2 m2 b2 ratio
    local figures=()
    echo "== selfplay courier, random players, --jobs 1 against --jobs 2," \
         "median of $RUNS (load average $(cut -d' ' -f1-3 /proc/loadavg))"
    printf '  %-6s %-24s %-24s %s\n' games "--jobs 1 s (min, max)" \
           "--jobs 2 s (min, max)" "speed-up"
    for g in $sizes; do
        read -r a1 m1 b1 < <(median "$W" selfplay courier --games "$g" \
            --white random --black random --jobs 1)
        read -r a2 m2 b2 < <(median "$W" selfplay courier --games "$g" \
            --white random --black random --jobs 2)
        ratio=$(awk -v a="$m1" -v b="$m2" 'BEGIN {printf "%.2f", a / b}')
        printf '  %-6s %6.3f (%.3f, %.3f)    %6.3f (%.3f, %.3f)    %s\n' \
               "$g" "$m1" "$a1" "$b1" "$m2" "$a2" "$b2" "$ratio"
        # the figure: a short run (under a second) must not lose, a long
        # one should gain most of the second core
        figures+=("$(awk -v g="$g" -v r="$ratio" -v t="$m1" 'BEGIN {
            goal = t < 1 ? 1.0 : 1.6
            printf "  %-40s %5.2fx  goal >= %.1fx  %s",
                   sprintf("--jobs 2 speed-up, %d games (%.2f s)", g, t),
                   r, goal, (r >= goal ? "met" : "NOT met") }')")
    done
    printf '  %-40s %6s  %-12s %s\n' figure value goal met
    printf '%s\n' "${figures[@]}"
}
