"""`ask_user` as an MCP App in a web host made of the ext-apps SDK's AppBridge (npm),
in Debian's chromium driven by Playwright: the person answers in the app frame and the
model's result equals `ask run --answers` (answeredVia "app"); Elaborate and Cancel;
axe on the app frame, light and dark; markup and bidi controls in the payload stay
text; the screenshot in docs/. `--bench`: the timings, as medians.

Prints one line per test and, last, `N passed, N failed`."""

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import traceback

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "web-e2e"))
from playwright.sync_api import sync_playwright  # noqa: E402

from harness import ASK, CACHE, launch_browser, scripted, wait  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APP_CACHE = os.environ["APP_E2E_CACHE"]
AXE = os.path.join(CACHE, "node_modules", "axe-core", "axe.min.js")
MIXED = json.load(open(os.path.join(ROOT, "examples", "mixed.json")))
# Single, multi, preview and a typed question (a number with bounds).
FORM = {"title": MIXED.get("title", "Search"), "questions": MIXED["questions"][:3] + [
    {"id": "replicas", "label": "Replicas", "type": "number", "prompt": "How many replicas?",
     "min": 1, "max": 10, "integer": True, "unit": "pods"}]}
SHOT = os.path.join(ROOT, "docs", "app-in-host.png")
TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Host:
    """server.mjs (the MCP client running `ask mcp`, the host page and the sandbox) and
    a chromium page on the host."""

    def __init__(self, pw, theme="light", viewport=(1000, 900)):
        self.dir = tempfile.mkdtemp(prefix="ask-app-e2e-")
        self.port, self.sandbox = free_port(), free_port()
        env = dict(os.environ, HOME=self.dir, XDG_STATE_HOME=os.path.join(self.dir, "state"),
                   XDG_CONFIG_HOME=os.path.join(self.dir, "config"), LANG="C.UTF-8",
                   LC_ALL="", LC_MESSAGES="", ASK_CONFIG=os.path.join(self.dir, "cfg.json"))
        env.pop("TMUX", None)
        env.pop("TMUX_PANE", None)
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        self.err = open(os.path.join(self.dir, "stderr"), "w")
        self.proc = subprocess.Popen(
            ["node", os.path.join(APP_CACHE, "host", "server.mjs"), str(self.port), str(self.sandbox),
             os.path.join(APP_CACHE, "host")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err, text=True, env=env)
        line = self.proc.stdout.readline()
        assert line.strip() == "ready", f"the host did not start: {line!r} {self.stderr()}"
        self.browser = launch_browser(pw)
        self.ctx = self.browser.new_context(color_scheme=theme,
                                           viewport={"width": viewport[0], "height": viewport[1]})
        self.page = self.ctx.new_page()
        self.page.goto(f"http://127.0.0.1:{self.port}/?theme={theme}"
                       f"&sandbox=http://127.0.0.1:{self.sandbox}/sandbox.html")
        wait("the host page", lambda: self.page.text_content("#state") == "ready")
        self.result = None

    def stderr(self):
        return open(os.path.join(self.dir, "stderr")).read()

    def call(self, payload):
        """Calls ask_user as the model would; the app shows; returns the app's frame."""
        self.page.evaluate("""(p) => { window.result = null; window.failed = null;
            window.askHost.callTool('ask_user', p).then(r => { window.marks.result = Date.now(); window.result = r; },
                                                        e => { window.failed = String(e); }); }""", payload)
        self.page.wait_for_selector("#app-frame")
        frame = self.page.frame_locator("#app-frame").frame_locator("iframe")
        frame.locator("#q0 input").first.wait_for()
        return frame

    def inner(self):
        """The app's own frame (a Frame, for evaluate)."""
        for f in self.page.frames:
            if f.parent_frame is not None and f.parent_frame.parent_frame is not None:
                return f
        raise AssertionError("no app frame")

    def wait_result(self, timeout=15.0):
        def done():
            failed = self.page.evaluate("() => window.failed")
            assert not failed, failed
            return self.page.evaluate("() => window.result")
        return wait("the ask_user result", done, timeout)

    def close(self):
        try:
            self.browser.close()
        finally:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.err.close()


def details(result):
    return result["structuredContent"]


@test
def a_mixed_form_answered_in_the_app_equals_scripted_answers(pw):
    host = Host(pw)
    try:
        app = host.call(FORM)
        app.locator("#q0 input[data-option='1']").click()
        app.get_by_role("checkbox", name="Title", exact=True).check()
        app.locator("#q1 input[data-option='2']").check()
        app.locator("#q2 input[data-option='1']").click()
        preview = app.locator("#q2 pre[data-preview]")
        assert preview.text_content() == FORM["questions"][2]["options"][1]["preview"]
        # A number out of bounds is refused by the terminal's own rule, then a good one.
        app.locator("#t3").fill("12")
        wait("the rule", lambda: "at most 10" in (app.locator("#e3").text_content() or ""))
        app.locator("#t3").fill("4")
        wait("the rule to clear", lambda: not app.locator("#e3").is_visible())
        app.locator("#submit").click()
        app.locator("#status.done").wait_for()
        result = host.wait_result()
        got = details(result)
        assert got["answeredVia"] == "app", got
        expected = scripted(FORM, {"mode": "submit", "answers": {
            "index": {"values": ["tantivy"]},
            "fields": {"values": ["title", "tags"]},
            "api": {"values": ["paged"]},
            "replicas": {"value": 4}}})
        got["answeredVia"] = "scripted"
        assert got == expected["details"], json.dumps([got, expected["details"]], indent=1)
        assert not result.get("isError"), result
        assert "asking through app" in host.stderr(), host.stderr()
    finally:
        host.close()


@test
def elaborate_in_the_app_gives_the_notes_as_scripted_answers_do(pw):
    host = Host(pw)
    try:
        app = host.call(FORM)
        app.locator("#q0 input[data-option='0']").click()
        app.locator("#q0 input[data-option='0']").focus()
        app.locator("#q0 input[data-option='0']").press("n")
        host.page.keyboard.type("is it fast enough?")
        host.page.keyboard.press("Escape")
        app.locator("#elaborate").click()
        app.locator("#status.done").wait_for()
        got = details(host.wait_result())
        assert got["answeredVia"] == "app" and got["mode"] == "elaborate", got
        expected = scripted(FORM, {"mode": "elaborate", "answers": {
            "index": {"values": ["sqlite_fts"], "optionNotes": {"sqlite_fts": "is it fast enough?"}}}})
        got["answeredVia"] = "scripted"
        assert got == expected["details"], json.dumps([got, expected["details"]], indent=1)
    finally:
        host.close()


@test
def the_app_drawn_again_after_the_call_shows_what_it_gave(pw):
    host = Host(pw)
    try:
        app = host.call(FORM)
        app.locator("#q0 input[data-option='1']").click()
        app.locator("#submit").click()
        result = host.wait_result()
        # The host draws the conversation again: the same input, the result at once.
        host.page.evaluate("() => { document.getElementById('apps').textContent = ''; }")
        host.page.evaluate("([p, r]) => window.askHost.showAgain('ask_user', p, r)", [FORM, result])
        again = host.page.frame_locator("#app-frame").frame_locator("iframe")
        again.locator("#status.done").wait_for()
        assert again.locator("#status").text_content() == result["content"][0]["text"]
        assert again.locator("#q0").count() == 0
    finally:
        host.close()


@test
def cancel_in_the_app_asks_once_more_and_keeps_the_answers(pw):
    host = Host(pw)
    try:
        app = host.call(FORM)
        app.locator("#q0 input[data-option='2']").click()
        app.locator("#cancel").click()
        app.locator("#cancel-yes").click()
        app.locator("#status.done").wait_for()
        got = details(host.wait_result())
        assert got["cancelled"] is True and got["answeredVia"] == "app", got
        assert got["answers"]["index"]["values"] == ["meilisearch"], got
    finally:
        host.close()


@test
def markup_and_bidi_controls_in_the_payload_stay_text(pw):
    payload = {"title": "<b>bold?</b>", "questions": [{"id": "x", "label": "<i>X</i>",
        "prompt": "Run <script>window.pwned = 1</script>?", "options": [
            {"value": "a", "label": "Safe \u202eexe.tnemucod\u202c option",
             "preview": "</pre><script>window.pwned = 3</script>", "description": "<u>u</u>"},
            {"value": "b", "label": "<img src=x onerror=\"window.pwned = 2\">"}]}]}
    host = Host(pw)
    try:
        app = host.call(payload)
        app.locator("#q0 input[data-option='0']").click()
        inner = host.inner()
        assert inner.evaluate("() => window.pwned") is None, "payload markup ran"
        assert app.locator("#title").text_content() == "<b>bold?</b>"
        assert "<script>window.pwned = 1</script>" in app.locator("#p0").text_content()
        assert app.locator("#q0 img").count() == 0
        assert app.locator("#q0 pre[data-preview]").text_content() == "</pre><script>window.pwned = 3</script>"
        label = app.locator("#q0").text_content()
        assert "\u202e" not in label and "\u202c" not in label, repr(label)
        assert "Safe" in label and "exe.tnemucod" in label, repr(label)
        app.locator("#cancel").click()
        if app.locator("#cancel-yes").is_visible():
            app.locator("#cancel-yes").click()
        host.wait_result()
    finally:
        host.close()


def serious(frame):
    frame.evaluate(open(AXE).read() + "\n;0")
    found = frame.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], v["impact"], len(v["nodes"])) for v in found["violations"]
            if v["impact"] in ("serious", "critical")]


@test
def axe_finds_nothing_serious_in_the_app_frame_light_and_dark_and_the_screenshot(pw):
    for theme in ["light", "dark"]:
        host = Host(pw, theme=theme, viewport=(900, 1000))
        try:
            app = host.call(FORM)
            app.locator("#q2 input[data-option='0']").click()
            inner = host.inner()
            scheme = inner.evaluate("() => getComputedStyle(document.body).backgroundColor")
            bad = serious(inner)
            assert not bad, f"{theme}: {bad}"
            if theme == "light":
                # The top of the form as the host shows it (the frame grows to the page's
                # height, reported by the app), within the window.
                inner.evaluate("() => window.scrollTo(0, 0)")
                host.page.evaluate("() => window.scrollTo(0, 0)")
                box = host.page.locator("#app-frame").bounding_box()
                host.page.screenshot(path=SHOT, clip={"x": box["x"], "y": box["y"], "width": box["width"],
                                                      "height": min(box["height"], 1000 - box["y"])})
            assert scheme, scheme
            app.locator("#cancel").click()
            if app.locator("#cancel-yes").is_visible():
                app.locator("#cancel-yes").click()
            host.wait_result()
        finally:
            host.close()


@test
def a_client_without_the_extension_sees_one_tool_and_no_page(pw):
    # The same binary over stdio without the extension: today's tool list exactly.
    req = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "plain", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "resources/read", "params": {"uri": "ui://ask/form.html"}},
    ]
    env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
    proc = subprocess.Popen([ASK, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env)
    replies = {}
    def read():
        for line in proc.stdout:
            msg = json.loads(line)
            if "id" in msg:
                replies[msg["id"]] = msg
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    for msg in req:
        proc.stdin.write(json.dumps(msg) + "\n")
        proc.stdin.flush()
    wait("the replies", lambda: 2 in replies and 3 in replies)
    proc.stdin.close()
    proc.wait(timeout=10)
    tools = replies[2]["result"]["tools"]
    assert [t["name"] for t in tools] == ["ask_user"], tools
    assert "_meta" not in tools[0] or "ui" not in tools[0]["_meta"], tools[0]
    assert "error" in replies[3], replies[3]


def bench(pw, runs=9):
    """Medians: app frame created to the first question drawn, and the Submit click to
    the model's result (both on the machine's clock, read in the frames)."""
    calls, loads, answers = [], [], []
    host = Host(pw)
    try:
        for _ in range(runs):
            host.page.evaluate("() => { document.getElementById('apps').textContent = ''; }")
            start = host.page.evaluate("() => Date.now()")
            app = host.call({"questions": [FORM["questions"][0]]})
            inner = host.inner()
            drawn = inner.evaluate("() => Date.now()")
            calls.append(drawn - start)
            loads.append(drawn - host.page.evaluate("() => window.marks.frame"))
            app.locator("#q0 input[data-option='0']").click()
            inner.evaluate("() => document.addEventListener('click', () => { window.clicked = Date.now(); }, true)")
            app.locator("#submit").click()
            host.wait_result()
            clicked = inner.evaluate("() => window.clicked")
            done = host.page.evaluate("() => window.marks.result")
            answers.append(done - clicked)
    finally:
        host.close()
    load = os.getloadavg()
    print(f"ask_user call to first question drawn (ms): median {statistics.median(calls)} of {calls}")
    print(f"app frame created to first question drawn (ms): median {statistics.median(loads)} of {loads}")
    print(f"submit click to ask_user result (ms): median {statistics.median(answers)} of {answers}")
    print(f"load average: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


def main():
    passed = failed = 0
    args = sys.argv[1:]
    with sync_playwright() as pw:
        if args[:1] == ["--bench"]:
            bench(pw)
            return 0
        for fn in TESTS:
            if args and not any(o in fn.__name__ for o in args):
                continue
            try:
                fn(pw)
                passed += 1
                print(f"ok   {fn.__name__}", flush=True)
            except Exception:
                failed += 1
                print(f"FAIL {fn.__name__}", flush=True)
                traceback.print_exc()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
