"""The ask mcp end-to-end scenarios. Each one drives the real `ask` binary with a real
client (the official Python SDK, a raw JSON-RPC client for bad input) and, for forms,
a real tmux with an attached client in a PTY; keys are typed into that client as a
person would. Prints one line per scenario and `N passed, N failed` last.

  scenarios.py [NAME ...]     run these scenarios (default: all)
"""

import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request

from harness import ASK, PY, HERE, Fail, Raw, Tmux, ask_run_answers, check, form_processes, wait_until

PAYLOAD = {"questions": [
    {"id": "db", "label": "DB", "prompt": "Which database?", "options": [
        {"value": "pg", "label": "PostgreSQL", "recommended": True}, {"value": "lite", "label": "SQLite"}]},
    {"id": "feat", "label": "Features", "type": "multi", "prompt": "Which features?", "options": [
        {"value": "a", "label": "Auth"}, {"value": "b", "label": "Billing"}, {"value": "c", "label": "Chat"}]}]}
# The keys a person types in the form (SQLite; Auth and Chat; Enter to review, Enter to submit)
# and the same choices as scripted answers.
KEYS = ["2", "1", "3", "\r", "\r"]
ANSWERS = {"mode": "submit", "answers": {"db": {"values": ["lite"]}, "feat": {"values": ["a", "c"]}}}

SCENARIOS = {}


def scenario(fn):
    SCENARIOS[fn.__name__] = fn
    return fn


def write_json(tmp, name, value):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        json.dump(value, f)
    return path


def read_record(path, timeout=30):
    wait_until(lambda: os.path.exists(path) or os.path.exists(path + ".error"), timeout, f"the client to write {path}")
    if os.path.exists(path + ".error"):
        raise Fail("the client failed:\n" + open(path + ".error").read())
    with open(path) as f:
        return json.load(f)


def same_as_ask_run(result, tmp, payload=PAYLOAD, answers=ANSWERS):
    expected = ask_run_answers(payload, answers, tmp)
    check(result["structuredContent"] == expected["details"],
          f"details differ from ask run --answers:\n{json.dumps(result['structuredContent'])}\n{json.dumps(expected['details'])}")
    check(result["content"] == expected["content"], f"content differs: {result['content']} vs {expected['content']}")
    check(result.get("isError") is False, f"isError: {result.get('isError')}")


def no_forms_left():
    wait_until(lambda: not form_processes(), 10, "every ask run form to end")


def answer_popup(tmux, keys=KEYS):
    tmux.wait_for("Which database?")
    check("ask_user: python-sdk-e2e asks" in tmux.screen() or "ask_user:" in tmux.screen(),
          "the popup title names the client")
    tmux.type(*keys)
    tmux.wait_gone("Which database?")


@scenario
def python_sdk_stdio_lists_the_tool_and_answers_in_a_tmux_popup(tmp):
    out = os.path.join(tmp, "out.json")
    payload = write_json(tmp, "payload.json", PAYLOAD)
    command = " ".join(shlex.quote(a) for a in [PY, os.path.join(HERE, "client.py"), "stdio", out, payload, "--ui", "popup"])
    tmux = Tmux("stdio", f"{command}; sleep 600")
    try:
        answer_popup(tmux)
        record = read_record(out)
    finally:
        tmux.close()
    tools = record["tools"]["tools"]
    check([t["name"] for t in tools] == ["ask_user"], f"tools: {[t['name'] for t in tools]}")
    tool = tools[0]
    check(tool["annotations"]["readOnlyHint"] is True and tool["annotations"]["openWorldHint"] is False, "annotations")
    check(tool["inputSchema"]["required"] == ["questions"], "inputSchema is the payload schema")
    check("answers" in tool["outputSchema"]["properties"], "outputSchema is the details schema")
    check("instructions" in record["initialize"], "instructions sent")
    same_as_ask_run(record["result"], tmp)
    no_forms_left()


def start_http(tmux_env, tmp, ui="popup", extra=()):
    err = os.path.join(tmp, "server.err")
    proc = subprocess.Popen([ASK, "mcp", "--http", "127.0.0.1:0", "--ui", ui, *extra], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=open(err, "w"), env=tmux_env)
    text = wait_until(lambda: (lambda t: t if "token " in t else None)(open(err).read()), 10, "the URL and token on stderr")
    url = text.split("serving ")[1].split()[0]
    token = text.split("token ")[1].split()[0]
    return proc, url, token


@scenario
def python_sdk_http_answers_in_a_tmux_popup(tmp):
    tmux = Tmux("http", "sleep 600")
    proc = None
    try:
        proc, url, token = start_http(tmux.server_env(), tmp)
        out = os.path.join(tmp, "out.json")
        payload = write_json(tmp, "payload.json", PAYLOAD)
        client = subprocess.Popen([PY, os.path.join(HERE, "client.py"), "http", out, payload, url, token])
        answer_popup(tmux)
        record = read_record(out)
        client.wait(10)
    finally:
        if proc:
            proc.terminate()
            proc.wait(10)
        tmux.close()
    check([t["name"] for t in record["tools"]["tools"]] == ["ask_user"], "tools/list over HTTP")
    same_as_ask_run(record["result"], tmp)
    no_forms_left()


def elicit(tmp, action, content, args=("--ui", "elicit")):
    out = os.path.join(tmp, f"out-{action}.json")
    payload = write_json(tmp, "payload.json", PAYLOAD)
    env = dict(os.environ)
    subprocess.run([PY, os.path.join(HERE, "client.py"), "elicit", out, payload, action, json.dumps(content), *args],
                   env=env, timeout=60)
    return read_record(out), json.load(open(out + ".request.json"))


@scenario
def python_sdk_elicitation_accept_gives_the_result_of_the_same_answers(tmp):
    record, requests = elicit(tmp, "accept", {"q01_answer": "lite", "q02_answer": ["c", "a"], "submit_as": "submit"}, ("--ui", "auto"))
    schema = requests[0]["requestedSchema"]
    check(list(schema["properties"]) == ["q01_answer", "q01_custom", "q01_note", "q02_answer", "q02_custom", "q02_note", "submit_as"],
          f"field order {list(schema['properties'])}")
    check(schema["properties"]["q01_answer"]["oneOf"][0]["title"] == "PostgreSQL (Recommended)", "recommended title")
    check(schema["properties"]["q02_answer"]["items"]["anyOf"][2] == {"const": "c", "title": "Chat"}, "multi as anyOf items")
    same_as_ask_run(record["result"], tmp)


@scenario
def python_sdk_elicitation_decline_and_cancel_give_the_cancelled_result(tmp):
    for action in ("decline", "cancel"):
        record, _ = elicit(tmp, action, {})
        details = record["result"]["structuredContent"]
        check(details["cancelled"] is True and details["answers"] == {}, f"{action}: {details}")
        check(record["result"]["content"][0]["text"] == "User cancelled the ask flow.", f"{action} text")
        check(record["result"].get("isError") is False, f"{action} is not a tool error")


@scenario
def a_launcher_shows_the_form_elsewhere_and_the_server_waits_for_it(tmp):
    # `tmux new-window` returns at once while the form runs in the new window: the
    # server waits for the form's own result, not for the launcher.
    tmux = Tmux("launch", "sleep 600")
    raw = Raw(["--ui", "launch", "--launch", "tmux new-window -n ask-form"], env=tmux.server_env())
    try:
        rid = raw.call(PAYLOAD)
        tmux.wait_for("Which database?")
        check("ask-form" in tmux.screen(), "the form runs in the launched window:\n" + tmux.screen())
        tmux.type(*KEYS)
        result = raw.wait(rid)["result"]
        # A cancel reaches a launched form too.
        rid = raw.call(PAYLOAD)
        tmux.wait_for("Which database?")
        raw.notify("notifications/cancelled", {"requestId": rid})
        no_forms_left()
    finally:
        raw.close()
        tmux.close()
    same_as_ask_run(result, tmp)


@scenario
def ui_tty_draws_on_the_controlling_terminal_only_when_asked(tmp):
    out = os.path.join(tmp, "out.json")
    payload = write_json(tmp, "payload.json", PAYLOAD)
    # The Python SDK starts servers in a new session (no controlling terminal), so a
    # raw client that keeps the server in the pane's session stands in for a harness
    # that hands its terminal over. No $TMUX: the pane is just the controlling terminal.
    command = " ".join(shlex.quote(a) for a in [PY, os.path.join(HERE, "client.py"), "raw", out, payload, "--ui", "tty"])
    tmux = Tmux("tty", f"env -u TMUX -u TMUX_PANE {command}; sleep 600")
    try:
        tmux.wait_for("Which database?")
        tmux.type(*KEYS)
        record = read_record(out)
    finally:
        tmux.close()
    same_as_ask_run(record["result"], tmp)


@scenario
def calls_queue_one_popup_at_a_time_and_the_title_counts_the_waiting(tmp):
    tmux = Tmux("queue", "sleep 600")
    raw = Raw(["--ui", "popup"], env=tmux.server_env())
    try:
        first = raw.call(PAYLOAD)
        tmux.wait_for("Which database?")
        second = raw.call({"questions": [{"id": "next", "prompt": "Second form?", "options": [
            {"value": "y", "label": "Yes"}, {"value": "n", "label": "No"}]}]})
        time.sleep(0.5)
        check(len(form_processes()) == 1, f"one form at a time, got {form_processes()}")
        tmux.type(*KEYS)
        r1 = raw.wait(first)
        tmux.wait_for("Second form?")
        tmux.type("1", "\r")
        r2 = raw.wait(second)
    finally:
        raw.close()
        tmux.close()
    same_as_ask_run(r1["result"], tmp)
    check(r2["result"]["structuredContent"]["answers"]["next"]["values"] == ["y"], f"second: {r2}")
    no_forms_left()


@scenario
def the_popup_title_names_the_client_and_how_many_wait(tmp):
    tmux = Tmux("title", "sleep 600")
    raw = Raw(["--ui", "popup"], env=tmux.server_env())
    try:
        blocker = raw.call({"questions": [{"id": "first", "prompt": "First form?", "options": [{"value": "y", "label": "Yes"}]}]})
        tmux.wait_for("First form?")
        check("ask_user: raw-e2e asks " in tmux.screen(), "title names the client:\n" + tmux.screen())
        queued = [raw.call(PAYLOAD), raw.call({"questions": [{"id": "x", "prompt": "Third form?", "options": [{"value": "y", "label": "Yes"}]}]})]
        time.sleep(0.3)
        tmux.type("1", "\r")
        raw.wait(blocker)
        tmux.wait_for("Which database?")
        check("(1 waiting)" in tmux.screen(), "the title counts the waiting call:\n" + tmux.screen())
        raw.notify("notifications/cancelled", {"requestId": queued[1]})
        raw.notify("notifications/cancelled", {"requestId": queued[0]})
        tmux.wait_gone("Which database?")
        pong = raw.request("ping")
        check("result" in pong, "the server still answers")
    finally:
        raw.close()
        tmux.close()
    no_forms_left()


@scenario
def cancel_in_the_middle_of_a_popup_closes_it_and_leaves_no_form(tmp):
    tmux = Tmux("cancel", "sleep 600")
    raw = Raw(["--ui", "popup"], env=tmux.server_env())
    try:
        rid = raw.call(PAYLOAD)
        tmux.wait_for("Which database?")
        tmux.type("2")
        raw.notify("notifications/cancelled", {"requestId": rid, "reason": "the user pressed Esc in the harness"})
        tmux.wait_gone("Which database?")
        no_forms_left()
        check("result" in raw.request("ping"), "the server answers after a cancel")
        # The same questions again: the form resumes on the second tab (the draft kept SQLite).
        again = raw.call(PAYLOAD)
        tmux.wait_for("Which features?")
        tmux.type("1", "3", "\r", "\r")
        result = raw.wait(again)["result"]
    finally:
        raw.close()
        tmux.close()
    same_as_ask_run(result, tmp)
    no_forms_left()


@scenario
def a_killed_popup_resumes_from_its_draft(tmp):
    tmux = Tmux("draft", "sleep 600")
    raw = Raw(["--ui", "popup"], env=tmux.server_env())
    try:
        first = raw.call(PAYLOAD)
        tmux.wait_for("Which database?")
        tmux.type("2")
        time.sleep(1.0)  # the draft is saved at most every 500 ms and on every tab change
        for pid in form_processes():
            os.kill(pid, signal.SIGKILL)
        r1 = raw.wait(first)
        check(r1["result"]["structuredContent"]["cancelled"] is True, "a killed form is a cancelled result")
        again = raw.call(PAYLOAD)
        tmux.wait_for("Which features?")  # resumed on the second tab
        tmux.type("1", "3", "\r", "\r")
        result = raw.wait(again)["result"]
    finally:
        raw.close()
        tmux.close()
    same_as_ask_run(result, tmp)


@scenario
def closing_stdin_or_sigterm_closes_every_form_and_the_server_exits(tmp):
    for how in ("eof", "sigterm"):
        os.environ["XDG_STATE_HOME"] = os.path.join(tmp, how)  # each run starts without a draft
        tmux = Tmux(f"gone-{how}", "sleep 600")
        raw = Raw(["--ui", "popup"], env=tmux.server_env())
        try:
            rid = raw.call(PAYLOAD)
            raw.call(PAYLOAD)  # a queued second call
            tmux.wait_for("Which database?")
            tmux.type("2")
            if how == "eof":
                code = raw.close(timeout=10)
            else:
                raw.proc.send_signal(signal.SIGTERM)
                reply = raw.wait(rid, timeout=10)
                details = reply["result"]["structuredContent"]
                check(details["cancelled"] is True, f"SIGTERM gives the cancelled result: {details}")
                code = raw.proc.wait(10)
            check(code == 0, f"{how}: exit status {code}")
            tmux.wait_gone("Which database?")
            no_forms_left()
        finally:
            if raw.proc.poll() is None:
                raw.proc.kill()
            tmux.close()


@scenario
def progress_notifications_count_the_answered_questions(tmp):
    tmux = Tmux("progress", "sleep 600")
    raw = Raw(["--ui", "popup"], env=tmux.server_env())
    try:
        rid = raw.call(PAYLOAD, meta={"progressToken": "p1"})
        tmux.wait_for("Which database?")
        tmux.type("2")
        wait_until(lambda: [m for m in raw.seen + list(raw.messages.queue) if m and m.get("method") == "notifications/progress"],
                   14, "a progress notification")
        progress = [m for m in raw.seen + list(raw.messages.queue) if m and m.get("method") == "notifications/progress"][0]
        check(progress["params"]["progressToken"] == "p1", f"token: {progress}")
        check(progress["params"]["message"] == "1 of 2 answered", f"message: {progress}")
        tmux.type("1", "3", "\r", "\r")
        result = raw.wait(rid)["result"]
    finally:
        raw.close()
        tmux.close()
    same_as_ask_run(result, tmp)


@scenario
def bad_input_gets_clear_json_rpc_errors_and_nothing_else(tmp):
    raw = Raw(["--ui", "none"])
    try:
        raw.send_line("{this is not json")
        check("result" in raw.request("ping"), "malformed JSON is skipped, the server answers the next request")
        err = raw.request("resources/list")
        check(err.get("error", {}).get("code") == -32601, f"unknown method: {err}")
        err = raw.request("tools/call", {"name": "ask_somebody", "arguments": {}})
        check(err.get("error", {}).get("code") == -32602 and "ask_somebody" in err["error"]["message"], f"unknown tool: {err}")
        # rmcp cannot read params whose arguments are not an object and answers as for an
        # unknown request (-32601); either way a JSON-RPC error, never a result or a hang.
        err = raw.request("tools/call", {"name": "ask_user", "arguments": "questions"})
        check(err.get("error", {}).get("code") in (-32601, -32602), f"arguments not an object: {err}")
        res = raw.request("tools/call", {"name": "ask_user", "arguments": {"questions": [{"id": 5}]}})["result"]
        check(res["isError"] is True and res["content"][0]["text"].startswith("Invalid ask_user payload:"), f"{res}")
        check(res["structuredContent"]["error"]["issues"], "issues in structuredContent")
        big = {"questions": [{"id": "x", "prompt": "p" * (17 * 1024 * 1024), "options": [{"value": "a", "label": "A"}]}]}
        raw.send_line(json.dumps({"jsonrpc": "2.0", "id": 9999, "method": "tools/call", "params": {"name": "ask_user", "arguments": big}}))
        check("result" in raw.request("ping", timeout=30), "an over-16-MiB line is dropped and the server carries on")
        ids = [raw.call(PAYLOAD) for _ in range(100)]
        results = [raw.wait(i, timeout=60) for i in ids]
        check(all(r["result"]["content"][0]["text"].startswith("Needs user input") for r in results), "100 concurrent calls answered")
        check(all("tmux" in r["result"]["content"][0]["text"] for r in results), "the no-form text names the options")
        check(not [m for m in raw.seen if m and "id" in m and m["id"] == 9999], "no answer to the dropped line")
        stderr_ok = raw.close() == 0
        check(stderr_ok, "clean exit")
        err_text = raw.proc.stderr.read().decode()
        check("panicked" not in err_text, f"no panic: {err_text}")
    finally:
        if raw.proc.poll() is None:
            raw.proc.kill()


@scenario
def a_client_that_stops_reading_does_not_hang_the_server(tmp):
    # Nobody reads stdout: 200 tool lists (about 2 MB of replies) fill the pipe long before
    # the server is done, so its writes block. Closing stdin must still end it.
    raw = Raw(["--ui", "none"], initialize=False, read=False)
    raw.send_line(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "stuck", "version": "1"}}}))
    raw.notify("notifications/initialized")
    for _ in range(200):
        raw.start("tools/list")
    time.sleep(1)
    check(raw.proc.poll() is None, "the server waits for the reader")
    try:
        raw.proc.stdin.close()
        code = raw.proc.wait(20)
    except subprocess.TimeoutExpired:
        raw.proc.kill()
        raise Fail("ask mcp hung with a full stdout after stdin closed") from None
    check(code is not None, "the server exited")


def http(url, token=None, body=b"{}", headers=None):
    req = urllib.request.Request(url, data=body, method="POST")
    req.add_header("Content-Type", "application/json")
    req.add_header("Accept", "application/json, text/event-stream")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    for k, v in (headers or {}).items():
        req.add_header(k, v)
    try:
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def oversize_status(url, token):
    """Declares a body of 16 MiB + 1 and reads the answer before sending any of it."""
    import socket
    from urllib.parse import urlparse
    u = urlparse(url)
    with socket.create_connection((u.hostname, u.port), timeout=10) as sock:
        sock.sendall((f"POST {u.path} HTTP/1.1\r\nHost: {u.netloc}\r\nAuthorization: Bearer {token}\r\n"
                      f"Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                      f"Content-Length: {16 * 1024 * 1024 + 1}\r\n\r\n").encode())
        reply = sock.recv(4096).decode(errors="replace")
    return int(reply.split()[1])


def chunked_oversize_status(url, token):
    """Sends a chunked body (no length declared) that grows past 16 MiB."""
    import socket
    from urllib.parse import urlparse
    u = urlparse(url)
    with socket.create_connection((u.hostname, u.port), timeout=20) as sock:
        sock.sendall((f"POST {u.path} HTTP/1.1\r\nHost: {u.netloc}\r\nAuthorization: Bearer {token}\r\n"
                      f"Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                      f"Transfer-Encoding: chunked\r\n\r\n").encode())
        chunk = b"x" * (1024 * 1024)
        try:
            for _ in range(17):
                sock.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
            sock.sendall(b"0\r\n\r\n")
        except OSError:
            pass
        reply = sock.recv(4096).decode(errors="replace")
    return int(reply.split()[1])


@scenario
def http_needs_the_token_a_loopback_host_and_origin_and_caps_bodies(tmp):
    proc, url, token = start_http(dict(os.environ), tmp, ui="none")
    init = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw-http", "version": "1"}}}).encode()
    try:
        check(url.startswith("http://127.0.0.1:") and url.endswith("/mcp"), f"url {url}")
        status, _ = http(url, None, init)
        check(status == 401, f"no token: {status}")
        status, _ = http(url, "0" * 64, init)
        check(status == 401, f"wrong token: {status}")
        status, body = http(url, token, init, {"Host": "evil.example:80"})
        check(status in (400, 403, 421), f"foreign Host: {status} {body[:200]}")
        status, body = http(url, token, init, {"Origin": "http://evil.example"})
        check(status == 403, f"foreign Origin: {status} {body[:200]}")
        check(oversize_status(url, token) == 413, "a body declared over 16 MiB is refused before it is read")
        check(chunked_oversize_status(url, token) == 413, "a chunked body over 16 MiB is refused")
        status, body = http(url, token, init)
        check(status == 200 and b"ask-mcp" in body, f"a good request: {status} {body[:200]}")
        bad = subprocess.run([ASK, "mcp", "--http", "0.0.0.0:0"], capture_output=True, text=True, timeout=10)
        check(bad.returncode == 64 and "--allow-remote" in bad.stderr, f"non-loopback refused: {bad.stderr}")
    finally:
        proc.terminate()
        check(proc.wait(10) == 0, "the HTTP server exits on SIGTERM")


CACHE = os.environ.get("MCP_E2E_CACHE", os.path.join(HERE, ".cache"))
# The conformance runner's server scenarios that a tools-only server with one tool can
# meet. The others need tools, resources, prompts or capabilities the runner defines
# (test_simple_text, json_schema_2020_12_tool, logging, completion, ...): see NOTES.md.
CONFORMANCE = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection",
               "server-sse-polling", "server-sse-multiple-streams"]


@scenario
def inspector_cli_lists_the_tool_and_calls_it_in_a_popup(tmp):
    # inspector-cli looks for its package.json relative to the working folder.
    cli = os.path.join(CACHE, "node_modules", ".bin", "mcp-inspector-cli")
    listed = subprocess.run([cli, "--cli", ASK, "mcp", "--ui", "none", "--method", "tools/list"],
                            cwd=os.path.join(CACHE, "node_modules"), capture_output=True, text=True, timeout=60)
    check(listed.returncode == 0, f"tools/list failed: {listed.stderr}")
    tools = json.loads(listed.stdout)["tools"]
    check([t["name"] for t in tools] == ["ask_user"] and "outputSchema" in tools[0], f"tools: {listed.stdout[:300]}")
    out = os.path.join(tmp, "inspector.json")
    args = [cli, "--cli", ASK, "mcp", "--ui", "popup", "--method", "tools/call", "--tool-name", "ask_user",
            "--tool-arg", "questions=" + json.dumps(PAYLOAD["questions"])]
    command = "cd " + shlex.quote(os.path.join(CACHE, "node_modules")) + " && " + " ".join(shlex.quote(a) for a in args)
    tmux = Tmux("inspector", f"{command} > {shlex.quote(out)}.tmp 2>/dev/null; mv {shlex.quote(out)}.tmp {shlex.quote(out)}; sleep 600")
    try:
        tmux.wait_for("Which database?", timeout=30)
        tmux.type(*KEYS)
        wait_until(lambda: os.path.exists(out), 30, "inspector-cli to print the result")
    finally:
        tmux.close()
    same_as_ask_run(json.load(open(out)), tmp)


@scenario
def conformance_server_scenarios_that_apply_to_a_tools_only_server_pass(tmp):
    proc, url, token = start_http(dict(os.environ), tmp, ui="none")
    port_file = os.path.join(tmp, "proxy.port")
    proxy = subprocess.Popen([sys.executable, os.path.join(HERE, "token_proxy.py"), url, token, port_file])
    try:
        port = wait_until(lambda: os.path.exists(port_file) and open(port_file).read().strip(), 10, "the token proxy")
        runner = os.path.join(CACHE, "node_modules", ".bin", "conformance")
        failed = []
        for name in CONFORMANCE:
            res = subprocess.run([runner, "server", "--url", f"http://localhost:{port}/mcp", "--scenario", name],
                                 capture_output=True, text=True, timeout=120)
            summary = [line for line in res.stdout.splitlines() if line.startswith("Passed:")]
            if res.returncode != 0 or not summary or " 0 failed" not in summary[-1]:
                failed.append(f"{name}: {summary or res.stdout[-500:]}")
        check(not failed, "conformance scenarios failed: " + "; ".join(failed))
    finally:
        proxy.kill()
        proc.terminate()
        proc.wait(10)


@scenario
def an_http_session_that_ends_closes_its_form(tmp):
    import http.client
    import threading
    from urllib.parse import urlparse
    tmux = Tmux("session", "sleep 600")
    proc = None
    try:
        proc, url, token = start_http(tmux.server_env(), tmp)
        u = urlparse(url)
        base = {"Authorization": f"Bearer {token}", "Content-Type": "application/json",
                "Accept": "application/json, text/event-stream"}

        def post(body, session=None):
            conn = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
            headers = dict(base, **({"Mcp-Session-Id": session} if session else {}))
            conn.request("POST", u.path, json.dumps(body), headers)
            return conn.getresponse()

        resp = post({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw-http", "version": "1"}}})
        session = resp.getheader("Mcp-Session-Id")
        resp.read()
        check(session, "a session id")
        post({"jsonrpc": "2.0", "method": "notifications/initialized"}, session).read()
        threading.Thread(target=lambda: post({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                                              "params": {"name": "ask_user", "arguments": PAYLOAD}}, session).read(),
                         daemon=True).start()
        tmux.wait_for("Which database?")
        conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
        conn.request("DELETE", u.path, headers=dict(base, **{"Mcp-Session-Id": session}))
        status = conn.getresponse().status
        check(200 <= status < 300, f"DELETE of the session: {status}")
        tmux.wait_gone("Which database?", timeout=15)
        no_forms_left()
    finally:
        if proc:
            proc.terminate()
            proc.wait(10)
        tmux.close()


def run(names):
    passed = failed = 0
    for name in names:
        tmp = tempfile.mkdtemp(prefix=f"mcp-e2e-{name[:20]}-")
        os.environ["XDG_STATE_HOME"] = os.path.join(tmp, "state")
        start = time.time()
        try:
            SCENARIOS[name](tmp)
            passed += 1
            print(f"ok   {name} ({time.time() - start:.1f}s)", flush=True)
        except Exception as err:  # noqa: BLE001 - every failure is reported, then the next scenario runs
            failed += 1
            detail = str(err) if isinstance(err, Fail) else traceback.format_exc()
            print(f"FAIL {name}: {detail}", flush=True)
        for pid in form_processes():
            os.kill(pid, signal.SIGKILL)
    return passed, failed


if __name__ == "__main__":
    if not ASK:
        raise SystemExit("set ASK_BIN to the ask binary")
    selected = sys.argv[1:] or list(SCENARIOS)
    unknown = [n for n in selected if n not in SCENARIOS]
    if unknown:
        raise SystemExit(f"unknown scenarios {unknown}; known: {list(SCENARIOS)}")
    p, f = run(selected)
    print(f"{p} passed, {f} failed")
