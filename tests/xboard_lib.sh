# tests/xboard_lib.sh: starting and ending XBoard in a virtual X server, for
# the tests/xboard_*.sh scripts (sourced: `. "$(dirname "$0")/xboard_lib.sh"`).

# xboard_start LOG ARG...: XBoard with those arguments, in its own process
# group, printing to LOG; its process is $xboard_pid. LOG is emptied here,
# before XBoard starts: an earlier match's "final score" left in it would
# end xboard_wait_score at once.
xboard_start() {
    log=$1
    shift
    : > "$log"
    setsid xvfb-run -a /usr/games/xboard "$@" > "$log" 2>&1 &
    xboard_pid=$!
}

# xboard_wait_score LOG TENTHS: waits until XBoard has told a match's final
# score in LOG, at most TENTHS tenths of a second; fails if it has not.
xboard_wait_score() {
    i=0
    while ! grep -q "final score" "$1" && [ "$i" -lt "$2" ]; do
        sleep 0.1
        i=$((i + 1))
    done
    grep -q "final score" "$1"
}

# xboard_stop: ends XBoard, its X server and its engines. XBoard ignores
# TERM, so the group gets KILL after a moment.
xboard_stop() {
    kill -TERM -"$xboard_pid" 2>/dev/null || true
    sleep 0.2
    kill -KILL -"$xboard_pid" 2>/dev/null || true
    wait "$xboard_pid" 2>/dev/null || true
}
