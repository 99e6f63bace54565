#!/usr/bin/env bash
# `ask validate`'s work in process against ajv's, side by side on the same 1 MiB payload
# (issue 33): ask-contract's criterion bench (`validate_1mib`: parse_params on a parsed
# Value, parse_params_str from text) and a warm in-process ajv 8 (JSON.parse + validate
# against `ask schema`'s output, median of many runs after a warm-up).
#
#   bash tests/pty-bench/validate_vs_ajv.sh [RUNS]
#
# Installs ajv into a scratch folder outside the repository (AJV_DIR, default
# ${TMPDIR:-/tmp}/ask-ajv-bench; idempotent), runs the bench (which writes the payload
# to target/tmp/validate_1mib.json), then ajv. ASK_BIN picks the binary for `ask schema`
# (target/release/ask, built when missing). Prints the load average. A measurement, not
# a test; the figures, before and after ask-contract's own text reader, are in
# ask-cli/README.md.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
AJV_DIR=${AJV_DIR:-${TMPDIR:-/tmp}/ask-ajv-bench}
AJV_VERSION=8.20.0
RUNS=${1:-300}
ASK_BIN=${ASK_BIN:-$REPO/target/release/ask}

if [ "$(node -p "try{require('$AJV_DIR/node_modules/ajv/package.json').version}catch(e){''}")" != "$AJV_VERSION" ]; then
	mkdir -p "$AJV_DIR"
	(cd "$AJV_DIR" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --no-audit --no-fund "ajv@$AJV_VERSION" >/dev/null)
fi
if [ ! -x "$ASK_BIN" ]; then
	(cd "$REPO" && cargo build --release -p ask-user)
fi
"$ASK_BIN" schema >"$AJV_DIR/schema.json"

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
(cd "$REPO" && cargo bench -p ask-contract --bench validate -- validate_1mib 2>&1 | grep -E '^validate_1mib|time:')
# Criterion's `time:` line is a mean; its median is in the estimates it writes.
for bench in parse_params parse_params_str parse_params_bytes; do
	node -e 'const e = require(process.argv[1]);
		console.log(`${process.argv[2]}: criterion median ${(e.median.point_estimate / 1e6).toFixed(2)} ms`)' \
		"$REPO/target/criterion/validate_1mib/$bench/new/estimates.json" "$bench"
done
PAYLOAD="$REPO/target/tmp/validate_1mib.json"
AJV_DIR="$AJV_DIR" node "$HERE/ajv_validate.mjs" "$AJV_DIR/schema.json" "$PAYLOAD" "$RUNS"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
