#!/usr/bin/env bash
# README's test command (`mvn -o verify`) RUNS times in a row (default 3) on a clean clone of HEAD (commits only)
# while two busy loops keep both cores busy: the tests must not depend on a quiet machine. It
# disturbs every measurement on the machine: on a shared one, run it under the lock that keeps measurements apart:
#   flock LOCKFILE scripts/verify-under-load.sh
# Each run's output goes to target/under-load/run-N.log; it stops at the first failure, exit status that run's.
set -u
runs=${1:-3}
case "$runs" in ''|*[!0-9]*) echo "usage: $0 [RUNS]   (RUNS: a whole number of verify runs, e.g. 3)" >&2; exit 2 ;; esac
project=$(cd "$(dirname "$0")/.." && pwd)
logs="$project/target/under-load"
clone=$(mktemp -d)
mkdir -p "$logs"
head=$(git -C "$project" rev-parse HEAD) || exit 1
git clone -q "$project" "$clone/storebench" && cd "$clone/storebench" && git checkout -q "$head" || exit 1
busy=()
for _ in 1 2; do (while :; do :; done) & busy+=($!); done
# only the loops started here, by their ids, and the clone made here
trap 'kill "${busy[@]}" 2>/dev/null; rm -rf "$clone"' EXIT
echo "[storebench] $runs verify runs of $(git rev-parse --short HEAD) under two busy loops (pids ${busy[*]})"
for n in $(seq 1 "$runs"); do
  start=$SECONDS
  mvn -o -B verify > "$logs/run-$n.log" 2>&1
  code=$?
  echo "[storebench] run $n: exit $code after $((SECONDS - start)) s, load1 $(cut -d' ' -f1 /proc/loadavg) ($logs/run-$n.log)"
  if [ "$code" -ne 0 ]; then
    exit "$code"
  fi
done
