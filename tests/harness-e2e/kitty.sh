# shellcheck shell=bash
# The kitty overlay recipe of docs/mcp-launchers.md, in a real kitty under Xvfb: Claude
# Code runs in kitty's first window; `ask mcp --ui launch --launch 'kitty @ launch
# --type=overlay ...'` opens the form in an overlay over it. Sourced by run.sh (uses its
# new_scenario, register_ask, claude_env, wait_for, check helpers).

KITTY_PID=""
XVFB_PID=""

# install_kitty: kitty and Xvfb from apt when missing (no recommends: a few packages).
install_kitty() {
	command -v kitty >/dev/null && command -v Xvfb >/dev/null && return 0
	say "harness-e2e: installing kitty and xvfb"
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		kitty xvfb; } >&2 || return 1
}

# kat ARGS...: kitty remote control on this scenario's kitty.
kat() { kitty @ --to "unix:$S/kitty.sock" "$@"; }
kitty_text() { kat get-text --match "$1" 2>/dev/null; }
kitty_up() { kat ls >/dev/null 2>&1; }
kitty_has() { kitty_text "$1" | grep -qF -- "$2"; }
kitty_lacks() { ! kitty_has "$1" "$2"; }
kitty_windows_are() { [ "$(kitty_windows)" -eq "$1" ]; }
kitty_windows() { kat ls 2>/dev/null | python3 -c 'import json,sys; print(sum(len(t["windows"]) for w in json.load(sys.stdin) for t in w["tabs"]))'; }
# kitty_type MATCH TEXT: type TEXT into the window MATCH. kitty_enter MATCH: the Enter
# key as kitty sends it to a program that turned on its keyboard protocol (Claude Code
# and the form both do; a bare CR then reads as pasted text, not as the key).
kitty_type() { kat send-text --match "$1" "$2"; }
kitty_enter() { kat send-text --match "$1" $'\e[13u'; }

# start_claude_in_kitty: Xvfb on a free display, kitty with remote control on a socket
# in the scenario folder, Claude Code in its first window.
start_claude_in_kitty() {
	claude_env
	cat >"$S/launch.sh" <<-EOF
		cd $(printf %q "$S/project")
		exec $(printf '%q ' "${CLAUDE_ENV[@]}") KITTY_LISTEN_ON="\$KITTY_LISTEN_ON" KITTY_WINDOW_ID="\$KITTY_WINDOW_ID" \\
			$(printf %q "$CLAUDE") --debug-file $(printf %q "$S/claude-debug.log") 2>$(printf %q "$S/claude.stderr")
	EOF
	Xvfb -displayfd 3 -screen 0 1400x900x24 -nolisten tcp 3>"$S/display" 2>"$S/xvfb.log" &
	XVFB_PID=$!
	wait_for "Xvfb's display" test -s "$S/display" || return 1
	"${CLAUDE_ENV[@]}" DISPLAY=":$(cat "$S/display")" kitty --config NONE -o allow_remote_control=yes \
		-o initial_window_width=120c -o initial_window_height=40c -o confirm_os_window_close=0 \
		--listen-on "unix:$S/kitty.sock" bash "$S/launch.sh" 2>"$S/kitty.log" &
	KITTY_PID=$!
	wait_for "kitty's remote control socket" kitty_up || return 1
	wait_for "Claude Code to connect the ask server" \
		grep -qF 'MCP server "ask": Connection established' "$S/claude-debug.log" || return 1
	wait_for "Claude Code's prompt in kitty" kitty_has id:1 "❯" || return 1
}

stop_kitty() {
	[ -n "$KITTY_PID" ] && kill "$KITTY_PID" 2>/dev/null && wait "$KITTY_PID" 2>/dev/null
	[ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null && wait "$XVFB_PID" 2>/dev/null
	KITTY_PID=""
	XVFB_PID=""
	return 0
}

# 5. The kitty overlay recipe: the form in an overlay over Claude Code's kitty window.
scenario_5() {
	install_kitty || { say "  could not install kitty and xvfb"; return 1; }
	new_scenario s5 "[$(call "$DB_PAYLOAD"), {\"text\": \"Noted, SQLite it is.\"}]" || return 1
	local recipe
	recipe=$(python3 "$HERE/check_readme.py" --recipe "$REPO/docs/mcp-launchers.md" kitty-overlay) ||
		{ say "  no kitty-overlay recipe in docs/mcp-launchers.md"; return 1; }
	register_ask --ui launch --launch "$recipe" || return 1
	start_claude_in_kitty || return 1
	kitty_type id:1 "Set up storage for the service"
	sleep 0.5
	kitty_enter id:1
	wait_for "the form in a kitty overlay titled ask" kitty_has title:ask "Which database should the service use?" || return 1
	[ "$(kitty_windows)" -eq 2 ] || { say "  expected Claude Code's window and the overlay, kitty has $(kitty_windows)"; return 1; }
	kitty_lacks id:1 "Which database should the service use?" || { say "  the form drew on Claude Code's window"; return 1; }
	kitty_type title:ask "2"
	sleep 0.5
	kitty_enter title:ask
	wait_main 2 || return 1
	check 1 tool-result "SQLite" || return 1
	wait_for "the overlay to close" kitty_windows_are 1 || return 1
	wait_for "the model's reply in Claude Code's window" kitty_has id:1 "Noted, SQLite it is." || return 1
	stop_kitty
	wait_for "Claude Code and ask to exit with kitty" no_scenario_pids
}
