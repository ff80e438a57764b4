#!/usr/bin/env bash
# Installs the Node worker's packages from package-lock.json (npm ci), run by `mvn verify -Pbench`.
# Without Node.js >= 20 and npm it installs nothing and says so: the Node engines are then skipped with that
# reason and every other engine still runs. Writes its outcome to $1 (the bench reads it for the skip reason).
set -u
status_file=${1:-/dev/null}
# the status file is named relative to the caller's directory, not the worker's
case "$status_file" in /*) ;; *) status_file="$PWD/$status_file" ;; esac
cd "$(dirname "$0")"
say() { echo "[storebench] $*"; printf '%s\n' "$*" > "$status_file"; }

if ! command -v node >/dev/null 2>&1; then
  say "Node.js not found on the PATH: the Node engines (turso, libsql, sqlite-node) will be skipped; install Node.js >= 20 to measure them"
  exit 0
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 20 ]; then
  say "Node.js $(node --version) is too old: the Node engines need Node.js >= 20 and will be skipped"
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  say "npm not found on the PATH: cannot install the Node worker's packages; the Node engines will be skipped"
  exit 0
fi
# npm ci rebuilds better-sqlite3 from source (a minute): skip it when the same lock was installed by the same Node.
stamp="$(sha256sum package-lock.json .npmrc | sha256sum | cut -c1-16)-$(node --version)"
if [ -f node_modules/.storebench-installed ] && [ "$(cat node_modules/.storebench-installed)" = "$stamp" ]; then
  say "installed"
  exit 0
fi
# A clean clone (CI's) has no node_modules: reuse the packages this machine built for the same lock and Node, kept
# in the user's cache (like a CI cache keyed by the lock file), instead of building better-sqlite3 again.
cache="${STOREBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/storebench}/node-$(uname -m)-$stamp"
if [ -f "$cache/.storebench-installed" ] && [ "$(cat "$cache/.storebench-installed")" = "$stamp" ]; then
  rm -rf node_modules
  if cp -a "$cache" node_modules; then
    say "installed"
    echo "[storebench] the Node worker's packages copied from $cache (built there by an earlier install of the same lock)"
    exit 0
  fi
  rm -rf node_modules
fi
echo "[storebench] installing the Node worker's packages (npm ci; better-sqlite3 builds from source, about a minute)"
if npm ci --no-audit --no-fund > npm-ci.log 2>&1; then
  echo "$stamp" > node_modules/.storebench-installed
  rm -f npm-ci.log
  # the cache is a copy only: a failed copy costs the next clean clone a build, nothing else
  if mkdir -p "$(dirname "$cache")" && rm -rf "$cache.tmp" && cp -a node_modules "$cache.tmp"; then
    rm -rf "$cache" && mv "$cache.tmp" "$cache"
  else
    rm -rf "$cache.tmp"
  fi
  say "installed"
else
  tail -20 npm-ci.log
  say "npm ci failed in src/main/node (see src/main/node/npm-ci.log): the Node engines will be skipped"
fi
exit 0
