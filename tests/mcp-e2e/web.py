"""Scenarios of the browser form: `--ui web` with a client without elicitation (the
server opens the browser, or prints the link on stderr), and URL-mode elicitation with
the Python SDK (the client gets the link; the answers come through the web server, never
through the client). A real headless chromium (tests/web-e2e's Playwright) answers."""

import json
import os
import re
import subprocess

from harness import HERE, PY, Raw, check, wait_until

from common import PAYLOAD, read_record, same_as_ask_run, scenario, write_json

# The popup's form plus a typed question, which the browser answers with a number field.
WEB_PAYLOAD = {"questions": PAYLOAD["questions"] + [
    {"id": "n", "label": "Replicas", "type": "number", "prompt": "How many replicas?", "min": 1, "max": 5, "integer": True}]}
WEB_ANSWERS = {"mode": "submit", "answers": {"db": {"values": ["lite"]}, "feat": {"values": ["a", "c"]},
                                             "n": {"value": 3}}}
LINK = re.compile(r"http://127\.0\.0\.1:[0-9]+/\?t=[0-9a-f]{32}")


def answer_in_browser(link):
    """tests/mcp-e2e/browser.py in tests/web-e2e's Python (Playwright, Debian's chromium)."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([os.environ["WEB_E2E_PY"], os.path.join(HERE, "browser.py"), link],
                         capture_output=True, text=True, timeout=60, env=env)
    check(out.returncode == 0, f"the browser failed: {out.stderr[-2000:]}")
    check("Answered in the browser" in out.stdout, f"the page said: {out.stdout}")


@scenario
def ui_web_opens_the_browser_form_and_a_real_browser_answers_it(tmp):
    out = os.path.join(tmp, "out.json")
    payload = write_json(tmp, "payload.json", WEB_PAYLOAD)
    # No desktop here: opening the browser fails quietly and the link on stderr is the way in.
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    client = subprocess.Popen([PY, os.path.join(HERE, "client.py"), "web", out, payload, "--ui", "web"], env=env)
    try:
        text = wait_until(lambda: os.path.exists(out + ".err") and LINK.search(open(out + ".err").read()), 20,
                          "the link on the server's stderr")
        check("ask mcp: answer in a browser: " in open(out + ".err").read(), "the link's line")
        answer_in_browser(text.group(0))
        record = read_record(out)
        client.wait(20)
    finally:
        if client.poll() is None:
            client.kill()
    check(record["result"]["structuredContent"]["answeredVia"] == "browser", "answered in the browser")
    same_as_ask_run(record["result"], tmp, WEB_PAYLOAD, WEB_ANSWERS, via=("browser",))
    check(record["result"]["structuredContent"]["answers"]["n"]["value"] == 3, "the typed value")


@scenario
def python_sdk_url_mode_elicitation_hands_over_the_browser_form(tmp):
    # The Python SDK declares form and URL elicitation; auto (no tmux, no launcher) takes
    # the browser form by URL mode before the client's own form.
    out = os.path.join(tmp, "out.json")
    payload = write_json(tmp, "payload.json", WEB_PAYLOAD)
    client = subprocess.Popen([PY, os.path.join(HERE, "client.py"), "url", out, payload, "--ui", "auto"])
    try:
        wait_until(lambda: os.path.exists(out + ".request.json"), 20, "the URL elicitation")
        request = json.load(open(out + ".request.json"))[0]
        check(request.get("mode") == "url", f"mode: {request}")
        check(LINK.fullmatch(request.get("url", "")), f"a loopback link with its token: {request}")
        check(re.fullmatch(r"[0-9a-f]{32}", request.get("elicitationId", "")), f"elicitationId: {request}")
        check("3 questions" in request["message"] and "browser" in request["message"], f"message: {request}")
        check("requestedSchema" not in request, "no form goes through the client")
        answer_in_browser(request["url"])
        record = read_record(out)
        client.wait(20)
    finally:
        if client.poll() is None:
            client.kill()
    same_as_ask_run(record["result"], tmp, WEB_PAYLOAD, WEB_ANSWERS, via=("browser",))
    done = [n for n in record["notifications"] if n.get("method") == "notifications/elicitation/complete"]
    check([n["params"]["elicitationId"] for n in done] == [request["elicitationId"]],
          f"notifications/elicitation/complete for this elicitation: {record['notifications']}")


@scenario
def url_mode_raw_json_rpc_decline_cancels_and_only_declared_modes_are_used(tmp):
    # A raw client that declares URL mode only: the server never sends a form request.
    raw = Raw(["--ui", "auto"], capabilities={"elicitation": {"url": {}}})
    try:
        rid = raw.call(PAYLOAD)
        ask = wait_until(lambda: next((m for m in raw.drain() if m.get("method") == "elicitation/create"), None), 20,
                         "elicitation/create")
        params = ask["params"]
        check(params["mode"] == "url" and LINK.fullmatch(params["url"]), f"{params}")
        raw.send_line(json.dumps({"jsonrpc": "2.0", "id": ask["id"], "result": {"action": "decline"}}))
        result = raw.wait(rid, timeout=20)["result"]
        check(result["structuredContent"]["cancelled"] is True, f"declined: {result}")
        # The browser form stops with the form: its port is closed.
        wait_until(lambda: _dead(params["url"]), 10, "the browser form to stop")
    finally:
        raw.close()
    # A client with form elicitation only gets the form request, never a URL one.
    raw = Raw(["--ui", "auto"], capabilities={"elicitation": {"form": {}}})
    try:
        rid = raw.call(PAYLOAD)
        ask = wait_until(lambda: next((m for m in raw.drain() if m.get("method") == "elicitation/create"), None), 20,
                         "elicitation/create")
        check(ask["params"].get("mode", "form") == "form" and "requestedSchema" in ask["params"], f"{ask}")
        raw.send_line(json.dumps({"jsonrpc": "2.0", "id": ask["id"], "result": {"action": "cancel"}}))
        check(raw.wait(rid, timeout=20)["result"]["structuredContent"]["cancelled"] is True, "cancelled")
    finally:
        raw.close()


def _dead(url):
    import socket
    host, port = url.split("/")[2].split(":")
    try:
        socket.create_connection((host, int(port)), timeout=2).close()
        return False
    except OSError:
        return True
