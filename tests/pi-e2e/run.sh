#!/usr/bin/env bash
# End-to-end tests of the pi package in a real pi (0.73.1) with a scripted faux model.
#
#   bash tests/pi-e2e/run.sh            run all scenarios
#   bash tests/pi-e2e/run.sh 1 4        run scenarios 1 and 4
#
# Installs pi into tests/pi-e2e/.cache (gitignored, idempotent), installs tmux
# with apt-get when missing, runs .ci/npm-pack (the release binary and the npm
# tarballs in target/npm/; the binary is skipped when ASK_BIN is set and scenario
# 12, the npm install, is not selected), then drives pi in tmux (interactive),
# with -p (print) and --mode rpc, and checks what the faux model received.
# Prints "N passed, N failed" last.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
CACHE="$HERE/.cache"
PI_VERSION=0.73.1
TS_VERSION=5.9.3
PI="$CACHE/node_modules/.bin/pi"
TIMEOUT=${ASK_E2E_TIMEOUT:-90}
KEEP=${ASK_E2E_KEEP:-0}

say() { printf '%s\n' "$*" >&2; }
die() { say "pi-e2e: $*"; echo "0 passed, 1 failed"; exit 1; }

# --- setup ------------------------------------------------------------------
install_pi() {
	local have
	have=$(node -p "require('$CACHE/node_modules/@mariozechner/pi-coding-agent/package.json').version" 2>/dev/null || true)
	[ "$have" = "$PI_VERSION" ] && [ -x "$PI" ] && [ -x "$CACHE/node_modules/.bin/tsc" ] && return 0
	say "pi-e2e: installing @mariozechner/pi-coding-agent@$PI_VERSION (and typescript) into $CACHE"
	mkdir -p "$CACHE"
	[ -f "$CACHE/package.json" ] || echo '{"name":"pi-e2e-cache","private":true}' >"$CACHE/package.json"
	(cd "$CACHE" && npm install --no-audit --no-fund --loglevel=error \
		"@mariozechner/pi-coding-agent@$PI_VERSION" "typescript@$TS_VERSION" >&2) || die "npm install of pi failed"
}

install_tmux() {
	command -v tmux >/dev/null && return 0
	say "pi-e2e: installing tmux"
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux; } >&2 || die "could not install tmux"
}

# The one release build of the suite: .ci/npm-pack builds the binary and packs the npm
# packages (scenario 12 installs those); every other scenario runs the packed binary.
build_ask() {
	if [ -n "${ASK_BIN:-}" ]; then
		[ -x "$ASK_BIN" ] || die "ASK_BIN=$ASK_BIN is not executable"
		needs_packages || return 0
	fi
	say "pi-e2e: building and packing the ask binary (.ci/npm-pack)"
	(cd "$REPO" && env -u CARGO_TARGET_DIR .ci/npm-pack >/dev/null) || die ".ci/npm-pack failed"
	NPM_DIR="$REPO/target/npm"
	ASK_BIN="${ASK_BIN:-$NPM_DIR/$(node -p 'process.platform + "-" + process.arch')/bin/ask}"
}

MAIN_PACKAGE=@ask-user/pi
NPM_DIR=""
# shellcheck source=npm-install.sh
source "$HERE/npm-install.sh"
needs_packages() { [ ${#SELECTED[@]} -eq 0 ] || [[ " ${SELECTED[*]} " == *" 12 "* ]]; }
SELECTED=("$@")

command -v node >/dev/null || die "node is required"
install_pi
install_tmux
build_ask
export ASK_BIN

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ask-pi-e2e.XXXXXX")
TMUX_SOCKET="ask-pi-e2e-$$"
printf 'set -g extended-keys on\nset -g history-limit 5000\n' >"$WORK/tmux.conf"
tm() { tmux -L "$TMUX_SOCKET" -f "$WORK/tmux.conf" "$@"; }
cleanup() {
	tm kill-server >/dev/null 2>&1 || true
	if [ "$KEEP" = 1 ]; then say "pi-e2e: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# One agent dir with the package installed, copied for every scenario. `pi install`
# records a path relative to the agent dir, so the copies sit at the same depth.
TEMPLATE="$WORK/template/agent"
mkdir -p "$TEMPLATE"
PI_OFFLINE=1 PI_CODING_AGENT_DIR="$TEMPLATE" HOME="$WORK" "$PI" install "$REPO" >/dev/null 2>&1 ||
	die "pi install $REPO failed"

# --- helpers ----------------------------------------------------------------
# new_scenario NAME SCRIPT_JSON: sets S (scenario dir) and LOG.
new_scenario() {
	S="$WORK/$1"
	mkdir -p "$S/project" "$S/home"
	cp -r "$TEMPLATE" "$S/agent"
	printf '%s\n' "$2" >"$S/script.json"
	LOG="$S/model.jsonl"
	: >"$LOG"
}

pi_env() {
	env PI_OFFLINE=1 PI_CODING_AGENT_DIR="$S/agent" HOME="$S/home" TERM=xterm-256color \
		ASK_BIN="$ASK_BIN" ASK_E2E_SCRIPT="$S/script.json" ASK_E2E_LOG="$LOG" "$@"
}

PI_ARGS=(-e "$HERE/faux-model.ts" --model faux/faux-1)
S="$WORK/none"
LOG="$WORK/none.jsonl"

# start_tmux ARGS...: pi in a COLS x ROWS tmux window (default 120x40), in the scenario's
# project dir. BRIDGE (JSON, see bridge.ts) is the bus plan when -e bridge.ts is loaded;
# SCENARIO_ASK_BIN replaces the binary. After pi exits, writing arguments to $S/restart
# starts it again with them (the same extensions and model), e.g. "-c" to continue.
start_tmux() {
	local cmd again
	cmd=$(printf '%q ' pi_env_exec "$PI" "${PI_ARGS[@]}" "$@")
	again=$(printf '%q ' pi_env_exec "$PI" "${PI_ARGS[@]}")
	cat >"$S/launch.sh" <<-EOF
		pi_env_exec() { env PI_OFFLINE=1 PI_CODING_AGENT_DIR=$(printf %q "$S/agent") HOME=$(printf %q "$S/home") \\
			TERM=xterm-256color ASK_BIN=$(printf %q "${SCENARIO_ASK_BIN:-$ASK_BIN}") ASK_E2E_SCRIPT=$(printf %q "$S/script.json") \\
			ASK_E2E_LOG=$(printf %q "$LOG") ASK_E2E_BUS_LOG=$(printf %q "$S/bus.jsonl") \\
			ASK_E2E_BRIDGE=$(printf %q "${BRIDGE:-}") "\$@"; }
		cd $(printf %q "$S/project")
		$cmd 2>>$(printf %q "$S/pi.stderr")
		echo "[pi exited with status \$?]"
		for _ in \$(seq 3000); do
			if [ -f $(printf %q "$S/restart") ]; then
				set -- \$(cat $(printf %q "$S/restart")); rm -f $(printf %q "$S/restart"); clear
				$again "\$@" 2>>$(printf %q "$S/pi.stderr")
				echo "[pi exited with status \$?]"
			fi
			sleep 0.2
		done
	EOF
	tm new-session -d -s "$(basename "$S")" -x "${COLS:-120}" -y "${ROWS:-40}" "bash $(printf %q "$S/launch.sh")"
}

pane() { tm capture-pane -p -t "$(basename "$S")" 2>/dev/null; }
keys() { tm send-keys -t "$(basename "$S")" "$@"; }

# wait_for WHAT CHECK...: poll CHECK until it succeeds or TIMEOUT seconds pass.
wait_for() {
	local what=$1 deadline=$((SECONDS + TIMEOUT))
	shift
	until "$@"; do
		if [ $SECONDS -ge $deadline ]; then
			say "  timed out waiting for $what"
			return 1
		fi
		sleep 0.3
	done
}
pane_has() { pane | grep -qF -- "$1"; }
pane_lacks() { ! pane_has "$1"; }
request_count() { local n; n=$(grep -c . "$LOG" 2>/dev/null) || true; echo "${n:-0}"; }
requests_at_least() { [ "$(request_count)" -ge "$1" ]; }
# Keys that reach a form within 150 ms of its first paint are dropped (ignoreEarlyKeysMs),
# so after seeing the screen wait a moment, as a person would, before typing.
wait_pane() { wait_for "screen text \"$1\"" pane_has "$1" && sleep 0.3; }
wait_requests() { wait_for "$1 model request(s)" requests_at_least "$1"; }
check() { node "$HERE/check.mjs" "$LOG" "$@"; }
# type_command TEXT: submit a slash command in pi's editor. Called once the last
# reply is on screen; the pause lets the turn settle (Escape would abort a turn).
type_command() {
	sleep 1
	keys -l "$1"
	sleep 0.5
	keys Escape # close the slash-command autocomplete list, keep the text
	sleep 0.3
	keys Enter
}

dump() {
	say "  --- screen ---"
	pane | sed -e 's/^/  | /' >&2 || true
	[ -s "$S/pi.stderr" ] && { say "  --- pi stderr ---"; sed -e 's/^/  | /' "$S/pi.stderr" | tail -20 >&2; }
	say "  --- model requests: $(request_count) ---"
}

# --- payloads ---------------------------------------------------------------
DB_CALL='{"toolCall":{"name":"ask_user","arguments":{"questions":[{"id":"db","label":"Database","prompt":"Which database should the service use?","options":[{"value":"postgres","label":"Postgres","description":"Server, concurrent writes"},{"value":"sqlite","label":"SQLite","description":"Embedded file"}]}]}}}'

# --- scenarios --------------------------------------------------------------
# 0. The shim and the test extension type-check against pi's own declarations.
scenario_0() {
	"$CACHE/node_modules/.bin/tsc" -p "$HERE/tsconfig.json" >&2
}

# 1. The model calls ask_user; keys answer the form; the next request carries the answer.
scenario_1() {
	new_scenario s1 "[$DB_CALL, {\"text\": \"Noted, SQLite it is.\"}]"
	start_tmux --no-session "Set up storage for the service"
	wait_pane "Which database should the service use?" || return 1
	keys 2
	sleep 0.5
	keys Enter
	wait_requests 2 || return 1
	check 1 tool-answer db sqlite && check 0 system-prompt "ask_user" && check 0 system-prompt "ask-user" &&
		wait_pane "Database: SQLite" || return 1 # the transcript line under the tool call
	# --no-session: pi gave no session folder, so the form kept no draft anywhere.
	[ -z "$(find "$S" -name '*.ask-draft-*')" ] || { say "  a draft was written without a saved session"; return 1; }
}

# 2. An invalid payload returns the structured invalid-payload result without opening the UI.
scenario_2() {
	# The label carries a clear-screen sequence: the transcript must show it inert.
	local bad='{"toolCall":{"name":"ask_user","arguments":{"questions":[{"id":"layout","label":"Lay\u001b[2Jout","prompt":"Which layout?","type":"preview","options":[{"value":"a","label":"A"}]},{"id":"layout","prompt":" ","options":[]}]}}}'
	new_scenario s2 "[$bad, {\"text\": \"I will fix the payload.\"}]"
	start_tmux --no-session "Pick a layout"
	# No keys are sent: if the form opened, the flow would wait and this would time out.
	wait_requests 2 || return 1
	check 1 tool-invalid && wait_pane "Lay␛[2Jout" && wait_pane "Invalid"
}

# 3. /answer: a plain-text question list; the first extraction reply is not JSON, the second is.
scenario_3() {
	local questions='Before I start I need two answers:\n1. Which database should we use: Postgres or SQLite?\n2. Should I add a migration tool? Yes or no.'
	local form='{"questions":[{"id":"db","label":"Database","prompt":"Which database should we use?","options":[{"value":"postgres","label":"Postgres"},{"value":"sqlite","label":"SQLite"}]},{"id":"migrations","label":"Migrations","prompt":"Should I add a migration tool?","options":[{"value":"yes","label":"Yes"},{"value":"no","label":"No"}]}]}'
	local form_json
	form_json=$(node -e 'process.stdout.write(JSON.stringify(process.argv[1]))' "$form")
	new_scenario s3 "[{\"text\": \"$questions\"}, {\"text\": \"Sure! Here are the questions I found.\"}, {\"text\": $form_json}, {\"text\": \"Thanks, proceeding.\"}, {\"text\": \"Changed, noted.\"}]"
	start_tmux --no-session "Plan the storage layer"
	wait_requests 1 || return 1
	wait_pane "migration tool" || return 1
	type_command "/answer"
	wait_requests 3 || return 1
	wait_pane "Which database should we use?" || return 1
	keys 2
	sleep 0.5
	wait_pane "Should I add a migration tool?" || return 1
	keys 1
	sleep 0.5
	keys Enter
	wait_requests 4 || return 1
	# The answers name the questions (the extracted labels mean nothing to the model).
	check 2 user-message "Sure! Here are the questions I found." &&
		check 3 user-message "Which database should we use? -> SQLite" &&
		check 3 user-message "Should I add a migration tool? -> Yes" || return 1
	# /answer:again reopens the same form without another extraction, with the last answers.
	wait_pane "Thanks, proceeding." || return 1
	type_command "/answer:again"
	wait_pane "Which database should we use?" || return 1
	wait_pane "prefilled from your last answers" || return 1
	keys 1
	sleep 0.5
	wait_pane "Should I add a migration tool?" || return 1
	keys 2
	sleep 0.5
	keys Enter
	wait_requests 5 || return 1
	check 4 user-message "These answers replace the ones given earlier for the same questions." &&
		check 4 user-message "Which database should we use? -> Postgres" &&
		check 4 user-message "Should I add a migration tool? -> No"
}

# 4. /ask:replay after a cancelled ask reopens the same form (saved session this time).
scenario_4() {
	new_scenario s4 "[$DB_CALL, {\"text\": \"Understood, the question was cancelled.\"}, {\"text\": \"Thanks.\"}]"
	start_tmux "Set up storage for the service"
	wait_pane "Which database should the service use?" || return 1
	keys Escape
	wait_requests 2 || return 1
	check 1 tool-cancelled || return 1
	wait_pane "the question was cancelled" || return 1
	wait_pane "Cancelled - /ask:replay reopens it" || return 1
	# A cancel is a normal end: the form's draft is gone.
	[ -z "$(draft_files)" ] || { say "  the draft outlived the cancel: $(draft_files)"; return 1; }
	type_command "/ask:replay"
	wait_pane "Which database should the service use?" || return 1
	keys 1
	sleep 0.5
	keys Enter
	wait_requests 3 || return 1
	check 2 user-message "Postgres"
}

# 5. Print mode gets the non-interactive result.
scenario_5() {
	new_scenario s5 "[$DB_CALL, {\"text\": \"I will ask in plain text then.\"}]"
	(cd "$S/project" && pi_env timeout "$TIMEOUT" "$PI" "${PI_ARGS[@]}" --no-session -p "Set up storage" \
		>"$S/stdout" 2>"$S/pi.stderr") || { say "  pi -p failed: $(tail -5 "$S/pi.stderr")"; return 1; }
	check 1 tool-noninteractive && grep -qF "I will ask in plain text then." "$S/stdout"
}

# 6. RPC mode: a script answers the select/input dialogs; the result is complete.
scenario_6() {
	local call='{"toolCall":{"name":"ask_user","arguments":{"questions":[{"id":"db","label":"Database","prompt":"Which database?","options":[{"value":"postgres","label":"Postgres"},{"value":"sqlite","label":"SQLite"}]},{"id":"features","label":"Features","prompt":"Which features?","type":"multi","options":[{"value":"auth","label":"Auth"},{"value":"logging","label":"Logging"},{"value":"metrics","label":"Metrics"}]}]}}}'
	new_scenario s6 "[$call, {\"text\": \"Done.\"}]"
	(cd "$S/project" && pi_env node "$HERE/rpc-driver.mjs" --pi "$PI" --events "$S/rpc-events.jsonl" \
		--prompt "Set up the service" --select SQLite --input "1, 3" --timeout "$TIMEOUT" \
		-- "${PI_ARGS[@]}" --no-session 2>"$S/pi.stderr") || { say "  $(tail -3 "$S/pi.stderr")"; return 1; }
	check 1 tool-answer db sqlite && check 1 tool-answer features auth && check 1 tool-answer features metrics
}

# 7. /ask-settings hands the terminal to the settings overlay; a toggle persists; pi redraws after.
scenario_7() {
	new_scenario s7 '[{"text": "Hello."}]'
	start_tmux --no-session
	wait_pane "faux-1" || return 1
	type_command "/ask-settings"
	wait_pane "Auto-submit when answered without notes" || return 1
	keys Space
	sleep 0.5
	keys Escape
	wait_for "pi to redraw" pane_lacks "Auto-submit when answered without notes" || return 1
	wait_pane "faux-1" || return 1
	grep -q '"autoSubmitWhenAnsweredWithoutNotes": *true' "$S/agent/extensions/ask-user.json" ||
		{ say "  the toggle was not saved: $(cat "$S/agent/extensions/ask-user.json" 2>&1)"; return 1; }
	# /ask:settings is the same command.
	type_command "/ask:settings"
	wait_pane "Auto-submit when answered without notes" || return 1
	keys Escape
	wait_for "pi to redraw" pane_lacks "Auto-submit when answered without notes"
}

# 8. RPC mode /answer: extraction through complete(), the form through dialogs, answers as a user message.
scenario_8() {
	local form='{"questions":[{"id":"db","label":"Database","prompt":"Which database should we use?","options":[{"value":"postgres","label":"Postgres"},{"value":"sqlite","label":"SQLite"}]},{"id":"name","label":"Name","prompt":"What should the service be called?","options":[{"value":"name","label":"Name","freeform":true}]}]}'
	local form_json
	form_json=$(node -e 'process.stdout.write(JSON.stringify(process.argv[1]))' "$form")
	new_scenario s8 "[{\"text\": \"Which database should we use, Postgres or SQLite? And what should the service be called?\"}, {\"text\": $form_json}, {\"text\": \"Great.\"}]"
	(cd "$S/project" && pi_env node "$HERE/rpc-driver.mjs" --pi "$PI" --events "$S/rpc-events.jsonl" \
		--prompt "Plan the service" --prompt "/answer" --select Postgres --input "ledger-api" --timeout "$TIMEOUT" \
		-- "${PI_ARGS[@]}" --no-session 2>"$S/pi.stderr") || { say "  $(tail -3 "$S/pi.stderr")"; return 1; }
	check 2 user-message "Postgres" && check 2 user-message "ledger-api"
}

# 9. RPC mode /ask:replay after a cancelled dialog: the same questions again, answers as a user message.
scenario_9() {
	local call='{"toolCall":{"name":"ask_user","arguments":{"questions":[{"id":"db","label":"Database","prompt":"Which database?","options":[{"value":"postgres","label":"Postgres"},{"value":"sqlite","label":"SQLite"}]}]}}}'
	new_scenario s9 "[$call, {\"text\": \"Cancelled, fine.\"}, {\"text\": \"Thanks.\"}]"
	(cd "$S/project" && pi_env node "$HERE/rpc-driver.mjs" --pi "$PI" --events "$S/rpc-events.jsonl" \
		--prompt "Set up the service" --prompt "/ask:replay" --select '!cancel' --select SQLite --timeout "$TIMEOUT" \
		-- "${PI_ARGS[@]}" --no-session 2>"$S/pi.stderr") || { say "  $(tail -3 "$S/pi.stderr")"; return 1; }
	check 1 tool-cancelled && check 2 user-message "SQLite"
}

# 10. /answer: an extraction call that times out is retried (with a notice); "no questions" only notifies.
scenario_10() {
	new_scenario s10 '[{"text": "All done, nothing left to decide."}, {"text": "too late", "delayMs": 4000}, {"text": "{\"questions\": []}"}]'
	mkdir -p "$S/agent/extensions"
	cat >"$S/agent/extensions/ask-user.json" <<-'EOF'
		{"schemaVersion": 2,
		 "answer": {"extractionModels": [{"provider": "nowhere", "id": "none"}], "extractionTimeoutMs": 1500, "extractionRetries": 1},
		 "behaviour": {"autoSubmitWhenAnsweredWithoutNotes": false, "confirmDismissWhenDirty": true,
		               "doublePressReviewShortcuts": true, "showFooterHints": true},
		 "keymaps": {"cancel": "esc", "dismiss": "ctrl+c", "toggle": "space", "confirm": "enter",
		             "optionNote": "n", "questionNote": "shift+n"}}
	EOF
	start_tmux --no-session "Wrap up"
	wait_pane "nothing left to decide" || return 1
	type_command "/answer"
	wait_pane "no reply within 1500 ms; retrying" || return 1
	wait_pane "no questions found" || return 1
	sleep 1
	[ "$(request_count)" -eq 3 ] || { say "  expected 3 model requests, got $(request_count)"; return 1; }
	check 2 user-message "All done, nothing left to decide."
}

# 11. Inline hand-off: the model's text written before the ask_user call stays on screen above the open
#     form; after the answer pi redraws a clean chat; pi's startup list names the extension ask-user.
scenario_11() {
	local lead="Before I write the storage layer I need one decision from you."
	new_scenario s11 "[{\"text\": \"$lead\", ${DB_CALL#\{}, {\"text\": \"Noted, SQLite it is.\"}]"
	# Typed once pi is up (a prompt on the command line is answered before pi first draws).
	start_tmux --no-session
	wait_pane "faux-1" || return 1
	keys -l "Set up storage for the service"
	keys Enter
	wait_pane "Which database should the service use?" || return 1
	local open
	open=$(pane)
	grep -qF -- "$lead" <<<"$open" || { say "  the model's text is not visible above the open form"; return 1; }
	# The text sits above the form: its line comes before the question's.
	local lead_at question_at
	lead_at=$(grep -nF -- "$lead" <<<"$open" | head -1 | cut -d: -f1)
	question_at=$(grep -nF "Which database should the service use?" <<<"$open" | head -1 | cut -d: -f1)
	[ "$lead_at" -lt "$question_at" ] || { say "  the form is not under the model's text"; return 1; }
	keys 2
	sleep 0.5
	keys Enter
	wait_requests 2 || return 1
	wait_pane "Noted, SQLite it is." || return 1
	wait_pane "Database: SQLite" || return 1
	# A clean chat: none of the form's rows left, the model's text drawn once (screen and scrollback).
	local after
	after=$(tm capture-pane -p -S - -t "$(basename "$S")")
	if grep -qE "Type your own|Esc cancel|Enter select" <<<"$after"; then
		say "  form rows left in pi's chat"
		return 1
	fi
	[ "$(grep -cF -- "$lead" <<<"$after")" -eq 1 ] || { say "  the model's text is drawn $(grep -cF -- "$lead" <<<"$after") times"; return 1; }
	# pi's startup list: the line under [Extensions] names ask-user (not the folder name pi).
	local listed
	listed=$(grep -A1 -F "[Extensions]" <<<"$after" | tail -1)
	grep -qw "ask-user" <<<"$listed" || { say "  startup list shows: $listed"; return 1; }
	! grep -qwE "pi|index.ts" <<<"$listed" || { say "  startup list shows: $listed"; return 1; }
	check 1 tool-answer db sqlite
}

# 12. pi install npm:@ask-user/pi from a local registry: scenario_12 in npm-install.sh.

# ask_pid: the pid of the ask binary this scenario's pi spawned (its executable is ASK_BIN and
# it inherited the scenario's ASK_E2E_SCRIPT), found through /proc (no procps needed).
ask_pid() {
	local exe p
	exe=$(readlink -f "$ASK_BIN")
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/exe" 2>/dev/null)" = "$exe" ] || continue
		tr '\0' '\n' <"$p/environ" 2>/dev/null | grep -qxF "ASK_E2E_SCRIPT=$S/script.json" || continue
		basename "$p"
		return 0
	done
	return 1
}
# pi_pid: the pid of this scenario's pi (node with the scenario's ASK_E2E_SCRIPT).
pi_pid() {
	local exe p
	exe=$(readlink -f "$(command -v node)")
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/exe" 2>/dev/null)" = "$exe" ] || continue
		tr '\0' '\n' <"$p/environ" 2>/dev/null | grep -qxF "ASK_E2E_SCRIPT=$S/script.json" || continue
		basename "$p"
		return 0
	done
	return 1
}
bus_check() { node "$HERE/bus-check.mjs" "$S/bus.jsonl" "$@"; }
# draft_files: the draft files beside the scenario's saved pi session file.
draft_files() { find "$S/agent/sessions" -name '*.ask-draft-*.json' 2>/dev/null; }
has_draft() { [ -n "$(draft_files)" ]; }

# 13. Drafts in pi: the open form keeps a draft beside the session file, keyed by the tool call;
#     SIGKILL of ask mid-answer keeps it; /ask:replay reopens the form with the answer restored.
scenario_13() {
	local call='{"toolCall":{"id":"toolu_draft 1/x","name":"ask_user","arguments":{"questions":[{"id":"db","label":"Database","prompt":"Which database should the service use?","options":[{"value":"postgres","label":"Postgres"},{"value":"sqlite","label":"SQLite"}]},{"id":"cache","label":"Cache","prompt":"Should the service cache reads?","options":[{"value":"yes","label":"Yes"},{"value":"no","label":"No"}]}]}}}'
	new_scenario s13 "[$call, {\"text\": \"The form was interrupted.\"}, {\"text\": \"Thanks.\"}]"
	start_tmux "Set up storage for the service"
	wait_pane "Which database should the service use?" || return 1
	keys 2
	wait_pane "Should the service cache reads?" || return 1
	wait_for "the draft file" has_draft || return 1
	# Beside the session file, named after it and the (file-name-safe) tool-call id.
	local draft session
	draft=$(draft_files | head -1)
	session=$(find "$S/agent/sessions" -name '*.jsonl' | head -1)
	[ -n "$session" ] && [ "$(dirname "$draft")" = "$(dirname "$session")" ] &&
		[[ "$(basename "$draft")" == "$(basename "$session" .jsonl).ask-draft-toolu_draft_1_x-"*.json ]] ||
		{ say "  draft $draft does not sit beside session $session keyed by the tool call"; return 1; }
	sleep 0.7 # the tab change was saved at once; a loaded machine gets a moment
	local pid
	pid=$(ask_pid) || { say "  no ask process under pi"; return 1; }
	kill -KILL "$pid"
	wait_requests 2 || return 1
	wait_pane "The form was interrupted." || return 1
	wait_pane "/ask:replay reopens the form with the answers given so far" || return 1
	[ -f "$draft" ] || { say "  SIGKILL lost the draft"; return 1; }
	type_command "/ask:replay"
	# The form comes back on the second question, with the first one answered.
	wait_pane "Should the service cache reads?" || return 1
	keys 1
	sleep 0.5
	keys Enter
	wait_requests 3 || return 1
	check 2 user-message "SQLite" && check 2 user-message "Yes" || return 1
	[ ! -e "$draft" ] || { say "  the draft was not deleted after the form was submitted"; return 1; }
}

# 14. RPC mode, typed questions: text and number through input dialogs (a number out of
# range is asked again), a confirm question through a confirm dialog.
scenario_14() {
	local call='{"toolCall":{"name":"ask_user","arguments":{"questions":[{"id":"name","label":"Name","prompt":"What should the service be called?","type":"text"},{"id":"replicas","label":"Replicas","prompt":"How many replicas?","type":"number","min":1,"max":10,"integer":true},{"id":"deploy","label":"Deploy","prompt":"Deploy now?","type":"confirm"}]}}}'
	new_scenario s14 "[$call, {\"text\": \"Done.\"}]"
	(cd "$S/project" && pi_env node "$HERE/rpc-driver.mjs" --pi "$PI" --events "$S/rpc-events.jsonl" \
		--prompt "Set up the service" --input "ledger-api" --input "12" --input "3" --timeout "$TIMEOUT" \
		-- "${PI_ARGS[@]}" --no-session 2>"$S/pi.stderr") || { say "  $(tail -3 "$S/pi.stderr")"; return 1; }
	check 1 tool-answer name ledger-api && check 1 tool-answer replicas 3 && check 1 tool-answer deploy yes
}

# 15-20. The event bus, resuming, replays, small screens: parity.sh.
# shellcheck source=parity.sh
source "$HERE/parity.sh"

# --- main -------------------------------------------------------------------
NAMES=(
	"the shim type-checks against pi $PI_VERSION's .d.ts files"
	"ask_user tool: keys answer the form, the model gets the values"
	"ask_user tool: invalid payload returns the structured result, no UI"
	"/answer: retry after a non-JSON reply, answers arrive as a user message; /answer:again"
	"/ask:replay after a cancelled ask reopens the form"
	"print mode (pi -p) gets the non-interactive result"
	"RPC mode: dialogs answered by a script give a complete result"
	"/ask-settings: the overlay in pi's terminal, a toggle persists, pi redraws; /ask:settings too"
	"RPC mode /answer: extraction, dialogs, answers as a user message"
	"RPC mode /ask:replay after a cancelled dialog"
	"/answer: a timed-out extraction call is retried; no questions only notifies"
	"inline: the model's text stays above the open form, a clean chat after, listed as ask-user"
	"pi install npm:$MAIN_PACKAGE from the packed tarballs, no Rust on PATH: the form opens, the answer arrives"
	"drafts: SIGKILL mid-answer keeps the draft beside the session; /ask:replay restores the answer"
	"RPC mode: typed questions through input and confirm dialogs, an out-of-range number asked again"
	"event bus: a second extension answers the open form in pi-ask's contract (refusals acknowledged, __proto__ id)"
	"event bus: cancel through the bus (ask-user:* prefix)"
	"resume: a killed pi continued offers the unanswered form; /ask:replay and resumeUnanswered open it from its draft"
	"replay: an answered form reopens prefilled; the message names the questions and replaces the earlier answers"
	"80x24: the agent's message stays above the form; Alt+O gives the rows back; the overlay returns its rows"
	"no binary: the tool result says so once"
)
[ ${#SELECTED[@]} -eq 0 ] && SELECTED=(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20)

passed=0
failed=0
for n in "${SELECTED[@]}"; do
	start=$SECONDS
	if "scenario_$n"; then
		passed=$((passed + 1))
		say "ok   $n ${NAMES[$n]} ($((SECONDS - start))s)"
	else
		failed=$((failed + 1))
		say "FAIL $n ${NAMES[$n]} ($((SECONDS - start))s)"
		dump
	fi
	tm kill-session -t "s$n" >/dev/null 2>&1 || true
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
