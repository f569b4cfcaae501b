# bench/jobs.sh: what --jobs 2 gains over one job, from runs of a tenth of
# a second to long ones: random self-play of Courier (about 25 ms a game),
# whole processes, start-up included. The goals: two jobs never slower than
# one on a short run (under 1 s; within 5%, the noise), near twice as fast
# on a long one (over 2 s). The machine's 2 cores are shared: the load
# average is printed, the runs of one and two jobs alternate so that both
# see the same load, and "cores" is the CPU a run got over its wall time
# (median): a run that gets less than 2 cores cannot go twice as fast.
# JOBS_GAMES: the runs' sizes in games (default 4 12 40 200).

# jobs_times G: RUNS runs of G games with --jobs 1 then --jobs 2, in turn;
# prints for each of the two "min median max cores"
jobs_times() {
    local j TIMEFORMAT='%3R %3U %3S'   # bash's time, to the millisecond
    : > "$tmp.1"
    : > "$tmp.2"
    for _ in $(seq "$RUNS"); do
        for j in 1 2; do
            { time "$W" selfplay courier --games "$1" --white random \
                  --black random --jobs "$j" > /dev/null 2> "$tmp.err"; } \
                2>> "$tmp.$j" || {
                echo "bench/jobs: selfplay --jobs $j failed:" \
                     "$(head -n 1 "$tmp.err")" >&2
                return 1
            }
        done
    done
    for j in 1 2; do
        awk '{print $1, ($2 + $3) / ($1 > 0 ? $1 : 1)}' "$tmp.$j" |
            sort -g | awk '{t[NR] = $1; c[NR] = $2}
                END {m = int((NR + 1) / 2)
                     printf "%.3f %.3f %.3f %.2f\n", t[1], t[m], t[NR], c[m]}'
    done
}

jobs() {
    local sizes=${JOBS_GAMES:-4 12 40 200} g ratio a1 m1 b1 c1 a2 m2 b2 c2
    echo "== selfplay courier, random players, --jobs 1 against --jobs 2," \
         "median of $RUNS (load average $(cut -d' ' -f1-3 /proc/loadavg))"
    printf '  %-6s %-30s %-30s %s\n' games "--jobs 1: s (min, max) cores" \
           "--jobs 2: s (min, max) cores" "speed-up"
    for g in $sizes; do
        { read -r a1 m1 b1 c1; read -r a2 m2 b2 c2; } < <(jobs_times "$g")
        [ -n "${c2:-}" ] || continue   # a run failed, and said so
        ratio=$(awk -v a="$m1" -v b="$m2" 'BEGIN {printf "%.2f", a / b}')
        printf '  %-6s %7.3f (%.3f, %.3f) %4.2f     %7.3f (%.3f, %.3f) %4.2f' \
               "$g" "$m1" "$a1" "$b1" "$c1" "$m2" "$a2" "$b2" "$c2"
        printf '     %s\n' "$ratio"
        # goals: never slower under a second of work; 1.6x from 2 s on
        if awk -v t="$m1" 'BEGIN {exit !(t < 1)}'; then
            goal "selfplay --jobs 2 speed-up, $g games ($m1 s)" "$ratio" ">= 0.95"
        elif awk -v t="$m1" 'BEGIN {exit !(t > 2)}'; then
            goal "selfplay --jobs 2 speed-up, $g games ($m1 s)" "$ratio" ">= 1.6"
        fi
    done
    echo "  (load average after: $(cut -d' ' -f1-3 /proc/loadavg))"
}
