# shellcheck shell=bash
# Scenarios 15-20 of run.sh (sourced by it; uses its helpers): pi-ask 1.1 parity and
# pi on small screens. The event bus through a second extension (bridge.ts), a killed pi
# resumed, a prefilled replay, 80x24 with Alt+O and the settings overlay, the missing
# binary. The locals BRIDGE, COLS, ROWS and SCENARIO_ASK_BIN are read by start_tmux
# (bash scoping is dynamic).
# shellcheck disable=SC2034

# The form of the bus scenarios: one question has the id __proto__ (ids are data, never
# object keys that could reach a prototype).
BUS_CALL='{"toolCall":{"name":"ask_user","arguments":{"questions":[{"id":"db","label":"Database","prompt":"Which database should the service use?","options":[{"value":"postgres","label":"Postgres"},{"value":"sqlite","label":"SQLite"}]},{"id":"__proto__","label":"Proto","prompt":"Which prototype?","required":true,"options":[{"value":"constructor","label":"Constructor"},{"value":"plain","label":"Plain"}]}]}}}'

# 15. A second extension answers the open form through pi's event bus, in pi-ask's contract:
#     a submit for another flow, one with an unknown option value and a malformed one are
#     refused (one acknowledgement each, the form stays open); the valid one settles the
#     flow; a later one finds no flow. Nobody touches the keyboard.
scenario_15() {
	local -a PI_ARGS=("${PI_ARGS[@]}" -e "$HERE/bridge.ts")
	local BRIDGE='{"submits":[{"flowId":"tool:elsewhere","response":{"kind":"cancel"}},{"kind":"answer","answers":{"db":{"values":["oracle"]}}},{"raw":{"version":2,"requestId":"r3","flowId":"tool:call_1"}},{"kind":"answer","answers":{"db":{"values":["sqlite"],"note":"one file is enough"},"__proto__":{"values":["constructor"]}}},{"kind":"cancel"}]}'
	new_scenario s15 "[$BUS_CALL, {\"text\": \"Noted, SQLite it is.\"}]"
	start_tmux --no-session "Set up storage for the service"
	wait_requests 2 || return 1
	check 1 tool-answer db sqlite && check 1 tool-answer __proto__ constructor || return 1
	bus_check ack r1 flow_not_found && bus_check ack r2 invalid_answer && bus_check ack r3 invalid_request &&
		bus_check ack r4 ok && bus_check ack r5 flow_not_found || return 1
	# started and completed, once each, under both prefixes; the questions normalized.
	local p
	for p in @eko24ive/pi-ask ask-user; do
		bus_check count "$p:started" 1 && bus_check count "$p:completed" 1 || return 1
	done
	bus_check started flowId '"tool:call_1"' && bus_check started source '"tool"' &&
		bus_check started toolCallId '"call_1"' && bus_check question __proto__ &&
		bus_check completed-answer db sqlite || return 1
	wait_pane "Database: SQLite" # the transcript under the tool call
}

# 16. Cancel through the bus, on this package's own prefix (ask-user:*).
scenario_16() {
	local -a PI_ARGS=("${PI_ARGS[@]}" -e "$HERE/bridge.ts")
	local BRIDGE='{"prefix":"ask-user","submits":[{"kind":"cancel"}]}'
	new_scenario s16 "[$BUS_CALL, {\"text\": \"The question was cancelled.\"}]"
	start_tmux --no-session "Set up storage for the service"
	wait_requests 2 || return 1
	check 1 tool-cancelled && bus_check ack r1 ok ask-user && bus_check completed-cancelled || return 1
	wait_pane "Cancelled - /ask:replay reopens it"
}

# 17. pi is killed while the form is open (a closed terminal: ask gets SIGHUP). Continued
#     (pi -c), the session offers the unanswered form; /ask:replay opens it from its draft.
#     With resumeUnanswered "open" the next start opens it at once. The answers go back
#     as a user message that names the questions and says why they come now.
scenario_17() {
	local call='{"toolCall":{"name":"ask_user","arguments":{"questions":[{"id":"db","label":"Q1","prompt":"Which database should the service use?","options":[{"value":"postgres","label":"Postgres"},{"value":"sqlite","label":"SQLite"}]},{"id":"cache","label":"Q2","prompt":"Should the service cache reads?","options":[{"value":"yes","label":"Yes"},{"value":"no","label":"No"}]}]}}}'
	new_scenario s17 "[$call]"
	start_tmux "Set up storage for the service"
	wait_pane "Which database should the service use?" || return 1
	keys 2
	wait_pane "Should the service cache reads?" || return 1
	wait_for "the draft file" has_draft || return 1
	sleep 0.7
	local pi ask
	pi=$(pi_pid) && ask=$(ask_pid) || { say "  no pi or ask process"; return 1; }
	kill -KILL "$pi"
	kill -HUP "$ask"
	wait_pane "[pi exited with status" || return 1
	has_draft || { say "  the hang-up lost the draft"; return 1; }
	# The next pi gets a script of its own (the faux model counts from 0 again).
	printf '%s\n' '[{"text": "Thanks, noted."}]' >"$S/script.json"
	echo "-c" >"$S/restart"
	wait_pane "1 unanswered question form - /ask:replay to answer" || return 1
	# Leave without answering; the next start opens it at once.
	pi=$(pi_pid) || return 1
	kill -KILL "$pi"
	wait_for "pi to exit" pane_has "[pi exited with status" || return 1
	node -e 'const f=process.argv[1],fs=require("fs"),j=JSON.parse(fs.readFileSync(f,"utf8"));j.behaviour.resumeUnanswered="open";fs.writeFileSync(f,JSON.stringify(j))' \
		"$S/agent/extensions/ask-user.json"
	echo "-c" >"$S/restart"
	# From the draft: the first question answered, the second one showing.
	wait_pane "Should the service cache reads?" || return 1
	keys 1
	sleep 0.5
	keys Enter
	wait_requests 2 || return 1
	check 1 user-message "which were still open when the session stopped" &&
		check 1 user-message "Which database should the service use? -> SQLite" &&
		check 1 user-message "Should the service cache reads? -> Yes" || return 1
	! check 1 user-message "Q1" 2>/dev/null || { say "  the message names questions by label"; return 1; }
	# Answered now: the next start offers nothing.
	wait_pane "Thanks, noted." || return 1
	[ -z "$(draft_files)" ] || { say "  the draft outlived the answer"; return 1; }
}

# 18. /ask:replay on an answered form opens it prefilled with the last answers (nothing is
#     sent until the person confirms); the answers go back naming the questions and saying
#     they replace the earlier ones.
scenario_18() {
	new_scenario s18 "[$DB_CALL, {\"text\": \"Noted, SQLite it is.\"}, {\"text\": \"Still SQLite, thanks.\"}]"
	start_tmux --no-session "Set up storage for the service"
	wait_pane "Which database should the service use?" || return 1
	keys 2
	sleep 0.5
	keys Enter
	wait_requests 2 || return 1
	wait_pane "Noted, SQLite it is." || return 1
	type_command "/ask:replay"
	wait_pane "prefilled from your last answers" || return 1
	pane_has "SQLite ✓" || { say "  the last answer is not selected"; return 1; }
	sleep 1
	[ "$(request_count)" -eq 2 ] || { say "  a prefilled form was sent without confirmation"; return 1; }
	keys Tab
	sleep 0.5
	keys Enter
	wait_requests 3 || return 1
	check 2 user-message "These answers replace the ones given earlier for the same questions." &&
		check 2 user-message "Which database should the service use? -> SQLite"
}

# 19. 80x24: the agent's message stays on screen above the form (the form takes what is
#     left and says what it cut); Alt+O gives the rows back to the conversation (pi redraws
#     it, the folded line under it) and brings the form back; closing the settings overlay
#     gives back the rows it borrowed.
scenario_19() {
	local COLS=80 ROWS=24
	local lead="Before I write the storage layer I need two decisions from you. The database matters for deployment; the cache for latency."
	local call='{"toolCall":{"name":"ask_user","arguments":{"questions":[{"id":"db","label":"Database","prompt":"Which database should the service use?","options":[{"value":"postgres","label":"Postgres","description":"Server, concurrent writes"},{"value":"sqlite","label":"SQLite","description":"Embedded file"},{"value":"mysql","label":"MySQL","description":"Server, widely hosted"},{"value":"duck","label":"DuckDB","description":"Embedded analytics"},{"value":"mongo","label":"MongoDB","description":"Documents"},{"value":"redis","label":"Redis","description":"In memory"}]},{"id":"cache","label":"Cache","prompt":"Should the service cache reads?","options":[{"value":"yes","label":"Yes"},{"value":"no","label":"No"}]}]}}}'
	new_scenario s19 "[{\"text\": \"$lead\", ${call#\{}, {\"text\": \"Noted, SQLite with a cache.\"}]"
	start_tmux --no-session
	wait_pane "faux-1" || return 1
	keys -l "Set up storage for the service"
	keys Enter
	wait_pane "Which database should the service use?" || return 1
	local open lead_at question_at
	open=$(pane)
	lead_at=$(grep -nF -- "Before I write the storage layer" <<<"$open" | head -1 | cut -d: -f1)
	question_at=$(grep -nF "Which database should the service use?" <<<"$open" | head -1 | cut -d: -f1)
	[ -n "$lead_at" ] && [ "$lead_at" -lt "$question_at" ] ||
		{ say "  the agent's message is not on screen above the form"; return 1; }
	grep -qE "↓ [0-9]+ more" <<<"$open" || { say "  the form does not say what it cut"; return 1; }
	# Alt+O: the conversation comes back (the prompt that scrolled away), the form goes.
	keys M-o
	wait_pane "ask_user: 2 questions waiting - alt+o to return" || return 1
	pane_has "Set up storage for the service" || { say "  the conversation did not get its rows back"; return 1; }
	pane_lacks "Which database should the service use?" || { say "  form rows left while folded"; return 1; }
	keys M-o
	wait_pane "Which database should the service use?" || return 1
	pane_lacks "questions waiting" || { say "  the folded line stayed"; return 1; }
	# The settings overlay borrows rows; closing it gives them back (no blank rows under
	# the form, the message above it again).
	keys "?"
	wait_pane "Ask settings" || return 1
	keys Escape
	wait_for "the overlay to close" pane_lacks "Ask settings" || return 1
	sleep 0.5
	pane_has "Before I write the storage layer" || { say "  the message did not come back"; return 1; }
	[[ "$(pane | tail -1)" == *"────"* ]] || { say "  blank rows under the form: $(pane | tail -3)"; return 1; }
	keys 2
	sleep 0.5
	keys 1
	wait_pane "Submit" || return 1
	keys Enter
	wait_requests 2 || return 1
	check 1 tool-answer db sqlite && check 1 tool-answer cache yes
}

# 20. Without the binary the tool result says what to do, once (no error line besides it);
#     /ask:settings is an alias of /ask-settings.
scenario_20() {
	local SCENARIO_ASK_BIN=/nonexistent/ask
	new_scenario s20 "[$DB_CALL, {\"text\": \"I will ask in plain text.\"}]"
	start_tmux --no-session "Set up storage for the service"
	wait_requests 2 || return 1
	check 1 tool-error "ask_user needs the \`ask\` binary" || return 1
	wait_pane "I will ask in plain text." || return 1
	local n
	n=$(tm capture-pane -p -J -S - -t "$(basename "$S")" | grep -cF "ask_user needs the")
	[ "$n" -eq 1 ] || { say "  the missing-binary message shows $n times"; return 1; }
}
