# What a browser test needs, installed once into target/web-e2e (gitignored): Debian's
# chromium and tmux (apt), Playwright from PyPI in a venv (never `playwright install`: it
# drives the system chromium), axe-core from npm. Sourced by tests/web-e2e/run.sh and by
# tests/mcp-e2e/run.sh (its browser scenarios); sets WEB_E2E_CACHE, WEB_E2E_PY, CHROMIUM.
# Returns non-zero when something could not be installed.

web_e2e_setup() {
    local root cache
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    cache=$root/target/web-e2e
    mkdir -p "$cache" || return 1
    _web_as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }
    _web_need_apt() { # _web_need_apt <command> <package>
        command -v "$1" >/dev/null 2>&1 && return 0
        _web_as_root apt-get update -qq &&
            _web_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
    }
    _web_need_apt chromium chromium || return 1
    _web_need_apt tmux tmux || return 1
    # `ss -K` cuts the page's connections (a lost connection, in the phone tests).
    _web_need_apt ss iproute2 || return 1
    if [[ ! -x $cache/venv/bin/python ]] || ! "$cache/venv/bin/python" -c 'import playwright' 2>/dev/null; then
        python3 -m venv "$cache/venv" &&
            "$cache/venv/bin/pip" install -q --disable-pip-version-check 'playwright>=1.40,<2' || return 1
    fi
    if [[ ! -f $cache/node_modules/axe-core/axe.min.js ]]; then
        [[ -f $cache/package.json ]] || echo '{"private": true}' >"$cache/package.json"
        npm install --prefix "$cache" --no-audit --no-fund --loglevel=error axe-core@4 >/dev/null || return 1
    fi
    export WEB_E2E_CACHE=$cache WEB_E2E_PY=$cache/venv/bin/python
    export CHROMIUM=${CHROMIUM:-$(command -v chromium)}
    # Playwright's driver must not look for (or download) its own browsers.
    export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
}
web_e2e_setup
