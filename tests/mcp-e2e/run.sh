#!/usr/bin/env bash
# End-to-end tests of `ask mcp` with real MCP clients nobody here wrote: the official
# Python SDK (`mcp` on PyPI) over stdio and Streamable HTTP, @modelcontextprotocol/
# inspector-cli, and the @modelcontextprotocol/conformance server scenarios. Forms open
# in a real tmux popup; keys are typed into an attached tmux client in a PTY.
#
#   bash tests/mcp-e2e/run.sh              every scenario
#   bash tests/mcp-e2e/run.sh NAME ...     these scenarios (names: scenarios.py)
#
# Installs what it needs, idempotently: tmux with apt-get when missing, a Python venv
# in tests/mcp-e2e/.venv and npm packages in tests/mcp-e2e/.cache (both gitignored), and
# for the browser scenarios Debian's chromium and Playwright (tests/web-e2e/setup.sh).
# Uses $ASK_BIN when set, else builds the debug binary. Prints "N passed, N failed" last.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
VENV="$HERE/.venv"
CACHE="$HERE/.cache"
MCP_VERSION=2.3.0
PYTE_VERSION=0.8.2
INSPECTOR_VERSION=1.0.3
CONFORMANCE_VERSION=0.1.16 # the newest; it needs Node 22 (fs.globSync): the npm `node` package
NODE_VERSION=22            # ships that binary, installed into the same cache and used to run the runner

say() { printf '%s\n' "$*" >&2; }
die() { say "mcp-e2e: $*"; echo "0 passed, 1 failed"; exit 1; }

if ! command -v tmux >/dev/null; then
	say "mcp-e2e: installing tmux"
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux; } >&2 || die "could not install tmux"
fi

if ! "$VENV/bin/python" -c "import mcp, pyte; from importlib.metadata import version; assert version('mcp') == '$MCP_VERSION'" 2>/dev/null; then
	say "mcp-e2e: installing mcp==$MCP_VERSION and pyte==$PYTE_VERSION into $VENV"
	python3 -m venv "$VENV" >&2 || die "python3 -m venv failed"
	"$VENV/bin/pip" install -q "mcp==$MCP_VERSION" "pyte==$PYTE_VERSION" >&2 || die "pip install failed"
fi

have() { node -p "require('$CACHE/node_modules/$1/package.json').version" 2>/dev/null; }
if [ "$(have @modelcontextprotocol/inspector-cli)" != "$INSPECTOR_VERSION" ] ||
	[ "$(have @modelcontextprotocol/conformance)" != "$CONFORMANCE_VERSION" ] ||
	[ "$(have node | cut -d. -f1)" != "$NODE_VERSION" ]; then
	say "mcp-e2e: installing the inspector CLI and the conformance runner into $CACHE"
	mkdir -p "$CACHE"
	[ -f "$CACHE/package.json" ] || echo '{"name":"mcp-e2e-cache","private":true}' >"$CACHE/package.json"
	(cd "$CACHE" && npm install --no-audit --no-fund --loglevel=error \
		"@modelcontextprotocol/inspector-cli@$INSPECTOR_VERSION" \
		"@modelcontextprotocol/conformance@$CONFORMANCE_VERSION" "node@$NODE_VERSION" >&2) || die "npm install failed"
fi

# The browser scenarios drive Debian's headless chromium with tests/web-e2e's Playwright.
# shellcheck source=../web-e2e/setup.sh
source "$REPO/tests/web-e2e/setup.sh" >&2 || die "could not set up chromium and Playwright (tests/web-e2e/setup.sh)"

if [ -z "${ASK_BIN:-}" ]; then
	say "mcp-e2e: building the ask binary"
	(cd "$REPO" && cargo build -q -p ask-user >&2) || die "cargo build failed"
	ASK_BIN="$(cd "$REPO" && cargo metadata --format-version 1 --no-deps | "$VENV/bin/python" -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/debug/ask"
fi
[ -x "$ASK_BIN" ] || die "ASK_BIN=$ASK_BIN is not executable"

export ASK_BIN MCP_E2E_CACHE="$CACHE"
export PYTHONDONTWRITEBYTECODE=1
# Forms read and write their settings and drafts only under a scratch home.
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
export HOME="$SCRATCH" ASK_CONFIG="$SCRATCH/config.json"
# The forms these scenarios type into have no early-key guard: the guard drops keys for
# 600 ms after a popup's first paint and its end shows nothing a test could wait on; it
# has its own tests (tests/e2e/early_keys.rs, harness-e2e scenario 10).
printf '{"schemaVersion": 3, "behaviour": {"ignoreEarlyKeysMs": 0}}\n' >"$ASK_CONFIG"
unset TMUX TMUX_PANE
cd "$HERE" && "$VENV/bin/python" scenarios.py "$@"
