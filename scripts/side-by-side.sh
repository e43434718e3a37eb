#!/usr/bin/env bash
# Runs each argument (a shell command) at the same time, prints each one's output in order once it ends, and fails if
# any failed. For single-threaded steps (tsc, eslint) on a machine with more than one core.
set -uo pipefail

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pids=()
index=0
for command in "$@"; do
  bash -c "$command" >"$dir/$index.out" 2>&1 &
  pids+=("$!")
  index=$((index + 1))
done

failed=0
index=0
for command in "$@"; do
  if wait "${pids[$index]}"; then status=0; else status=$?; fi
  echo "── $command (exit $status)"
  cat "$dir/$index.out"
  if [ "$status" != 0 ]; then failed=1; fi
  index=$((index + 1))
done
exit "$failed"
