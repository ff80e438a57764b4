#!/usr/bin/env bash
# Checks report.html in a real browser: headless Chromium (Debian's `chromium`) opens it from a file:// URL with
# the network cut off, and the check fails on any console message of the page (a script error, a resource it
# tried to fetch) or when the DOM it built lacks the tables or the charts' <svg> elements. Saves a screenshot.
#
#   scripts/check-html.sh [--install] [RUN_DIR | FILE.html]
#
# RUN_DIR defaults to target/bench and holds report.html; a FILE.html (e.g. compare.html) is checked the same way.
# The screenshot lands beside the page: report.png, compare.png.
#
# Without Chromium the check is skipped (exit 0, saying why) unless --install is given, which apt-get installs it
# (quietly; the time it took is printed). Under CI=true a missing Chromium is a failure, never a skip: a CI that
# cannot open the page has not checked it.
set -euo pipefail

install=false
dir=""
for arg in "$@"; do
  case "$arg" in
    --install) install=true ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "check-html: unknown option $arg (only --install)" >&2; exit 2 ;;
    *) dir="$arg" ;;
  esac
done
dir="${dir:-target/bench}"
if [[ "$dir" == *.html ]]; then
  report="$dir"
  dir="$(dirname "$report")"
else
  report="$dir/report.html"
fi
if [[ ! -f "$report" ]]; then
  echo "check-html: no $report; render it with mvn -q compile exec:java -Dexec.mainClass=storebench.tools.Render -Dexec.args=$dir" >&2
  exit 1
fi

chromium="$(command -v chromium || true)"
if [[ -z "$chromium" ]]; then
  if [[ "$install" != true ]]; then
    if [[ "${CI:-}" == true ]]; then
      echo "check-html: Chromium is not installed (no chromium on the PATH) and CI=true: the page cannot be checked;" \
        "run with --install (apt-get install chromium)" >&2
      exit 1
    fi
    echo "check-html: skipped: Chromium is not installed (no chromium on the PATH); run with --install to apt-get install it"
    exit 0
  fi
  started=$SECONDS
  apt_log="$(mktemp)"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >"$apt_log" 2>&1; then
    echo "check-html: apt-get install chromium failed (it needs root and Debian's package sources):" >&2
    tail -20 "$apt_log" >&2
    exit 1
  fi
  rm -f "$apt_log"
  chromium="$(command -v chromium)"
  echo "check-html: installed Debian's chromium in $((SECONDS - started)) s"
fi

profile="$(mktemp -d)"
log="$(mktemp)"
dom="$(mktemp)"
trap 'rm -rf "$profile" "$log" "$dom"' EXIT
url="file://$(cd "$(dirname "$report")" && pwd)/$(basename "$report")"
screenshot="$(cd "$dir" && pwd)/$(basename "$report" .html).png"
# No network at all: whatever the page tried to fetch fails, and the net log below lists it.
flags=(--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update
  --disable-sync --no-first-run --disable-quic --host-resolver-rules="MAP * ~NOTFOUND")

timeout 120 "$chromium" "${flags[@]}" --user-data-dir="$profile/dom" --enable-logging=stderr --v=0 \
  --log-net-log="$profile/netlog.json" --dump-dom "$url" >"$dom" 2>"$log" || { echo "check-html: Chromium failed to load $url:" >&2; tail -5 "$log" >&2; exit 1; }
timeout 120 "$chromium" "${flags[@]}" --user-data-dir="$profile/shot" --hide-scrollbars \
  --screenshot="$screenshot" --window-size=1400,4000 "$url" >>"$log" 2>&1 || { echo "check-html: Chromium failed to take the screenshot:" >&2; tail -5 "$log" >&2; exit 1; }

problems=0
if grep -E 'CONSOLE|Uncaught|Failed to load resource|net::ERR_' "$log" >/dev/null; then
  echo "check-html: the page logged errors:" >&2
  grep -E 'CONSOLE|Uncaught|Failed to load resource|net::ERR_' "$log" | head -20 >&2
  problems=1
fi
# Chromium's own service requests (updates, accounts, time) are refused by the resolver rule; anything else the
# page asked for is a resource it would fetch when opened.
fetched="$(grep -o '"url":"\(https\{0,1\}\|wss\{0,1\}\|ftp\)://[^"]*"' "$profile/netlog.json" | sed 's/^"url":"//; s/"$//' |
  grep -Ev '^https?://([a-z0-9-]+\.)*(google\.com|googleapis\.com|gstatic\.com|gvt1\.com)(/|:|$)' | sort -u || true)"
if [[ -n "$fetched" ]]; then
  echo "check-html: the page requested resources from the network:" >&2
  echo "$fetched" | head -20 >&2
  problems=1
fi
if grep -Eo '(src|href)=["'"'"']?(https?:)?//[^"'"'"' >]*|url\((["'"'"'])?(https?:)?//[^)]*|@import' "$report" | head -5 | grep . >&2; then
  echo "check-html: $report references the resources above (it must be self-contained)" >&2
  problems=1
fi
occurrences() { { grep -o "$1" "$2" || true; } | wc -l; }
expected_svgs="$(occurrences '<figure class="chart"' "$report")"
svgs="$(occurrences '<svg' "$dom")"
tables="$(occurrences '<table class="stats' "$dom")"
if [[ "$(basename "$report")" == report.html && "$expected_svgs" -eq 0 ]]; then
  echo "check-html: $report has no charts" >&2
  problems=1
fi
if [[ "$svgs" -lt "$expected_svgs" ]]; then
  echo "check-html: the browser's DOM has $svgs <svg> elements, the report has $expected_svgs charts" >&2
  problems=1
fi
if [[ "$tables" -eq 0 ]]; then
  echo "check-html: the browser's DOM has no statistics table" >&2
  problems=1
fi
if [[ ! -s "$screenshot" ]]; then
  echo "check-html: no screenshot at $screenshot" >&2
  problems=1
fi
if [[ "$problems" -ne 0 ]]; then
  exit 1
fi
echo "check-html: $report loads in $("$chromium" --version 2>/dev/null | head -1) with no console errors;" \
  "$svgs charts, $tables statistics tables; screenshot $screenshot"
