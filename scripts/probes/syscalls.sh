#!/usr/bin/env bash
# System calls per warm visit (open, count, close of one large store), per engine, outside the bench: each engine's
# process runs 500-2,000 warm visits, then 0 or 1,000 more under `strace -f -c`; the difference / 1,000 is one visit's.
# Run from the project's top after `mvn -q compile` and the Node worker's install (src/main/node/install.sh).
# Usage: scripts/probes/syscalls.sh [engine...]   (objectbox sqlite lmdb turso sqlite-node; default: all)
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mvn -q -B -ntp dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" >/dev/null
cp="$work:target/classes:$(cat "$work/cp.txt")"
javac -cp "$cp" -d "$work" scripts/probes/Visits.java
mkdir -p "$work/root"
for engine in "${@:-objectbox sqlite lmdb turso sqlite-node}"; do
  for engine1 in $engine; do
    for n in 0 1000; do
      case $engine1 in
        turso) cmd=(node scripts/probes/visits.mjs turso "$n" "$work/root") ;;
        sqlite-node) cmd=(node scripts/probes/visits.mjs sqlite "$n" "$work/root") ;;
        *) cmd=(java -Xmx256m -cp "$cp" Visits "$engine1" "$n" "$work/root") ;;
      esac
      strace -f -c -o "$work/$engine1-$n.txt" "${cmd[@]}" 2>/dev/null
    done
    python3 - "$work/$engine1-0.txt" "$work/$engine1-1000.txt" "$engine1" <<'PY'
import re, sys
def calls(f):
    d = {}
    for l in open(f):
        m = re.match(r'\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(\w+)\s*$', l)
        if m:
            d[m.group(2)] = int(m.group(1))
    return d
a, b = calls(sys.argv[1]), calls(sys.argv[2])
per = {k: (b.get(k, 0) - a.get(k, 0)) / 1000 for k in set(a) | set(b)}
print(sys.argv[3] + ': ' + ', '.join(f'{k} {v:.1f}' for k, v in sorted(per.items(), key=lambda x: -x[1]) if v >= 0.3))
PY
  done
done
