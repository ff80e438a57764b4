#!/usr/bin/env bash
# ESLint over the Node worker (eslint.config.js: the function-length limit of the project's checkstyle.xml), run by
# `mvn verify`. ESLint is a devDependency: install.sh installs it with the rest from package-lock.json first. Without
# Node.js >= 20 and npm nothing is checked and it says so, exit 0, unless CI=true: there an unchecked worker fails.
set -u
cd "$(dirname "$0")"
status=$(mktemp)
bash install.sh "$status" | grep -v '^\[storebench\] installed$' # said only where it was not
outcome=$(cat "$status")
rm -f "$status"
if [ "$outcome" != "installed" ]; then
  echo "[storebench] the Node worker's source is not linted: $outcome"
  if [ "${CI:-}" = "true" ]; then
    exit 1
  fi
  exit 0
fi
exec node node_modules/eslint/bin/eslint.js --max-warnings 0 .
