#!/usr/bin/env bash
# The browser form end to end: Debian's chromium (apt), headless, driven by Playwright
# from PyPI with that system browser (never `playwright install`), axe-core from npm.
# Everything it installs goes to target/web-e2e (gitignored). Screenshots land in
# target/web-e2e/screenshots. The last line is `N passed, N failed`.
#
#   tests/web-e2e/run.sh [NAME...]     only the tests whose names contain NAME
#   tests/web-e2e/run.sh --bench       the benchmarks instead (release binary; medians)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
cache=$root/target/web-e2e
mkdir -p "$cache"

as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }
need_apt() { # need_apt <command> <package>
    if ! command -v "$1" >/dev/null 2>&1; then
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
    fi
}
need_apt chromium chromium
need_apt tmux tmux
if [[ ! -x $cache/venv/bin/python ]] || ! "$cache/venv/bin/python" -c 'import playwright' 2>/dev/null; then
    python3 -m venv "$cache/venv"
    "$cache/venv/bin/pip" install -q --disable-pip-version-check 'playwright>=1.40,<2'
fi
if [[ ! -f $cache/node_modules/axe-core/axe.min.js ]]; then
    [[ -f $cache/package.json ]] || echo '{"private": true}' >"$cache/package.json"
    npm install --prefix "$cache" --no-audit --no-fund --loglevel=error axe-core@4 >/dev/null
fi

if [[ ${1:-} == --bench ]]; then
    cargo build -q --release -p ask-user
    export ASK_BIN=${ASK_BIN:-$root/target/release/ask}
else
    cargo build -q -p ask-user
    export ASK_BIN=${ASK_BIN:-$root/target/debug/ask}
fi
export WEB_E2E_CACHE=$cache
export CHROMIUM=${CHROMIUM:-$(command -v chromium)}
# Playwright's driver must not look for (or download) its own browsers.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Nothing written into the tree (CI checks it stays clean).
export PYTHONDONTWRITEBYTECODE=1
cd tests/web-e2e
if [[ ${1:-} == --bench ]]; then
    exec "$cache/venv/bin/python" bench.py
fi
exec "$cache/venv/bin/python" web_e2e.py "$@"
