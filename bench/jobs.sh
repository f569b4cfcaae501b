# bench/jobs.sh: what --jobs 2 gains over one job, from runs of a tenth of
# a second to long ones: random self-play of Courier (about 25 ms a game),
# whole processes, start-up included. The goals: two jobs never slower than
# one on a short run (under 1 s; within 5%, the noise), near twice as fast
# on a long one (over 2 s). The machine's 2 cores are shared: the load
# average is printed, and "cores" is the CPU the run got over its wall time
# (median); a run that gets less than 2 cores cannot go twice as fast.
# JOBS_GAMES: the runs' sizes in games (default 4 12 40 200).
jobs() {
    local sizes=${JOBS_GAMES:-4 12 40 200} g j ratio
    local -A med lo hi cores
    local figures=()
    echo "== selfplay courier, random players, --jobs 1 against --jobs 2," \
         "median of $RUNS (load average $(cut -d' ' -f1-3 /proc/loadavg))"
    printf '  %-6s %-30s %-30s %s\n' games "--jobs 1: s (min, max) cores" \
           "--jobs 2: s (min, max) cores" "speed-up"
    for g in $sizes; do
        for j in 1 2; do
            : > "$tmp.cpu"
            read -r "lo[$j]" "med[$j]" "hi[$j]" < <(median /usr/bin/time \
                -a -o "$tmp.cpu" -f '%e %U %S' "$W" selfplay courier \
                --games "$g" --white random --black random --jobs "$j")
            cores[$j]=$(awk '{print ($2 + $3) / ($1 > 0 ? $1 : 1)}' \
                        "$tmp.cpu" | sort -g |
                        awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
        done
        ratio=$(awk -v a="${med[1]}" -v b="${med[2]}" \
                'BEGIN {printf "%.2f", a / b}')
        printf '  %-6s %7.3f (%.3f, %.3f) %4.2f     %7.3f (%.3f, %.3f) %4.2f' \
               "$g" "${med[1]}" "${lo[1]}" "${hi[1]}" "${cores[1]}" \
               "${med[2]}" "${lo[2]}" "${hi[2]}" "${cores[2]}"
        printf '     %s\n' "$ratio"
        figures+=("$(awk -v g="$g" -v r="$ratio" -v t="${med[1]}" 'BEGIN {
            if (t >= 1 && t <= 2) exit
            goal = t < 1 ? 0.95 : 1.6
            printf "  %-40s %5.2fx  goal >= %.2fx  %s",
                   sprintf("--jobs 2 speed-up, %d games (%.2f s)", g, t),
                   r, goal, (r >= goal ? "met" : "NOT met") }')")
    done
    printf '  %-40s %6s  %-14s %s\n' figure value goal met
    printf '%s\n' "${figures[@]}" | grep . || true
}
