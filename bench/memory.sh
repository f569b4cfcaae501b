# bench/memory.sh: the peak memory of `wargrid selfplay` (random players,
# one process) after 1,000 and after 100,000 games: a run keeps counts,
# not its games, so memory must not grow with their number (within 10%;
# before issue 29 it grew by 0.7 KB a game: 8.5 MB after 1,000 games of
# Trenches, 72 MB after 100,000).
memory() {
    echo "== Memory: peak RSS of wargrid selfplay, random players, 1,000 and 100,000 games"
    local g k peak=()
    for g in trenches amazons; do
        for k in 1000 100000; do
            /usr/bin/time -f "%M" -o "$tmp.time" "$W" selfplay "$g" --games "$k" \
                --white random --black random --jobs 1 > /dev/null
            peak[$k]=$(cat "$tmp.time")
            echo "  $g $k games: peak RSS $((peak[$k] / 1024)) MB (${peak[$k]} KB)"
        done
        goal "selfplay $g: peak RSS after 100,000 / after 1,000" \
            "$(awk -v a="${peak[100000]}" -v b="${peak[1000]}" 'BEGIN {printf "%.3f", a / b}')" "<= 1.1"
    done
}
