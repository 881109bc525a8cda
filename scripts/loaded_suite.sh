#!/usr/bin/env bash
# The whole test suite RUNS times in a row (default 5) with a second CPU-heavy job
# beside it: HOGS processes (default 1) that spin on the CPU for as long as the runs
# last, so a test that leans on timing fails here before it flakes in CI. Each run's
# summary line and wall time are printed and kept in loaded-suite.log; the exit
# status is 1 if any run failed. The hogs are stopped however the script ends.
#
#     bash scripts/loaded_suite.sh [RUNS] [HOGS] [PYTEST ARGS...]
#
# Arguments after HOGS go to pytest (a file or -k to try the script on a part).
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
hogs=${2:-1}
shift $(($# < 2 ? $# : 2))
log=loaded-suite.log
make --quiet .venv/.installed-test >/dev/null
out=$(mktemp)  # one run's output, its own file: another copy of this script keeps its own
pids=()
stop_hogs() {
    [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null
    rm -f "$out"
}
trap stop_hogs EXIT
trap 'exit 130' INT TERM
for _ in $(seq "$hogs"); do
    python3 -c 'while True: pass' &
    pids+=($!)
done
: >"$log"
failed=0
for run in $(seq "$runs"); do
    began=$(date +%s)
    # as make test runs it: a worker per core
    .venv/bin/python -m pytest -n auto --dist loadfile -q -p no:cacheprovider "$@" >"$out" 2>&1
    status=$?
    cat "$out" >>"$log"
    summary=$(tail -n 1 "$out")
    line="run $run of $runs: exit $status, $summary ($(($(date +%s) - began)) s, load $(cut -d' ' -f1-3 /proc/loadavg))"
    echo "$line" | tee -a "$log"
    [ "$status" -eq 0 ] || failed=1
done
exit "$failed"
