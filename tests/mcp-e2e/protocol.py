"""Scenarios about the protocol: elicitation, bad input, a client that stops reading,
HTTP safety and sessions, the inspector CLI and the conformance runner."""

import json
import os
import shlex
import subprocess
import sys
import time
import urllib.error
import urllib.request

from harness import ASK, HERE, PY, Fail, Raw, Tmux, check, wait_until

from common import KEYS, PAYLOAD, no_forms_left, read_record, same_as_ask_run, scenario, start_http, write_json

def elicit(tmp, action, content, args=("--ui", "elicit"), payload=PAYLOAD):
    out = os.path.join(tmp, f"out-{action}.json")
    payload = write_json(tmp, "payload.json", payload)
    env = dict(os.environ)
    subprocess.run([PY, os.path.join(HERE, "client.py"), "elicit", out, payload, action, json.dumps(content), *args],
                   env=env, timeout=60)
    return read_record(out), json.load(open(out + ".request.json"))


@scenario
def python_sdk_elicitation_accept_gives_the_result_of_the_same_answers(tmp):
    # The SDK declares URL mode too, which auto would take first (the browser form): the
    # client's own form is asked for by name.
    record, requests = elicit(tmp, "accept", {"q01_answer": "lite", "q02_answer": ["c", "a"]}, ("--ui", "elicit"))
    schema = requests[0]["requestedSchema"]
    # One field per question, then the note for the agent; nothing required or preset.
    check(list(schema["properties"]) == ["q01_answer", "q02_answer", "to_agent"],
          f"field order {list(schema['properties'])}")
    check("required" not in schema, f"required: {schema.get('required')}")
    check(schema["properties"]["q01_answer"]["oneOf"][0]["title"] == "PostgreSQL (Recommended)", "recommended title")
    check(schema["properties"]["q02_answer"]["items"]["anyOf"][2] == {"const": "c", "title": "Chat"}, "multi as anyOf items")
    same_as_ask_run(record["result"], tmp)


TYPED = {"questions": [
    {"id": "name", "label": "Name", "type": "text", "prompt": "Service name?", "minLength": 3, "maxLength": 20, "default": "svc"},
    {"id": "mail", "label": "Mail", "type": "text", "prompt": "Alerts to?", "format": "email"},
    {"id": "n", "label": "Replicas", "type": "number", "prompt": "How many?", "min": 1, "max": 10, "integer": True},
    {"id": "ok", "label": "Go", "type": "confirm", "prompt": "Deploy now?"},
    {"id": "envs", "label": "Envs", "type": "multi", "prompt": "Where?", "minItems": 1, "maxItems": 2,
     "options": [{"value": "dev", "label": "Dev"}, {"value": "prod", "label": "Prod"}]}]}


@scenario
def python_sdk_elicitation_of_typed_questions_gives_the_result_of_the_same_answers(tmp):
    content = {"q01_answer": "ledger", "q02_answer": "ops@example.com", "q03_answer": 4, "q04_answer": "no",
               "q05_answer": ["prod"]}
    record, requests = elicit(tmp, "accept", content, payload=TYPED)
    p = requests[0]["requestedSchema"]["properties"]
    check(p["q01_answer"] == {"type": "string", "title": "Name", "description": p["q01_answer"]["description"],
                              "minLength": 3, "maxLength": 20, "default": "svc"}, f"text: {p['q01_answer']}")
    check(p["q02_answer"]["format"] == "email", f"email: {p['q02_answer']}")
    check(p["q03_answer"]["type"] == "integer" and p["q03_answer"]["minimum"] == 1 and p["q03_answer"]["maximum"] == 10,
          f"integer: {p['q03_answer']}")
    # Yes or no is a choice with no default, so Accept never sends a "no" nobody chose.
    check(p["q04_answer"]["type"] == "string" and [c["const"] for c in p["q04_answer"]["oneOf"]] == ["yes", "no"]
          and "default" not in p["q04_answer"], f"yes/no: {p['q04_answer']}")
    check(p["q05_answer"]["minItems"] == 1 and p["q05_answer"]["maxItems"] == 2, f"items: {p['q05_answer']}")
    same_as_ask_run(record["result"], tmp, TYPED, {"mode": "submit", "answers": {
        "name": {"value": "ledger"}, "mail": {"value": "ops@example.com"}, "n": {"value": 4},
        "ok": {"value": False}, "envs": {"values": ["prod"]}}})


@scenario
def python_sdk_elicitation_decline_and_cancel_give_the_cancelled_result(tmp):
    for action in ("decline", "cancel"):
        record, _ = elicit(tmp, action, {})
        details = record["result"]["structuredContent"]
        check(details["cancelled"] is True and details["answers"] == {}, f"{action}: {details}")
        check(record["result"]["content"][0]["text"] == "User cancelled the ask flow.", f"{action} text")
        check(record["result"].get("isError") is False, f"{action} is not a tool error")



@scenario
def bad_input_gets_clear_json_rpc_errors_and_nothing_else(tmp):
    raw = Raw(["--ui", "none"])
    try:
        raw.send_line("{this is not json")
        check("result" in raw.request("ping"), "after malformed JSON the server answers the next request")
        check([m for m in raw.seen if m and m.get("id", 0) is None and m.get("error", {}).get("code") == -32700],
              "malformed JSON gets a JSON-RPC parse error (-32700, id null)")
        # The server offers no prompts (resources it does offer: the MCP App's page, listed
        # only for a client that declares the UI extension, so this one gets an empty list).
        err = raw.request("prompts/list")
        check(err.get("error", {}).get("code") == -32601, f"unknown method: {err}")
        listed = raw.request("resources/list")
        check(listed.get("result") == {"resources": []}, f"no page for a client without the extension: {listed}")
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
        check("result" in raw.request("ping", timeout=30), "after an over-16-MiB line the server carries on")
        check([m for m in raw.seen if m and m.get("id", 0) is None and m.get("error", {}).get("code") == -32600],
              "an over-16-MiB line gets an invalid-request error (-32600, id null)")
        ids = [raw.call(PAYLOAD) for _ in range(100)]
        results = [raw.wait(i, timeout=60) for i in ids]
        check(all(r["result"]["content"][0]["text"].startswith("Needs user input") for r in results), "100 concurrent calls answered")
        check(all("tmux" in r["result"]["content"][0]["text"] for r in results), "the no-form text names the options")
        check(not [m for m in raw.seen if m and "id" in m and m["id"] == 9999], "the over-long line was never read as a call")
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
# meet. Its newest version (0.1.16) has no 2026-07-28 scenario yet (`conformance list`
# names 2025-06-18, 2025-11-25, draft and extension ones only); the 2026-07-28 rounds are
# tested by mrtr.py with the Python SDK and a raw client. The others need tools, resources, prompts or capabilities the runner defines
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
        # The runner needs Node 22; the npm `node` package in the cache ships it.
        runner = [os.path.join(CACHE, "node_modules", ".bin", "node"),
                  os.path.join(CACHE, "node_modules", ".bin", "conformance")]
        failed = []
        for name in CONFORMANCE:
            res = subprocess.run([*runner, "server", "--url", f"http://localhost:{port}/mcp", "--scenario", name],
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


