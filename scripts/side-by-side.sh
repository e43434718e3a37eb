#!/usr/bin/env bash
# Runs each argument (a shell command) at the same time, prints each one's output in order once it ends, and fails if
# any failed. For single-threaded steps (tsc, eslint) on a machine with more than one core. Stopped by a signal (CI's
# time limit, Ctrl-C), it stops the commands and prints what each had written so far, so a hang still shows its output.
set -uo pipefail

dir=$(mktemp -d)
commands=("$@")
pids=()
stop_all() { for pid in "${pids[@]}"; do kill "-$1" -- "-$pid" 2>/dev/null; done; }
# Whatever ends this script (an error included) ends what it started; the output files go with it.
trap 'stop_all KILL; rm -rf "$dir"' EXIT

stopped() {
  trap - TERM INT
  stop_all TERM
  # A command that ignores TERM gets 10 s, then KILL.
  for _ in $(seq 100); do
    alive=0
    for pid in "${pids[@]}"; do if kill -0 -- "-$pid" 2>/dev/null; then alive=1; fi; done
    if [ "$alive" = 0 ]; then break; fi
    sleep 0.1
  done
  stop_all KILL
  for index in "${!commands[@]}"; do
    echo "── ${commands[$index]} (stopped by $1; its output so far)"
    cat "$dir/$index.out"
  done
  exit 1
}
trap 'stopped SIGTERM' TERM
trap 'stopped SIGINT' INT

set -m # each command in its own process group, so a stop reaches what it started too
for index in "${!commands[@]}"; do
  bash -c "${commands[$index]}" </dev/null >"$dir/$index.out" 2>&1 &
  pids+=("$!")
done

failed=0
for index in "${!commands[@]}"; do
  if wait "${pids[$index]}"; then status=0; else status=$?; fi
  echo "── ${commands[$index]} (exit $status)"
  cat "$dir/$index.out"
  if [ "$status" != 0 ]; then failed=1; fi
done
exit "$failed"
