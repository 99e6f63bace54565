#!/usr/bin/env bash
# The browser form end to end: Debian's chromium (apt), headless, driven by Playwright
# from PyPI with that system browser (never `playwright install`), axe-core from npm.
# Everything it installs goes to target/web-e2e (gitignored). Screenshots land in
# target/web-e2e/screenshots. The last line is `N passed, N failed`.
#
#   tests/web-e2e/run.sh [NAME...]     only the tests whose names contain NAME
#   tests/web-e2e/run.sh --bench       the benchmarks instead (release binary; medians)
#   tests/web-e2e/run.sh --bench first only the first question drawn, big form and small
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
cache=$root/target/web-e2e

source tests/web-e2e/setup.sh

# A given ASK_BIN (.ci/run passes its one release build) is used as it is.
if [[ -n ${ASK_BIN:-} ]]; then
    [[ -x $ASK_BIN ]] || { echo "ASK_BIN=$ASK_BIN is not executable" >&2; exit 1; }
elif [[ ${1:-} == --bench ]]; then
    cargo build -q --release -p ask-user
    export ASK_BIN=$root/target/release/ask
else
    cargo build -q -p ask-user
    export ASK_BIN=$root/target/debug/ask
fi
export ASK_BIN
# Nothing written into the tree (CI checks it stays clean).
export PYTHONDONTWRITEBYTECODE=1
cd tests/web-e2e
if [[ ${1:-} == --bench ]]; then
    exec "$cache/venv/bin/python" bench.py "${@:2}"
fi
exec "$cache/venv/bin/python" web_e2e.py "$@"
