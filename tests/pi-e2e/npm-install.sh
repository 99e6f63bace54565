# Sourced by run.sh: the install scenario. A fresh pi home runs `pi install npm:@ask-user/pi`
# against a local registry (registry.mjs) that serves the tarballs `.ci/npm-pack` wrote to
# target/npm/, with cargo, rustc, target/ and any `ask` hidden from PATH and ASK_BIN unset.
# The model's ask_user call must open the form (the binary from the platform package) and
# the answer must reach the model. Then, with the platform package removed (as
# --omit=optional leaves it), the tool error must name the missing package.
#
# Uses run.sh's helpers (tm, pane, keys, wait_pane, wait_requests, check, say) and
# NPM_DIR (the folder of tarballs), MAIN_PACKAGE and DB_CALL.

# A PATH with the same node/npm/tmux, without rust tools, any `ask`, or the repository.
path_without_rust() {
	local dir out=()
	IFS=: read -r -a dirs <<<"$PATH"
	for dir in "${dirs[@]}"; do
		[ -n "$dir" ] || continue
		case "$dir" in "$REPO" | "$REPO"/*) continue ;; esac
		[ -e "$dir/cargo" ] || [ -e "$dir/rustc" ] || [ -e "$dir/ask" ] && continue
		out+=("$dir")
	done
	(
		IFS=:
		echo "${out[*]}"
	)
}

scenario_12() {
	REGISTRY_PID=""
	install_from_registry
	local rc=$?
	[ -z "$REGISTRY_PID" ] || kill "$REGISTRY_PID" 2>/dev/null
	return $rc
}

install_from_registry() {
	S="$WORK/s12"
	LOG="$S/model.jsonl"
	mkdir -p "$S/agent" "$S/home" "$S/project" "$S/prefix"
	: >"$LOG"
	printf '%s\n' "[$DB_CALL, {\"text\": \"Noted, SQLite it is.\"}]" >"$S/script.json"
	local clean_path
	clean_path="$S/prefix/bin:$(path_without_rust)"
	if env PATH="$clean_path" bash -c 'command -v cargo || command -v rustc || command -v ask' >/dev/null; then
		say "  could not hide cargo/rustc/ask from PATH: $(env PATH="$clean_path" bash -c 'command -v cargo rustc ask')"
		return 1
	fi
	env PATH="$clean_path" bash -c 'command -v node && command -v npm' >/dev/null ||
		{ say "  node and npm share a folder with cargo; cannot hide cargo from PATH"; return 1; }

	node "$HERE/registry.mjs" "$NPM_DIR" "$S/registry.port" "$S/registry.log" 2>"$S/registry.stderr" &
	REGISTRY_PID=$!
	wait_for "the local registry" test -s "$S/registry.port" || return 1
	local registry="http://127.0.0.1:$(cat "$S/registry.port")/"

	# Everything npm reads comes from this scenario: registry, global prefix, cache, no ~/.npmrc.
	: >"$S/npmrc"
	cat >"$S/env.sh" <<-EOF
		export PATH=$(printf %q "$clean_path") HOME=$(printf %q "$S/home") TERM=xterm-256color
		export PI_CODING_AGENT_DIR=$(printf %q "$S/agent")
		export npm_config_registry=$(printf %q "$registry") npm_config_prefix=$(printf %q "$S/prefix")
		export npm_config_cache=$(printf %q "$S/npm-cache") npm_config_userconfig=$(printf %q "$S/npmrc")
		export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
		export ASK_E2E_SCRIPT=$(printf %q "$S/script.json") ASK_E2E_LOG=$(printf %q "$LOG")
		unset ASK_BIN CARGO_HOME RUSTUP_HOME CARGO_TARGET_DIR
	EOF

	local start=$SECONDS
	if ! bash -c "source $(printf %q "$S/env.sh") && cd $(printf %q "$S/project") && $(printf %q "$PI") install npm:$MAIN_PACKAGE" \
		>"$S/install.log" 2>&1; then
		say "  pi install npm:$MAIN_PACKAGE failed:"
		sed -e 's/^/  | /' "$S/install.log" | tail -20 >&2
		sed -e 's/^/  registry: /' "$S/registry.log" >&2
		return 1
	fi
	say "  pi install npm:$MAIN_PACKAGE took $((SECONDS - start))s; registry requests:"
	sed -e 's/^/    /' "$S/registry.log" >&2
	# npm resolved everything from the registry and fetched only the main package and
	# this platform's binary package (the others were skipped by their os/cpu fields).
	local fetched expected
	fetched=$(grep -o '^GET /-/tarballs/[^ ]*' "$S/registry.log" | sed 's|.*/||' | sort | tr '\n' ' ')
	expected=$(cd "$NPM_DIR" && ls ./*.tgz | sed 's|.*/||' | sort | tr '\n' ' ')
	[ "$fetched" = "$expected" ] || { say "  fetched tarballs [$fetched], expected [$expected]"; return 1; }
	! grep -q ' 404$' "$S/registry.log" || { say "  npm asked the registry for something it does not have"; return 1; }
	grep -q "\"npm:$MAIN_PACKAGE\"" "$S/agent/settings.json" ||
		{ say "  settings.json does not list npm:$MAIN_PACKAGE: $(cat "$S/agent/settings.json")"; return 1; }
	local installed="$S/prefix/lib/node_modules/$MAIN_PACKAGE"
	[ -f "$installed/package.json" ] || { say "  $MAIN_PACKAGE is not in the global prefix"; return 1; }
	[ ! -e "$installed/target" ] || { say "  the installed package has a target/ folder"; return 1; }
	local bins
	bins=$(find "$S/prefix" -path '*/bin/ask' -type f)
	[ -n "$bins" ] || { say "  no platform package binary was installed"; return 1; }
	say "  binary from the platform package: ${bins#"$S/prefix/"}"

	cat >"$S/launch.sh" <<-EOF
		source $(printf %q "$S/env.sh")
		cd $(printf %q "$S/project")
		PI_OFFLINE=1 $(printf '%q ' "$PI" "${PI_ARGS[@]}") --no-session "Set up storage for the service" 2>$(printf %q "$S/pi.stderr")
		echo "[pi exited with status \$?]"
		sleep 600
	EOF
	tm new-session -d -s s12 -x 120 -y 40 "bash $(printf %q "$S/launch.sh")"
	wait_pane "Which database should the service use?" || return 1
	keys 2
	sleep 0.5
	keys Enter
	wait_requests 2 || return 1
	check 1 tool-answer db sqlite && wait_pane "Database: SQLite" || return 1

	# Without the platform package (what --omit=optional leaves), the tool error names
	# the missing package and how to get it. Print mode: no terminal needed.
	rm -rf "$installed/node_modules/@ask-user/$(node -p 'process.platform + "-" + process.arch')"
	local log2="$S/model-missing.jsonl"
	printf '%s\n' "[$DB_CALL, {\"text\": \"Understood.\"}]" >"$S/script-missing.json"
	: >"$log2"
	bash -c "source $(printf %q "$S/env.sh") && cd $(printf %q "$S/project") && \
		ASK_E2E_SCRIPT=$(printf %q "$S/script-missing.json") ASK_E2E_LOG=$(printf %q "$log2") PI_OFFLINE=1 \
		timeout $TIMEOUT $(printf '%q ' "$PI" "${PI_ARGS[@]}") --no-session -p 'Set up storage'" \
		>"$S/missing.stdout" 2>"$S/missing.stderr" || { say "  pi -p failed: $(tail -5 "$S/missing.stderr")"; return 1; }
	node -e '
		const [log, pkg] = process.argv.slice(1);
		const requests = require("node:fs").readFileSync(log, "utf8").split("\n").filter(Boolean).map(JSON.parse);
		const last = requests[1]?.messages.at(-1);
		const text = JSON.stringify(last?.content ?? "");
		if (last?.role !== "toolResult" || !text.includes(`prebuilt binary package ${pkg}`) || !text.includes("npm:@ask-user/pi")) {
			console.error(`  the missing-binary error does not name ${pkg}: ${JSON.stringify(last).slice(0, 600)}`);
			process.exit(1);
		}' "$log2" "@ask-user/$(node -p 'process.platform + "-" + process.arch')"
}
