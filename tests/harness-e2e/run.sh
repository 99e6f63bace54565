#!/usr/bin/env bash
# End-to-end tests of `ask mcp` inside a real coding harness: Claude Code, installed from
# npm, talks to a scripted Anthropic Messages endpoint on loopback (anthropic_stub.py) and
# calls the `ask_user` tool of the `ask mcp` server; the form opens in a tmux popup over
# Claude Code's screen, keys go in with tmux send-keys, and the next model request must
# carry the answer.
#
#   bash tests/harness-e2e/run.sh           run all scenarios
#   bash tests/harness-e2e/run.sh 1 3       run scenarios 1 and 3
#
# Builds the ask binary (`cargo build -p ask-user`, or takes ASK_BIN; without `ask mcp` in
# it only scenario 0 runs, saying why), installs @anthropic-ai/claude-code into
# tests/harness-e2e/.cache (gitignored, idempotent; PyYAML there too when missing), tmux
# with apt-get when missing, kitty and xvfb for scenario 5, then runs each scenario with
# its own HOME, CLAUDE_CONFIG_DIR, stub and tmux servers, so nothing touches the user's
# own config. ASK_E2E_TIMEOUT (60 s) bounds each wait, ASK_E2E_KEEP=1 keeps the scenario
# folders, ASK_E2E_VERBOSE=1 prints how long each wait took. See NOTES.md for what
# Claude Code needs to run offline. Prints "N passed, N failed" last.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
CACHE="$HERE/.cache"
CLAUDE_VERSION=2.1.332
PYYAML_VERSION=6.0.3
CLAUDE="$CACHE/node_modules/.bin/claude"
TIMEOUT=${ASK_E2E_TIMEOUT:-60}
KEEP=${ASK_E2E_KEEP:-0}
# The key the stub accepts (any string works; Claude Code only sends it to the stub).
TOKEN=sk-ant-harness-e2e-0123456789abcdef

say() { printf '%s\n' "$*" >&2; }
die() { say "harness-e2e: $*"; echo "0 passed, 1 failed"; exit 1; }

# --- setup ------------------------------------------------------------------
install_claude() {
	local have
	have=$(node -p "require('$CACHE/node_modules/@anthropic-ai/claude-code/package.json').version" 2>/dev/null || true)
	[ "$have" = "$CLAUDE_VERSION" ] && [ -x "$CLAUDE" ] && return 0
	say "harness-e2e: installing @anthropic-ai/claude-code@$CLAUDE_VERSION into $CACHE"
	mkdir -p "$CACHE"
	[ -f "$CACHE/package.json" ] || echo '{"name":"harness-e2e-cache","private":true}' >"$CACHE/package.json"
	(cd "$CACHE" && npm install --no-audit --no-fund --loglevel=error \
		"@anthropic-ai/claude-code@$CLAUDE_VERSION" >&2) || die "npm install of Claude Code failed"
	"$CLAUDE" --version >/dev/null 2>&1 || die "the installed claude does not start"
}

# PyYAML for docs/harnesses.md's YAML block (scenario 0), into the cache, not the system.
install_pyyaml() {
	PYTHONPATH="$CACHE/py${PYTHONPATH:+:$PYTHONPATH}" python3 -c 'import yaml' 2>/dev/null && return 0
	say "harness-e2e: installing PyYAML $PYYAML_VERSION into $CACHE/py"
	python3 -m pip install --quiet --disable-pip-version-check --target "$CACHE/py" \
		"pyyaml==$PYYAML_VERSION" >&2 || die "pip install of PyYAML failed"
}

install_tmux() {
	command -v tmux >/dev/null && return 0
	say "harness-e2e: installing tmux"
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux; } >&2 || die "could not install tmux"
}

build_ask() {
	if [ -n "${ASK_BIN:-}" ]; then
		[ -x "$ASK_BIN" ] || die "ASK_BIN=$ASK_BIN is not executable"
		return 0
	fi
	say "harness-e2e: building the ask binary (cargo build -p ask-user)"
	(cd "$REPO" && cargo build -q -p ask-user >&2) || die "cargo build -p ask-user failed"
	ASK_BIN="$REPO/target/debug/ask"
}

SELECTED=("$@")
command -v node >/dev/null || die "node is required"
command -v python3 >/dev/null || die "python3 is required"
install_pyyaml
export PYTHONPATH="$CACHE/py${PYTHONPATH:+:$PYTHONPATH}"

# Scenario 0 (docs/harnesses.md's config blocks) needs neither Claude Code nor the binary.
needs_harness() {
	local n
	[ ${#SELECTED[@]} -eq 0 ] && return 0
	for n in "${SELECTED[@]}"; do [ "$n" != 0 ] && return 0; done
	return 1
}
if needs_harness; then
	build_ask
	export ASK_BIN
	# Until the binary has the `mcp` subcommand there is nothing to drive: say so and
	# run only the scenarios that do not need it.
	if "$ASK_BIN" mcp --help >/dev/null 2>&1; then
		install_tmux
		install_claude
	else
		say "harness-e2e: skipped the Claude Code scenarios: $ASK_BIN has no \`mcp\` subcommand yet"
		SELECTED=(0)
	fi
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ask-harness-e2e.XXXXXX")
# Two tmux servers per run: the inner one runs Claude Code (and gets the popup), the
# outer one is the person's terminal: its pane runs `tmux attach` to the inner session,
# so the inner server has a client to draw the popup on. The outer pane is what the
# person sees (popup included) and where their keys go in.
INNER="ask-harness-in-$$"
OUTER="ask-harness-out-$$"
printf 'set -g status off\nset -g focus-events on\nset -g extended-keys on\nset -g history-limit 5000\n' >"$WORK/inner.conf"
printf 'set -g status off\n' >"$WORK/outer.conf"
tin() { tmux -L "$INNER" -f "$WORK/inner.conf" "$@"; }
tout() { tmux -L "$OUTER" -f "$WORK/outer.conf" "$@"; }
STUB_PID=""
CLAUDE_PANE=""
stop_stub() {
	[ -n "$STUB_PID" ] && kill "$STUB_PID" 2>/dev/null && wait "$STUB_PID" 2>/dev/null
	STUB_PID=""
}
cleanup() {
	stop_stub
	stop_kitty
	tout kill-server >/dev/null 2>&1 || true
	tin kill-server >/dev/null 2>&1 || true
	if [ "$KEEP" = 1 ]; then say "harness-e2e: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# --- helpers ----------------------------------------------------------------
# new_scenario NAME SCRIPT_JSON: a fresh HOME, Claude Code config dir and project, the
# stub started on the script. Sets S, LOG and PORT.
new_scenario() {
	S="$WORK/$1"
	mkdir -p "$S/project" "$S/home" "$S/config"
	printf '%s\n' "$2" >"$S/script.json"
	LOG="$S/requests.jsonl"
	: >"$LOG"
	python3 "$HERE/anthropic_stub.py" --script "$S/script.json" --log "$LOG" --port-file "$S/port" \
		--token "$TOKEN" --tool mcp__ask__ask_user --max-seconds $((TIMEOUT * 4)) 2>"$S/stub.stderr" &
	STUB_PID=$!
	wait_for "the stub's port" test -s "$S/port" || return 1
	PORT=$(cat "$S/port")
	write_claude_config
}

# What a person has after onboarding, trusting the project folder and approving the
# API key once, so Claude Code opens straight on its prompt; the permission rule is the
# one docs/harnesses.md gives (no prompt before each ask_user call).
write_claude_config() {
	python3 - "$S" "$TOKEN" <<-'EOF'
		import json, sys
		s, token = sys.argv[1], sys.argv[2]
		state = {
		    "hasCompletedOnboarding": True,
		    "theme": "dark",
		    "customApiKeyResponses": {"approved": [token[-20:]], "rejected": []},
		    "projects": {s + "/project": {"hasTrustDialogAccepted": True,
		                                  "hasCompletedProjectOnboarding": True}},
		}
		json.dump(state, open(s + "/config/.claude.json", "w"), indent=2)
		json.dump({"permissions": {"allow": ["mcp__ask__ask_user"]}},
		          open(s + "/config/settings.json", "w"), indent=2)
	EOF
}

# claude_env: the scenario's isolated, offline environment, as `env` arguments: built
# from nothing (`env -i`), so no API key, model or Claude Code setting of the caller's
# leaks in.
claude_env() {
	CLAUDE_ENV=(env -i PATH="$PATH" LANG=C.UTF-8 USER="${USER:-root}" ${TMPDIR:+TMPDIR="$TMPDIR"}
		HOME="$S/home" CLAUDE_CONFIG_DIR="$S/config"
		XDG_CONFIG_HOME="$S/home/.config" XDG_STATE_HOME="$S/home/.local/state"
		XDG_DATA_HOME="$S/home/.local/share" XDG_CACHE_HOME="$S/home/.cache"
		ANTHROPIC_BASE_URL="http://127.0.0.1:$PORT" ANTHROPIC_API_KEY="$TOKEN"
		DISABLE_TELEMETRY=1 DISABLE_ERROR_REPORTING=1 DISABLE_AUTOUPDATER=1
		CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 ENABLE_TOOL_SEARCH=false
		TERM=xterm-256color ${CLAUDE_EXTRA_ENV[@]+"${CLAUDE_EXTRA_ENV[@]}"})
}

# register_ask ARGS...: docs/harnesses.md's `claude mcp add` line, in the scenario's config,
# with one addition: `ask mcp` runs behind mcp_relay.py, a byte-for-byte stdio relay that
# marks when Claude Code was given the tool list (see start_claude).
register_ask() {
	claude_env
	(cd "$S/project" && "${CLAUDE_ENV[@]}" "$CLAUDE" mcp add --scope user ask -- \
		python3 "$HERE/mcp_relay.py" "$S/tools-listed" "$ASK_BIN" mcp "$@") \
		>"$S/mcp-add.out" 2>&1 || { say "  claude mcp add failed: $(cat "$S/mcp-add.out")"; return 1; }
}

# start_claude: Claude Code in a 120x40 inner tmux session, shown through the outer one.
start_claude() {
	claude_env
	# exec: the pane's process is Claude Code itself; tmux's TMUX and TMUX_PANE pass on
	# to it (and so to the ask server it starts).
	# Outside tmux (NO_TMUX=1): the tmux session is only the test's terminal, and Claude
	# Code (so `ask mcp`) gets neither TMUX nor TMUX_PANE, as for a person in a plain terminal.
	local tmux_env='TMUX="$TMUX" TMUX_PANE="$TMUX_PANE"'
	[ "${NO_TMUX:-0}" = 1 ] && tmux_env=''
	cat >"$S/launch.sh" <<-EOF
		cd $(printf %q "$S/project")
		exec $(printf '%q ' "${CLAUDE_ENV[@]}") $tmux_env \\
			$(printf %q "$CLAUDE") --debug-file $(printf %q "$S/claude-debug.log") 2>$(printf %q "$S/claude.stderr")
	EOF
	# The inner server starts in the scenario's environment too: what it runs (popups,
	# windows) inherits the scenario's HOME, never the user's.
	"${CLAUDE_ENV[@]}" tmux -L "$INNER" -f "$WORK/inner.conf" new-session -d -s cc -x 120 -y 40 \
		"bash $(printf %q "$S/launch.sh")"
	# Claude Code's pane stays when it exits (wait_for reports that), no other pane does.
	CLAUDE_PANE=$(tin display-message -p -t cc '#{pane_id}')
	tin set-option -p -t "$CLAUDE_PANE" remain-on-exit on
	tout new-session -d -s view -x 120 -y 40 "env -u TMUX tmux -L $INNER attach -t cc"
	# The prompt goes in once Claude Code has the ask server's tool list: it connects MCP
	# servers in the background and lists their tools after the connection is established,
	# and a prompt sent before that reaches the model without the tool (seen in CI: the
	# model's one request had no ask_user, and the scenario waited for a form in vain).
	wait_for "Claude Code to connect the ask server" \
		grep -qF 'MCP server "ask": Connection established' "$S/claude-debug.log" || return 1
	wait_for "Claude Code to be given the ask server's tools" test -e "$S/tools-listed" || return 1
	wait_screen "Claude Code's prompt" "❯" || return 1
}

# scenario_pids: processes started for this scenario (Claude Code, ask, popups), found
# through /proc by the scenario's HOME in their environment (no procps needed).
scenario_pids() {
	local p
	for p in /proc/[0-9]*; do
		tr '\0' '\n' <"$p/environ" 2>/dev/null | grep -qxF "HOME=$S/home" && basename "$p"
	done
	return 0
}
no_scenario_pids() { [ -z "$(scenario_pids)" ]; }

screen() { tout capture-pane -p -t view 2>/dev/null; }
keys() { tout send-keys -t view "$@"; }
# prompt TEXT: type TEXT into Claude Code's prompt and submit it.
prompt() {
	keys -l "$1"
	sleep 0.5
	keys Enter
}

# wait_for WHAT CHECK...: poll CHECK until it succeeds or TIMEOUT seconds pass.
wait_for() {
	local what=$1 deadline=$((SECONDS + TIMEOUT))
	shift
	until "$@" 2>/dev/null; do
		if [ -n "$CLAUDE_PANE" ] && [ "$(tin display-message -p -t "$CLAUDE_PANE" '#{pane_dead}' 2>/dev/null)" = 1 ]; then
			say "  Claude Code exited while waiting for $what"
			return 1
		fi
		if [ $SECONDS -ge $deadline ]; then
			say "  timed out waiting for $what"
			return 1
		fi
		sleep 0.3
	done
	[ "${ASK_E2E_VERBOSE:-0}" = 1 ] && say "  waited $((SECONDS + TIMEOUT - deadline))s for $what"
	return 0
}
screen_has() { screen | grep -qF -- "$1"; }
# pane_has TEXT: Claude Code's own pane (under any popup, beside any window or pane the
# form opened) shows TEXT.
pane_has() { tin capture-pane -p -t "$CLAUDE_PANE" 2>/dev/null | grep -qF -- "$1"; }
screen_lacks() { ! screen_has "$1"; }
wait_screen() { wait_for "$1 on screen" screen_has "$2"; }
# settle: after a form shows, wait as a person would before typing: a form `ask mcp` opens
# in a terminal drops keys that arrive within 600 ms of its first paint (the hand-off guard,
# `ask run --early-keys-ms`), and the end of that window shows nothing to wait on.
settle() { sleep 1; }
main_requests() {
	local n
	n=$(grep -c '"kind": "main"' "$LOG" 2>/dev/null) || true
	echo "${n:-0}"
}
main_at_least() { [ "$(main_requests)" -ge "$1" ]; }
wait_main() { wait_for "$1 main-loop model request(s)" main_at_least "$1"; }
# wait_answered: the ask_user call's result reached the model: as the tool result, or,
# when Claude Code ran the call as a background task (the server declared it an MCP
# task, or it ran past 120 s), as the task notification of a later request.
wait_answered() { wait_for "the answer to reach the model" check 1 answered; }
windows_are() { [ "$(tin list-windows -t cc 2>/dev/null | wc -l)" -eq "$1" ]; }
panes_are() { [ "$(tin list-panes -s -t cc 2>/dev/null | wc -l)" -eq "$1" ]; }
check() { python3 "$HERE/check.py" "$LOG" "$@"; }
# expect_details ANSWERS_JSON: what `ask run --answers` gives for DB_PAYLOAD and ANSWERS_JSON,
# into $S/expected.json.
expect_details() {
	printf '%s' "$DB_PAYLOAD" >"$S/payload.json"
	printf '%s' "$1" >"$S/answers.json"
	"$ASK_BIN" run --input "$S/payload.json" --answers "$S/answers.json" --output "$S/expected.json" ||
		{ say "  ask run --answers failed"; return 1; }
}
# host_form_has TEXT: Claude Code's own form (its MCP input dialog) shows TEXT.
HOST_FORM='MCP server “ask” requests your input'
host_form_has() { screen | sed -n "/$HOST_FORM/,\$p" | grep -qF -- "$1"; }
wait_host_form() { wait_for "$1 in Claude Code's form" host_form_has "$2"; }
# wait_host_round: Claude Code 2.1.332 draws its form, then redraws the screen once more to
# add the call's progress line (`⎿  Fulfilling input required by 'tools/call' (round 1)`)
# above it; keys go in once that line shows.
wait_host_round() { wait_screen "the round's progress line" "Fulfilling input required by 'tools/call'"; }
# press_button BUTTON: Enter on BUTTON ("❯ Accept", "❯ Decline"), once Claude Code has
# drawn its screen again after the cursor reached it (the running call's elapsed time
# ticks every second). An Enter sent as soon as "❯ Accept" first shows can be lost on a
# loaded machine (seen: the dialog left open, no retry sent): the newly focused button
# takes keys only after the render that shows it has settled, which the next redraw proves.
press_button() {
	local shown
	shown=$(screen)
	wait_for "Claude Code to redraw with $1 under the cursor" redrawn_on "$shown" "$1" || return 1
	keys Enter
}
redrawn_on() {
	local now
	now=$(screen)
	[ "$now" != "$1" ] && printf '%s\n' "$now" | sed -n "/$HOST_FORM/,\$p" | grep -qF -- "$2"
}

dump() {
	say "  --- screen ---"
	screen | sed -e 's/^/  | /' >&2 || true
	[ -s "$S/claude.stderr" ] && { say "  --- claude stderr ---"; tail -20 "$S/claude.stderr" | sed -e 's/^/  | /' >&2; }
	[ -s "$S/claude-debug.log" ] && { say "  --- claude debug log (MCP lines) ---"; grep -i mcp "$S/claude-debug.log" | tail -15 | sed -e 's/^/  | /' >&2; }
	[ -s "$S/stub.stderr" ] && { say "  --- stub stderr ---"; tail -10 "$S/stub.stderr" | sed -e 's/^/  | /' >&2; }
	say "  --- model requests: $(wc -l <"$LOG" 2>/dev/null) ($(main_requests) main loop) ---"
	# What the model got last (the tool result, when there was one).
	python3 -c 'import json,sys
main=[json.loads(l) for l in open(sys.argv[1]) if "\"kind\": \"main\"" in l]
print(json.dumps(main[-1]["body"]["messages"][-1])[:800] if main else "(none)")' "$LOG" 2>/dev/null |
		sed -e 's/^/  | /' >&2 || true
}

# close_terminal: the person closes the terminal (tmux hangs up on Claude Code); every
# process of the scenario must be gone within TIMEOUT.
close_terminal() {
	tout kill-server >/dev/null 2>&1 || true
	tin kill-server >/dev/null 2>&1 || true
	wait_for "Claude Code and ask to exit after the hang-up" no_scenario_pids
}

end_scenario() {
	CLAUDE_PANE=""
	stop_kitty
	close_terminal || {
		say "  left running: $(scenario_pids | tr '\n' ' ')"
		scenario_pids | xargs -r kill -9 2>/dev/null
	}
	stop_stub
}

# --- payloads ---------------------------------------------------------------
DB_PAYLOAD='{"questions":[{"id":"db","label":"Database","prompt":"Which database should the service use?","options":[{"value":"postgres","label":"Postgres","description":"Server, concurrent writes"},{"value":"sqlite","label":"SQLite","description":"Embedded file"}]}]}'
call() { printf '{"tool_use":{"name":"mcp__ask__ask_user","input":%s}}' "$1"; }

# --- scenarios --------------------------------------------------------------
# 0. docs/harnesses.md's "Use it from your agent" config blocks parse as the JSON, TOML or
#    YAML they claim to be, and each registers `ask mcp`.
scenario_0() {
	python3 "$HERE/check_readme.py" "$REPO/docs/harnesses.md"
}

# 1. The model calls ask_user; the form opens in a popup over Claude Code's screen; keys
#    answer it; the next model request carries the answer; Claude Code's screen is back.
scenario_1() {
	new_scenario s1 "[$(call "$DB_PAYLOAD"), {\"text\": \"Noted, SQLite it is.\"}, {\"text\": \"Noted, SQLite it is.\"}]" || return 1
	register_ask || return 1
	start_claude || return 1
	prompt "Set up storage for the service"
	wait_screen "the form" "Which database should the service use?" || return 1
	# A popup over Claude Code's screen: the person sees Claude Code around the form, and
	# Claude Code's own pane holds its conversation, not the form (nothing drew on it).
	screen_has "Claude Code v$CLAUDE_VERSION" || { say "  Claude Code's screen is not around the form"; return 1; }
	pane_has "Set up storage for the service" || { say "  Claude Code's pane lost its conversation"; return 1; }
	! pane_has "Which database should the service use?" || { say "  the form drew on Claude Code's pane"; return 1; }
	# Claude Code 2.1.332 declares its own form (MCP 2026-07-28) too: inside tmux the popup wins.
	! screen_has "$HOST_FORM" || { say "  Claude Code's own form opened beside the popup"; return 1; }
	settle
	keys 2
	sleep 0.5
	keys Enter
	wait_answered || return 1
	# The model reads exactly the text `ask run` gives for the same choice.
	printf '%s' "$DB_PAYLOAD" >"$S/payload.json"
	echo '{"mode": "submit", "answers": {"db": {"values": ["sqlite"]}}}' >"$S/answers.json"
	"$ASK_BIN" run --input "$S/payload.json" --answers "$S/answers.json" --output "$S/expected.json" ||
		{ say "  ask run --answers failed"; return 1; }
	check 0 tool-offered mcp__ask__ask_user && check 1 tool-result "SQLite" &&
		check 1 tool-same "$S/expected.json" || return 1
	wait_screen "the model's reply" "Noted, SQLite it is." || return 1
	wait_for "the popup to close" screen_lacks "Which database should the service use?" || return 1
	# The terminal goes away: Claude Code, the ask server and any popup exit with it.
	close_terminal
}

# 2. Escape in the popup cancels: an ordinary (not error) result that says so reaches the model.
scenario_2() {
	new_scenario s2 "[$(call "$DB_PAYLOAD"), {\"text\": \"Understood, I will not ask again.\"}, {\"text\": \"Understood, I will not ask again.\"}]" || return 1
	register_ask || return 1
	start_claude || return 1
	prompt "Set up storage for the service"
	wait_screen "the form" "Which database should the service use?" || return 1
	settle
	keys Escape
	wait_answered || return 1
	check 1 tool-cancelled || return 1
	wait_screen "the model's reply" "Understood, I will not ask again." || return 1
}

# 3. An invalid payload comes back as a tool error with the issues, and no form opens.
scenario_3() {
	local bad='{"questions":[{"id":"db","prompt":"Which database?","options":[]},{"id":"db","prompt":" ","options":[]}]}'
	new_scenario s3 "[$(call "$bad"), {\"text\": \"I will fix the payload.\"}]" || return 1
	register_ask || return 1
	start_claude || return 1
	prompt "Set up storage for the service"
	# No keys are sent: if a form opened, the call would wait and this would time out.
	wait_main 2 || return 1
	check 1 tool-error "Invalid ask_user payload:" || return 1
	wait_screen "the model's reply" "I will fix the payload." || return 1
}

# tmux_recipe NAME COUNT: the launcher recipe NAME of docs/mcp-launchers.md, word for word
# (it is data to `ask mcp --ui launch --launch CMD`), opens the form in a new tmux window
# or pane, not a popup (COUNT counts them: windows_are or panes_are); the answer reaches
# the model; the form's window or pane closes and Claude Code is on screen again.
tmux_recipe() {
	local name=$1 count=$2 recipe
	new_scenario "s-$name" "[$(call "$DB_PAYLOAD"), {\"text\": \"Noted, Postgres it is.\"}, {\"text\": \"Noted, Postgres it is.\"}]" || return 1
	recipe=$(python3 "$HERE/check_readme.py" --recipe "$REPO/docs/mcp-launchers.md" "$name") ||
		{ say "  no $name recipe in docs/mcp-launchers.md"; return 1; }
	register_ask --ui launch --launch "$recipe" || return 1
	start_claude || return 1
	prompt "Set up storage for the service"
	wait_for "the form's own tmux $count" "$count" 2 || return 1
	# The new window or pane has the focus: the person's keys go to the form.
	wait_screen "the form" "Which database should the service use?" || return 1
	! pane_has "Which database should the service use?" || { say "  the form drew on Claude Code's pane"; return 1; }
	settle
	keys 1
	sleep 0.5
	keys Enter
	wait_answered || return 1
	check 1 tool-result "Postgres" || return 1
	wait_for "the form's tmux $count to close" "$count" 1 || return 1
	wait_screen "the model's reply" "Noted, Postgres it is." || return 1
}

# 4. The tmux new-window recipe.
scenario_4() { tmux_recipe tmux-window windows_are; }
# 6. The tmux split-window recipe.
scenario_6() { tmux_recipe tmux-split panes_are; }

# 7. Outside tmux (no TMUX, no launcher, no desktop), Claude Code 2.1.332 (MCP 2026-07-28)
#    gets `input_required` and shows its own form; keys typed into that form (open the
#    choice, pick SQLite, Accept) reach the model as `ask run --answers` gives them, with
#    answeredVia "host".
scenario_7() {
	new_scenario s7 "[$(call "$DB_PAYLOAD"), {\"text\": \"Noted, SQLite it is.\"}, {\"text\": \"Noted, SQLite it is.\"}]" || return 1
	register_ask || return 1
	NO_TMUX=1 start_claude || return 1
	prompt "Set up storage for the service"
	wait_host_form "the question" "Database: ▸ not set" || return 1
	wait_host_round || return 1
	# One field per question and the note; nothing chosen for the person.
	host_form_has "Note for the agent (optional)" || { say "  no note field"; return 1; }
	[ "$(tin list-windows -t cc | wc -l)" -eq 1 ] && [ "$(tin list-panes -s -t cc | wc -l)" -eq 1 ] ||
		{ say "  a tmux window or pane opened outside tmux"; return 1; }
	keys Right
	wait_host_form "the choices" "◯ SQLite" || return 1
	keys Down
	wait_host_form "SQLite under the cursor" "❯ ◯ SQLite" || return 1
	keys Enter
	wait_host_form "the choice" "✔ Database: SQLite" || return 1
	keys Down
	wait_host_form "Accept under the cursor" "❯ Accept" || return 1
	press_button "❯ Accept" || return 1
	wait_answered || return 1
	expect_details '{"mode": "submit", "answers": {"db": {"values": ["sqlite"]}}}' || return 1
	check 1 tool-same "$S/expected.json" host && check 1 tool-outcome submitted || return 1
	wait_screen "the model's reply" "Noted, SQLite it is." || return 1
}

# 8. Outside tmux, the person answers nothing and writes only the note: the model gets
#    an elaborate result with the note on the question, and no answer nobody chose.
scenario_8() {
	new_scenario s8 "[$(call "$DB_PAYLOAD"), {\"text\": \"Postgres takes concurrent writes; SQLite is one file.\"}, {\"text\": \"Postgres takes concurrent writes; SQLite is one file.\"}]" || return 1
	register_ask || return 1
	NO_TMUX=1 start_claude || return 1
	prompt "Set up storage for the service"
	wait_host_form "the question" "Database: ▸ not set" || return 1
	wait_host_round || return 1
	keys Down
	wait_host_form "the note field" "Type something" || return 1
	keys -l "which one scales?"
	wait_host_form "the note" "which one scales?" || return 1
	keys Down
	wait_host_form "Accept under the cursor" "❯ Accept" || return 1
	press_button "❯ Accept" || return 1
	wait_answered || return 1
	expect_details '{"mode": "elaborate", "answers": {"db": {"note": "which one scales?"}}}' || return 1
	check 1 tool-same "$S/expected.json" host && check 1 tool-outcome elaborate || return 1
	wait_screen "the model's reply" "SQLite is one file." || return 1
}

# 9. Outside tmux, Decline in Claude Code's form: the cancelled result, which says so in
#    details alone (outcome "cancelled"), not an error.
scenario_9() {
	new_scenario s9 "[$(call "$DB_PAYLOAD"), {\"text\": \"Understood, I will not ask again.\"}, {\"text\": \"Understood, I will not ask again.\"}]" || return 1
	register_ask || return 1
	NO_TMUX=1 start_claude || return 1
	prompt "Set up storage for the service"
	wait_host_form "the question" "Database: ▸ not set" || return 1
	wait_host_round || return 1
	keys Down
	wait_host_form "the note field" "Type something" || return 1
	keys Down
	wait_host_form "Accept under the cursor" "❯ Accept" || return 1
	keys Down
	wait_host_form "Decline under the cursor" "❯ Decline" || return 1
	press_button "❯ Decline" || return 1
	wait_answered || return 1
	check 1 tool-cancelled && check 1 tool-outcome cancelled || return 1
	wait_screen "the model's reply" "Understood, I will not ask again." || return 1
}

# 10. The hand-off guard: keys typed right as the popup opens (meant for Claude Code's own
#     prompt a moment before) are dropped and the form says so; it answers only what the
#     person types after.
scenario_10() {
	new_scenario s10 "[$(call "$DB_PAYLOAD"), {\"text\": \"Noted, Postgres it is.\"}, {\"text\": \"Noted, Postgres it is.\"}]" || return 1
	register_ask || return 1
	start_claude || return 1
	prompt "Set up storage for the service"
	wait_for "the popup" screen_has "Which database should the service use?" || return 1
	keys 2 Enter
	wait_screen "the dropped-keys notice" "Keys typed before the form opened were ignored." || return 1
	! check 1 answered 2>/dev/null || { say "  the early keys answered the form"; return 1; }
	settle
	keys 1
	sleep 0.5
	keys Enter
	wait_answered || return 1
	expect_details '{"mode": "submit", "answers": {"db": {"values": ["postgres"]}}}' || return 1
	check 1 tool-same "$S/expected.json" || return 1
	wait_screen "the model's reply" "Noted, Postgres it is." || return 1
}

# 11. A long ask with Claude Code's defaults: a popup left open past 120 s is moved to
#     the background by Claude Code (the model is told it keeps running and ends its
#     turn); the answer given after that still reaches the model, as a task notification
#     whose result is the details `ask run --answers` gives.
scenario_11() {
	new_scenario s11 "[$(call "$DB_PAYLOAD"), {\"text\": \"I will wait for your answer.\"}, {\"text\": \"Noted, SQLite it is.\"}]" || return 1
	register_ask || return 1
	start_claude || return 1
	prompt "Set up storage for the service"
	wait_screen "the form" "Which database should the service use?" || return 1
	# Claude Code's own clock: 120 s, then the call is a background task and the model
	# gets its turn back (the popup stays open).
	TIMEOUT=$((TIMEOUT + 150)) wait_main 2 || return 1
	check 1 tool-result "moved to the background" || return 1
	screen_has "Which database should the service use?" || { say "  the popup closed when the call moved to the background"; return 1; }
	keys 2
	sleep 0.5
	keys Enter
	wait_main 3 || return 1
	expect_details '{"mode": "submit", "answers": {"db": {"values": ["sqlite"]}}}' || return 1
	check 2 task-same "$S/expected.json" || return 1
	wait_screen "the model's reply" "Noted, SQLite it is." || return 1
}

# 5. The kitty overlay recipe, in kitty under Xvfb: kitty.sh.
# shellcheck source=kitty.sh
source "$HERE/kitty.sh"

NAMES=(
	"docs/harnesses.md: the agent config blocks parse (JSON, TOML, YAML) and register ask mcp"
	"Claude Code: ask_user opens a tmux popup over its screen; the answer reaches the model"
	"Claude Code: Escape cancels; the model gets the cancelled result, not an error"
	"Claude Code: an invalid payload is a tool error with the issues; no form opens"
	"Claude Code: the tmux new-window launcher recipe opens the form; the answer reaches the model"
	"Claude Code in kitty: the kitty overlay launcher recipe opens the form over it; the answer reaches the model"
	"Claude Code: the tmux split-window launcher recipe opens the form in a pane; the answer reaches the model"
	"Claude Code outside tmux: its own form (MCP 2026-07-28 input_required); the keys' answer reaches the model"
	"Claude Code outside tmux: only the note in its own form gives elaborate, nothing chosen for the person"
	"Claude Code outside tmux: Decline in its own form gives the cancelled result (outcome cancelled)"
	"Claude Code: keys typed as the popup opens are dropped (the hand-off guard); later keys answer"
	"Claude Code: a popup answered after Claude Code moved the call to the background (120 s) still reaches the model"
)
[ ${#SELECTED[@]} -eq 0 ] && SELECTED=(0 1 2 3 4 5 6 7 8 9 10 11)

passed=0
failed=0
for n in "${SELECTED[@]}"; do
	start=$SECONDS
	S="$WORK/none"
	LOG="$WORK/none.jsonl"
	if "scenario_$n"; then
		passed=$((passed + 1))
		say "ok   $n ${NAMES[$n]} ($((SECONDS - start))s)"
	else
		failed=$((failed + 1))
		say "FAIL $n ${NAMES[$n]} ($((SECONDS - start))s)"
		[ "$n" != 0 ] && dump
	fi
	end_scenario
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
