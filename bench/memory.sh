# bench/memory.sh: the peak memory of `wargrid selfplay` (random players,
# one process) after 200 and after 10,000 games: memory must not grow with
# the number of games beyond the records the report is made of (under 1 KB
# a game; it was 20-25 KB before issue 16).
memory() {
    echo "== Memory: peak RSS of wargrid selfplay, random players, 200 and 10,000 games"
    local g k peak=()
    for g in trenches amazons; do
        for k in 200 10000; do
            /usr/bin/time -f "%M" -o "$tmp.time" "$W" selfplay "$g" --games "$k" \
                --white random --black random --jobs 1 > /dev/null
            peak[$k]=$(cat "$tmp.time")
            echo "  $g $k games: peak RSS $((peak[$k] / 1024)) MB"
        done
        goal "selfplay $g: KB of peak RSS a game after 200" \
            "$(awk -v a="${peak[10000]}" -v b="${peak[200]}" 'BEGIN {printf "%.2f", (a - b) / 9800}')" "<= 1"
    done
}
