"""The browser form of `ask run --web`, in Debian's chromium driven by Playwright: a
mixed form answered with clicks, keys, notes, previews and Elaborate; sync with the
terminal both ways (tmux); each security point; axe-core; screenshots.

Prints one line per test and, last, `N passed, N failed`."""

import json
import os
import sys
import time
import traceback
import urllib.request

from playwright.sync_api import sync_playwright

from harness import CACHE, Terminal, launch, launch_browser, scripted, wait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MIXED = json.load(open(os.path.join(ROOT, "examples", "mixed.json")))
TYPED = json.load(open(os.path.join(ROOT, "examples", "typed.json")))
# A mixed form with every typed input: text (lengths, e-mail), a number with bounds, a
# unit and a default, a date, yes or no, and a multi-select with an item count.
TYPED_MIXED = {"title": "New service", "questions": [
    MIXED["questions"][0],
    {"id": "name", "label": "Name", "type": "text", "prompt": "What should the service be called?",
     "minLength": 3, "maxLength": 40, "placeholder": "ledger-api"},
    {"id": "mail", "label": "Mail", "type": "text", "prompt": "Who gets the alerts?", "format": "email"},
    {"id": "replicas", "label": "Replicas", "type": "number", "prompt": "How many replicas?",
     "min": 1, "max": 10, "integer": True, "default": 3, "unit": "pods"},
    {"id": "launch", "label": "Launch", "type": "text", "prompt": "Which day does it launch?", "format": "date"},
    {"id": "deploy", "label": "Deploy", "type": "confirm", "prompt": "Deploy when the checks pass?",
     "yesLabel": "Deploy", "noLabel": "Wait for me"},
    {"id": "regions", "label": "Regions", "type": "multi", "prompt": "Which two regions first?",
     "minItems": 2, "maxItems": 2, "options": [
         {"value": "eu-west", "label": "EU West"}, {"value": "us-east", "label": "US East"},
         {"value": "ap-south", "label": "Asia Pacific South"}]}]}
SHOTS = os.path.join(ROOT, "target", "web-e2e", "screenshots")
AXE = os.path.join(CACHE, "node_modules", "axe-core", "axe.min.js")
TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


def base(link):
    return link.split("/?t=")[0]


def opened(context, link):
    page = context.new_page()
    page.goto(link)
    page.wait_for_selector("#q0 input")
    return page


@test
def a_mixed_form_answered_in_the_browser_equals_scripted_answers(pw):
    t = Terminal(MIXED, "--web-only")
    try:
        link = t.link()
        ctx = launch(pw)
        page = opened(ctx, link)
        assert page.url == base(link) + "/", f"the token left the address bar: {page.url}"
        # Index: the digit key on the focused question.
        page.focus("#q0 input[data-option='0']")
        page.keyboard.press("2")
        # Fields: clicks, then the n key opens the note of the focused option.
        page.get_by_role("checkbox", name="Title", exact=True).check()
        page.check("#q1 input[data-option='2']")
        page.focus("#q1 input[data-option='2']")
        page.keyboard.press("n")
        page.keyboard.type("only public tags")
        page.keyboard.press("Escape")
        # API: the preview of the clicked option shows as text.
        page.click("#q2 input[data-option='1']")
        preview = page.locator("#q2 pre[data-preview]")
        assert preview.is_visible()
        assert preview.text_content() == MIXED["questions"][2]["options"][1]["preview"]
        # Rollout: the digit after the last option is "Type your own"; Shift+N the note.
        page.focus("#q3 input[data-option='0']")
        page.keyboard.press("3")
        page.keyboard.type("canary first")
        page.keyboard.press("Escape")
        page.focus("#q3 input[data-custom]")
        page.keyboard.press("Shift+N")
        page.keyboard.type("ask ops")
        page.keyboard.press("Escape")
        page.click("#elaborate")
        page.wait_for_selector("#status.done")
        status = page.text_content("#status")
        assert "Answered in the browser" in status, status
        assert t.code() == 0
        result = t.result()
        assert result["details"]["answeredVia"] == "browser", result["details"]
        expected = scripted(MIXED, {"mode": "elaborate", "answers": {
            "index": {"values": ["tantivy"]},
            "fields": {"values": ["title", "tags"], "optionNotes": {"tags": "only public tags"}},
            "api": {"values": ["paged"]},
            "rollout": {"customText": "canary first", "note": "ask ops"}}})
        result["details"]["answeredVia"] = "scripted"
        assert result == expected, json.dumps([result, expected], indent=1)
        ctx.close()
    finally:
        t.close()


@test
def browser_and_terminal_stay_in_sync_and_a_browser_submit_closes_the_terminal(pw):
    t = Terminal(MIXED, "--web")
    try:
        link = t.link()
        t.wait_for("Where should the search index live?")
        ctx = launch(pw)
        page = opened(ctx, link)
        # Browser -> terminal.
        page.click("#q0 input[data-option='1']")
        t.wait_for("Tantivy in-process ✓", timeout=2)
        # Terminal -> browser: the digit picks Meilisearch on the terminal.
        t.keys("3")
        wait("the browser to check Meilisearch",
             lambda: page.is_checked("#q0 input[data-option='2']"), timeout=2)
        # A click and typing in the browser show on the terminal.
        t.wait_for("Which fields")
        page.click("#q1 input[data-option='0']")
        t.wait_for("[x] Title", timeout=2)
        page.click("#q1 textarea[data-custom-text]")
        page.keyboard.type("synonyms")
        t.wait_for("synonyms", timeout=2)
        page.click("#submit")
        assert t.code() == 0
        t.wait_for("ask: answered in the browser")
        assert t.modes_restored(), "terminal modes differ after ask"
        result = t.result()
        assert result["details"]["answeredVia"] == "browser"
        assert result["details"]["answers"]["index"]["values"] == ["meilisearch"]
        page.wait_for_selector("#status.done")
        ctx.close()
    finally:
        t.close()


@test
def a_terminal_submit_shows_in_the_browser(pw):
    t = Terminal(MIXED, "--web")
    try:
        link = t.link()
        ctx = launch(pw)
        page = opened(ctx, link)
        t.keys("Escape")
        page.wait_for_selector("#status.done")
        assert "in the terminal" in page.text_content("#status"), page.text_content("#status")
        assert page.is_disabled("#submit")
        assert t.code() == 1
        assert t.result()["details"]["answeredVia"] == "terminal"
        ctx.close()
    finally:
        t.close()


@test
def the_page_speaks_the_terminals_language_and_switches_with_it(pw):
    t = Terminal(MIXED, "--web", env={"LANG": "ja_JP.UTF-8"})
    try:
        link = t.link()
        t.wait_for("確認")
        ctx = launch(pw)
        page = opened(ctx, link)
        assert page.evaluate("() => document.documentElement.lang") == "ja"
        assert page.text_content("#submit") == "送信", page.text_content("#submit")
        assert "キー:" in page.text_content("header .keys")
        assert page.text_content("#q0 [data-custom] + .digit + span") == "自分で入力"
        # The terminal's overlay: the language row (last but one) goes from auto to English.
        t.keys("?")
        t.wait_for("Ask の設定")
        for _ in range(8):
            t.keys("Down")
        t.keys("Enter")
        t.wait_for("Ask settings")
        wait("the page to speak English", lambda: page.text_content("#submit") == "Submit", timeout=3)
        assert page.evaluate("() => document.documentElement.lang") == "en"
        t.keys("Escape")
        page.click("#q0 input[data-option='1']")
        page.click("#submit")
        page.wait_for_selector("#status.done")
        assert "Answered in the browser" in page.text_content("#status"), page.text_content("#status")
        assert t.code() == 0
        assert json.load(open(t.path("cfg.json")))["behaviour"]["locale"] == "en"
        ctx.close()
    finally:
        t.close()


def shows(page, selector, text):
    wait(f"{selector} to show {text!r}", lambda: page.is_visible(selector) and text in page.text_content(selector))


def hidden(page, selector):
    wait(f"{selector} to hide", lambda: not page.is_visible(selector))


def serious(page):
    page.add_script_tag(path=AXE)
    found = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], v["impact"], len(v["nodes"])) for v in found["violations"]
            if v["impact"] in ("serious", "critical")]


@test
def typed_questions_answered_in_the_browser_equal_scripted_answers(pw):
    t = Terminal(TYPED_MIXED, "--web-only")
    try:
        link = t.link()
        browser = launch_browser(pw)
        # bypass_csp only lets the test add axe-core; the page itself runs under its policy.
        page = opened(browser.new_context(bypass_csp=True), link)
        page.focus("#q0 input[data-option='0']")
        page.keyboard.press("2")
        # Text with lengths: the terminal's rule message shows inline as the person types.
        assert page.get_attribute("#t1", "placeholder") == "e.g. ledger-api"
        assert page.get_attribute("#t1", "maxlength") == "40"
        page.click("#t1")
        page.keyboard.type("ab")
        shows(page, "#e1", "at least 3 characters (2 now)")
        assert page.get_attribute("#t1", "aria-invalid") == "true"
        page.keyboard.type("c-api")
        hidden(page, "#e1")
        assert page.get_attribute("#t2", "type") == "email"
        page.fill("#t2", "ops@example.com")
        # A number: native input with its bounds, the default prefilled but not an answer.
        assert page.get_attribute("#t3", "type") == "number"
        assert (page.get_attribute("#t3", "min"), page.get_attribute("#t3", "max"),
                page.get_attribute("#t3", "step")) == ("1", "10", "1")
        assert page.input_value("#t3") == "3" and page.is_visible("#q3 [data-prefill-hint]")
        assert "suggested: 3" in page.text_content("#summary")
        page.fill("#t3", "12")
        shows(page, "#e3", "at most 10")
        assert page.text_content("#r3") == "A whole number from 1 to 10 (pods)"
        bad = serious(page)
        assert not bad, f"with a rule message showing: {bad}"
        # Nothing out of range is submitted: Submit is held back and the field focused.
        page.click("#submit")
        wait("the hold-back message", lambda: "Fix the marked answers" in page.text_content("#status"))
        assert page.evaluate("() => document.activeElement.id") == "t3"
        page.fill("#t3", "4")
        hidden(page, "#e3")
        page.click("#q3 button[data-add-note]")
        page.keyboard.type("keep 4 for now")
        page.keyboard.press("Escape")
        assert page.get_attribute("#t4", "type") == "date"
        page.fill("#t4", "2026-12-01")
        # Yes or no: the terminal's y and n keys.
        page.focus("#q5 input[data-option='0']")
        page.keyboard.press("n")
        assert page.is_checked("#q5 input[data-option='1']")
        assert page.locator("#q5 input[data-custom]").count() == 0, "no Type your own on yes or no"
        # An item count, checked the same way.
        page.check("#q6 input[data-option='0']")
        shows(page, "#e6", "choose at least 2 (1 chosen)")
        page.check("#q6 input[data-option='2']")
        hidden(page, "#e6")
        page.click("#elaborate")
        page.wait_for_selector("#status.done")
        assert "Answered in the browser" in page.text_content("#status")
        assert t.code() == 0
        result = t.result()
        assert result["details"]["answeredVia"] == "browser", result["details"]
        expected = scripted(TYPED_MIXED, {"mode": "elaborate", "answers": {
            "index": {"values": ["tantivy"]},
            "name": {"value": "abc-api"},
            "mail": {"value": "ops@example.com"},
            "replicas": {"value": 4, "note": "keep 4 for now"},
            "launch": {"value": "2026-12-01"},
            "deploy": {"value": False},
            "regions": {"values": ["eu-west", "ap-south"]}}})
        result["details"]["answeredVia"] = "scripted"
        assert result == expected, json.dumps([result, expected], indent=1)
        browser.close()
    finally:
        t.close()


def unmarked(text):
    """ASCII words outside the pseudo-locale's marks, key names left out."""
    found, depth, word = [], 0, ""
    for c in text + " ":
        if c == "⟦":
            depth += 1
        elif c == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0 and c.isascii() and c.isalpha():
            word += c
            continue
        if word and word not in ("n", "N", "y", "Shift", "Enter"):
            found.append(word)
        word = ""
    return found


@test
def every_text_of_the_page_comes_from_the_catalogue(pw):
    payload = {"title": "Настройка", "questions": [
        {"id": "db", "label": "База", "prompt": "Какую базу?", "options": [
            {"value": "pg", "label": "Постгрес", "description": "надёжно", "recommended": True,
             "preview": "строка"},
            {"value": "lite", "label": "Лайт", "preview": "строка"}], "type": "preview"},
        {"id": "ok", "label": "Выпуск", "prompt": "Развернуть?", "type": "confirm"},
        {"id": "free", "label": "Свободно", "prompt": "Что ещё?", "type": "text"}]}
    t = Terminal(payload, "--web-only", env={"LANG": "qps-ploc"})
    try:
        link = t.link()
        ctx = launch(pw)
        page = opened(ctx, link)
        page.click("#q0 input[data-option='0']")
        texts = [page.inner_text("body")]
        for button in page.query_selector_all("button[data-add-note]"):
            button.click()
        for button in page.query_selector_all("button[data-note-button]"):
            button.click()
        texts += [page.inner_text("body"), page.title()]
        texts += page.eval_on_selector_all("[aria-label]", "els => els.map(e => e.getAttribute('aria-label'))")
        page.click("#cancel")
        page.wait_for_selector("#cancel-confirm")
        texts.append(page.inner_text("body"))
        page.click("#cancel-yes")
        page.wait_for_selector("#status.done")
        texts.append(page.inner_text("body"))
        found = [w for text in texts for w in unmarked(text)]
        assert not found, f"{found} in {texts}"
        for said in ["⟦Submit⟧", "⟦Note on “Постгрес”⟧", "⟦Cancelled in the browser.⟧", "⟦Keys:⟧"]:
            assert any(said in text for text in texts), f"{said} in {texts}"
        # The check finds words: the page in English is full of them.
        assert len(unmarked("Note on this question ⟦x⟧ Type your own")) == 7
        assert t.code() == 1
        ctx.close()
    finally:
        t.close()


@test
def typed_answers_sync_between_the_terminal_and_the_browser(pw):
    t = Terminal(TYPED, "--web")
    try:
        link = t.link()
        t.wait_for("What should the service be called?")
        ctx = launch(pw)
        page = opened(ctx, link)
        # The terminal's editor is open on the text question: its answer shows in the browser.
        t.wait_for("ledger-api")  # the placeholder, once the guard against early keys is over
        time.sleep(0.4)
        t.keys("orders", "Enter")
        wait("the browser to show the terminal's text", lambda: page.input_value("#t0") == "orders", timeout=2)
        page.wait_for_selector("#q0 [data-mark]:not([hidden])")
        # The browser answers the number; the terminal's form ends with both answers.
        page.fill("#t1", "5")
        page.press("#t1", "Enter")
        page.focus("#q4 input[data-option='0']")
        page.keyboard.press("y")
        page.click("#submit")
        assert t.code() == 0
        answers = t.result()["details"]["answers"]
        assert answers["name"]["value"] == "orders", answers
        assert answers["replicas"]["value"] == 5, answers
        assert answers["deploy"]["value"] is True, answers
        assert t.result()["details"]["answeredVia"] == "browser"
        ctx.close()
    finally:
        t.close()


def status_of(page, url, **kw):
    try:
        r = page.goto(url, **kw)
        return r.status if r else None
    except Exception as err:  # connection refused once the listener is shut
        return str(err).splitlines()[0]


@test
def no_token_and_a_wrong_token_get_404(pw):
    t = Terminal(MIXED, "--web-only")
    try:
        link = t.link()
        ctx = launch(pw)
        page = ctx.new_page()
        assert status_of(page, base(link) + "/") == 404
        assert status_of(page, base(link) + "/api/view") == 404
        wrong = link[:-4] + ("0000" if not link.endswith("0000") else "1111")
        assert status_of(page, wrong) == 404
        # The right link still works afterwards.
        page = opened(ctx, link)
        ctx.close()
    finally:
        t.close()


@test
def ten_wrong_tokens_shut_the_listener(pw):
    t = Terminal(MIXED, "--web-only")
    try:
        link = t.link()
        ctx = launch(pw)
        page = ctx.new_page()
        for i in range(10):
            assert status_of(page, f"{base(link)}/?t={i:032x}") == 404
        got = wait("the listener to shut", lambda: (lambda s: s if s != 200 and not isinstance(s, int) else None)(status_of(page, link)))
        assert "ERR_CONNECTION_REFUSED" in got, got
        assert t.code() == 1, "the form is cancelled without its browser"
        assert "closed after 10 wrong links" in open(t.path("err")).read()
        assert "closed after 10 wrong links" in t.result()["content"][0]["text"]
        ctx.close()
    finally:
        t.close()


@test
def a_foreign_host_name_is_refused(pw):
    t = Terminal(MIXED, "--web-only")
    try:
        link = t.link()
        port = base(link).rsplit(":", 1)[1]
        # DNS rebinding: a name that resolves to the loopback address.
        ctx = launch(pw, ["--host-resolver-rules=MAP rebind.test 127.0.0.1"])
        page = ctx.new_page()
        foreign = link.replace(f"127.0.0.1:{port}", f"rebind.test:{port}")
        assert status_of(page, foreign) == 421
        ctx.close()
    finally:
        t.close()


@test
def a_cross_origin_post_changes_nothing(pw):
    import http.server
    import socketserver
    import threading
    evil_page = b"""<!doctype html><title>evil</title><form id=f method=POST enctype=text/plain>
<input name='{"v":1,"type":"submit","x":"' value='"}'></form>"""

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(evil_page)

        def log_message(self, *a):
            pass

    evil = socketserver.TCPServer(("127.0.0.1", 0), Evil)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    t = Terminal(MIXED, "--web-only")
    try:
        link = t.link()
        ctx = launch(pw)
        page = opened(ctx, link)  # the victim has the cookie
        attacker = ctx.new_page()
        attacker.goto(f"http://127.0.0.1:{evil.server_address[1]}/")
        statuses = []
        attacker.on("response", lambda r: statuses.append((r.url, r.status)))
        # A fetch with the cookie (same site, other port), and a plain form post.
        attacker.evaluate("""url => fetch(url + '/api/command', {method: 'POST', credentials: 'include',
            mode: 'no-cors', headers: {'Content-Type': 'text/plain'},
            body: JSON.stringify({v: 1, type: 'cancel'})}).catch(() => null)""", base(link))
        attacker.evaluate("url => { const f = document.getElementById('f'); f.action = url + '/api/command'; f.submit(); }", base(link))
        attacker.wait_for_load_state()
        wait("the form post's answer", lambda: any(s == 403 for _, s in statuses))
        view = page.evaluate("() => fetch('/api/view').then(r => r.json())")
        assert view["state"] == "open", view["state"]
        # The page's own request (same origin) still works.
        page.click("#cancel")
        assert t.code() == 1
        assert t.result()["details"]["answeredVia"] == "browser"
        ctx.close()
    finally:
        evil.shutdown()
        t.close()


@test
def payload_text_with_markup_is_shown_as_text(pw):
    payload = {"title": "<b>bold?</b>", "questions": [{"id": "x", "label": "<i>X</i>",
        "prompt": "Run <script>window.pwned = 1</script>?", "options": [
            {"value": "a", "label": "<img src=x onerror=\"window.pwned = 2\">",
             "preview": "</pre><script>window.pwned = 3</script>", "description": "<u>u</u>"},
            {"value": "b", "label": "B"}]}]}
    t = Terminal(payload, "--web-only")
    try:
        ctx = launch(pw)
        page = opened(ctx, t.link())
        page.click("#q0 input[data-option='0']")
        page.wait_for_timeout(200)
        assert page.evaluate("() => window.pwned") is None, "payload markup ran"
        assert page.text_content("#title") == "<b>bold?</b>"
        assert "<script>window.pwned = 1</script>" in page.text_content("#p0")
        assert page.locator("#q0 img").count() == 0
        assert page.text_content("#q0 pre[data-preview]") == "</pre><script>window.pwned = 3</script>"
        ctx.close()
    finally:
        t.close()


@test
def a_second_browser_after_the_first_submitted_cannot_answer(pw):
    t = Terminal(MIXED, "--web")
    try:
        link = t.link()
        browser = launch_browser(pw)
        first = browser.new_context()
        second = browser.new_context()
        a = opened(first, link)
        b = opened(second, link)
        a.click("#q0 input[data-option='0']")
        a.click("#submit")
        b.wait_for_selector("#status.done")
        assert "Answered in the browser" in b.text_content("#status")
        assert b.is_disabled("#q0 input[data-option='1']")
        assert t.code() == 0
        got = b.evaluate("""() => fetch('/api/command', {method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({v: 1, type: 'cancel'})}).then(r => r.status, e => 'refused')""")
        assert got in (409, 410, "refused"), got
        assert t.result()["details"]["cancelled"] is False
        third = browser.new_context().new_page()
        assert status_of(third, link) != 200
        browser.close()
    finally:
        t.close()


@test
def axe_finds_no_serious_or_critical_violation_and_screenshots(pw):
    for name, payload in [("mixed", MIXED), ("typed", TYPED_MIXED)]:
        t = Terminal(payload, "--web-only")
        try:
            link = t.link()
            browser = launch_browser(pw)
            os.makedirs(SHOTS, exist_ok=True)
            prefix = "" if name == "mixed" else "typed-"
            for scheme in ["light", "dark"]:
                ctx = browser.new_context(bypass_csp=True, color_scheme=scheme,
                                          viewport={"width": 1280, "height": 800})
                page = opened(ctx, link)
                if name == "mixed":
                    page.click("#q2 input[data-option='0']")
                else:  # a rule message and an item count problem showing
                    page.fill("#t3", "12")
                    shows(page, "#e3", "at most 10")
                    page.check("#q6 input[data-option='0']")
                    shows(page, "#e6", "choose at least 2")
                bad = serious(page)
                assert not bad, f"{name} {scheme}: {bad}"
                page.evaluate("() => window.scrollTo(0, 0)")
                page.screenshot(path=os.path.join(SHOTS, f"{prefix}1280x800-{scheme}.png"))
                page.set_viewport_size({"width": 375, "height": 812})
                page.evaluate("() => window.scrollTo(0, 0)")
                page.screenshot(path=os.path.join(SHOTS, f"{prefix}375x812-{scheme}.png"))
                page.screenshot(path=os.path.join(SHOTS, f"{prefix}375-full-{scheme}.png"), full_page=True)
                page.set_viewport_size({"width": 320, "height": 640})
                width = page.evaluate("() => document.documentElement.scrollWidth")
                assert width <= 320, f"{name} {scheme}: the page is {width}px wide at 320px"
                ctx.close()
            browser.close()
        finally:
            t.close()


# The phone points of the page (issue 31), in a file of their own.
from phone import TESTS as PHONE_TESTS  # noqa: E402

TESTS.extend(t for t in PHONE_TESTS if t not in TESTS)
# A reload after ask exited (issue 31), in a file of its own.
from ended import TESTS as ENDED_TESTS  # noqa: E402

TESTS.extend(t for t in ENDED_TESTS if t not in TESTS)
# A large form whose questions are built when needed (issue 33), in a file of its own.
from lazy import TESTS as LAZY_TESTS  # noqa: E402

TESTS.extend(t for t in LAZY_TESTS if t not in TESTS)


def main():
    passed = failed = 0
    only = sys.argv[1:]
    with sync_playwright() as pw:
        for fn in TESTS:
            if only and not any(o in fn.__name__ for o in only):
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
