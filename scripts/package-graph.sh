#!/usr/bin/env bash
# Prints the package graph of storebench's main classes, one "from -> to" line per dependency between two of its
# packages, from the compiled classes (jdeps, part of the JDK). ArchitectureTest checks the same graph in `mvn verify`.
#   scripts/package-graph.sh [classes folder]      default: target/classes (run mvn compile first)
#   scripts/package-graph.sh --dot [folder] > g.dot   the same as Graphviz DOT
set -euo pipefail
dot=false
if [ "${1:-}" = "--dot" ]; then dot=true; shift; fi
classes=${1:-target/classes}
if [ ! -d "$classes/storebench" ]; then
  echo "no compiled classes in $classes: run mvn compile first (or give the folder)" >&2
  exit 2
fi
edges=$(jdeps -verbose:package -filter:none -e 'storebench\..*' "$classes" 2>/dev/null \
  | awk '/^ +storebench\./ {split($1, a, "."); split($3, b, "."); if (a[2] != b[2]) print a[2] " -> " b[2]}' | sort -u)
if $dot; then
  echo "digraph storebench {"
  echo "$edges" | sed 's/^\(.*\) -> \(.*\)$/  "\1" -> "\2";/'
  echo "}"
else
  echo "$edges"
fi
