#!/usr/bin/env bash
# `ask_user` as an MCP App, end to end: a web host built from the ext-apps SDK's own
# AppBridge and the MCP SDK's client (both from npm; the project's example host itself
# is not published there) runs `ask mcp`, shows the app in Debian's chromium (Playwright,
# as tests/web-e2e), and the person answers in the app frame. Everything it installs
# goes to target/app-e2e (gitignored); the screenshot of the app lands in docs/.
#
#   tests/app-e2e/run.sh [NAME...]     only the tests whose names contain NAME
#   tests/app-e2e/run.sh --bench       the timings (load to first question, click to result)
# ASK_BIN: the `ask` to run (else a debug build). The last line is `N passed, N failed`.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
cache=$root/target/app-e2e

source tests/web-e2e/setup.sh

mkdir -p "$cache"
if [[ ! -f $cache/node_modules/@modelcontextprotocol/ext-apps/package.json || ! -x $cache/node_modules/.bin/esbuild ]]; then
    [[ -f $cache/package.json ]] || echo '{"private": true}' >"$cache/package.json"
    npm install --prefix "$cache" --no-audit --no-fund --loglevel=error \
        '@modelcontextprotocol/ext-apps@2' 'esbuild@0' >/dev/null
fi
# The host's files beside node_modules (so `import` finds the packages), the page's
# script bundled for the browser.
rm -rf "$cache/host" && cp -r tests/app-e2e/host "$cache/host"
"$cache/node_modules/.bin/esbuild" "$cache/host/host.js" --bundle --format=esm \
    --outfile="$cache/host/host.bundle.js" --log-level=warning

if [[ -n ${ASK_BIN:-} ]]; then
    [[ -x $ASK_BIN ]] || { echo "ASK_BIN=$ASK_BIN is not executable" >&2; exit 1; }
else
    cargo build -q -p ask-user
    export ASK_BIN=$root/target/debug/ask
fi
export ASK_BIN APP_E2E_CACHE=$cache
export PYTHONDONTWRITEBYTECODE=1
cd tests/app-e2e
exec "$WEB_E2E_PY" app_e2e.py "$@"
