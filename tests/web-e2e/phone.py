"""The browser page finished for phones (issue 31): the done screen in view, Cancel that
asks once more, notes that fold away, Esc that keeps focus, untrusted text neutralised,
placeholders said as examples, refused text in the review, a lost connection, the icon.
At 375x740 and 1280x800, light and dark, with axe clean."""

import json
import os
import signal
import subprocess

from harness import Terminal, launch_browser, wait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MIXED = json.load(open(os.path.join(ROOT, "examples", "mixed.json")))
SIZES = [(375, 740), (1280, 800)]
SCHEMES = ["light", "dark"]
TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


def opened(browser, link, size, scheme, axe_ok=True):
    ctx = browser.new_context(bypass_csp=axe_ok, color_scheme=scheme,
                              viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page.goto(link)
    page.wait_for_selector("#q0 input")
    return ctx, page


def in_view(page, selector):
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= height


def focused(page):
    return page.evaluate("""() => { const a = document.activeElement;
        return a ? a.tagName + (a.dataset.option !== undefined ? '#option' + a.dataset.option : '') : ''; }""")


def serious(page):
    from web_e2e import serious as axe
    return axe(page)


@test
def notes_fold_esc_keeps_focus_cancel_asks_once_more_and_the_end_is_in_view(pw):
    browser = launch_browser(pw)
    try:
        for size in SIZES:
            for scheme in SCHEMES:
                where = f"{size[0]}x{size[1]} {scheme}"
                t = Terminal(MIXED, "--web-only")
                try:
                    ctx, page = opened(browser, t.link(), size, scheme)
                    # Notes fold away: one "Add a note" per question, no note box or
                    # per-option note button until asked for.
                    assert page.locator("textarea[data-note]:visible").count() == 0, where
                    assert page.locator("button[data-note-button]:visible").count() == 0, where
                    assert page.locator("button[data-add-note]:visible").count() == 4, where
                    page.click("#q1 button[data-add-note]")
                    assert page.evaluate("() => document.activeElement.dataset.questionNote !== undefined"), where
                    page.click("#q1 button[data-note-button='2']")
                    note = page.locator("#q1 textarea[data-note='2']")
                    assert note.is_visible(), where
                    # Not squeezed: the note box takes the option's width.
                    row = page.locator("#q1 .option").nth(2).bounding_box()
                    assert note.bounding_box()["width"] >= row["width"] * 0.8, (where, note.bounding_box(), row)
                    page.keyboard.type("only public tags")
                    # Esc leaves the note for its option, not for the page.
                    page.keyboard.press("Escape")
                    assert focused(page) == "INPUT#option2", (where, focused(page))
                    page.keyboard.press("3")
                    bad = serious(page)
                    assert not bad, f"{where}: {bad}"
                    # Cancel with answers asks once more; "Keep answering" keeps the form.
                    page.click("#cancel")
                    assert page.is_visible("#cancel-confirm"), where
                    assert page.evaluate("() => document.activeElement.id") == "cancel-no", where
                    bad = serious(page)
                    assert not bad, f"{where} confirm: {bad}"
                    page.click("#cancel-no")
                    assert not page.is_visible("#cancel-confirm"), where
                    page.click("#cancel")
                    page.click("#cancel-yes")
                    page.wait_for_selector("#status.done")
                    wait("the done line in view", lambda: in_view(page, "#status"))
                    assert "Cancelled in the browser" in page.text_content("#status"), where
                    assert t.code() == 1
                    result = t.result()
                    assert result["details"]["cancelled"] is True, result
                    assert result["details"]["answers"]["fields"]["optionNotes"] == {"tags": "only public tags"}
                    # ask exited: the done screen stays.
                    assert "Cancelled in the browser" in page.text_content("#status"), where
                    bad = serious(page)
                    assert not bad, f"{where} done: {bad}"
                    ctx.close()
                finally:
                    t.close()
        # Submit: the end in view on a phone (the button is at the bottom of the form),
        # and a reload while ask still serves says the form was answered.
        t = Terminal(MIXED, "--web")
        try:
            ctx, page = opened(browser, t.link(), SIZES[0], "light")
            page.click("#q0 input[data-option='0']")
            page.click("#submit")
            page.wait_for_selector("#status.done")
            wait("the done line in view", lambda: in_view(page, "#status"))
            assert "Answered in the browser" in page.text_content("#status")
            assert t.code() == 0
            ctx.close()
        finally:
            t.close()
        # Cancel with nothing given ends at once.
        t = Terminal(MIXED, "--web-only")
        try:
            ctx, page = opened(browser, t.link(), SIZES[0], "dark")
            page.click("#cancel")
            page.wait_for_selector("#status.done")
            assert t.code() == 1
            ctx.close()
        finally:
            t.close()
    finally:
        browser.close()


@test
def bidi_controls_and_invisible_characters_are_neutralised_and_the_page_has_an_icon(pw):
    payload = {"title": "Pick\u200b one", "questions": [{"id": "f", "prompt": "Which file\u2066 to run?",
               "options": [{"value": "a", "label": "Safe \u202eexe.tnemucod\u202c option",
                            "description": "zero\u200bwidth and \u200fmarks"},
                           {"value": "b", "label": "Other \U0001F468\u200d\U0001F469\u200d\U0001F467"}]}]}
    t = Terminal(payload, "--web-only")
    browser = launch_browser(pw)
    try:
        ctx, page = opened(browser, t.link(), SIZES[0], "light", axe_ok=False)
        label = page.text_content("#q0 .option >> nth=0")
        assert "\u202e" not in label and "\u202c" not in label, repr(label)
        assert "Safe \ufffdexe.tnemucod\ufffd option" in label, repr(label)
        text = page.evaluate("() => document.body.innerText")
        for c in "\u200b\u2066\u200f\u202e\u202c":
            assert c not in text, (hex(ord(c)), text)
        # A zero-width joiner inside an emoji sequence stays.
        assert "\U0001F468\u200d\U0001F469" in text
        icon = page.evaluate("""async () => { const link = document.querySelector('link[rel=icon]');
            const r = await fetch(link.href); return [r.status, r.headers.get('content-type')]; }""")
        assert icon == [200, "image/svg+xml"], icon
        ctx.close()
    finally:
        browser.close()
        t.close()


@test
def placeholders_read_as_examples_and_the_review_says_why_text_was_refused(pw):
    from web_e2e import TYPED_MIXED, shows
    browser = launch_browser(pw)
    for size in SIZES:
        t = Terminal(TYPED_MIXED, "--web-only")
        try:
            ctx, page = opened(browser, t.link(), size, "dark")
            assert page.get_attribute("#t1", "placeholder") == "e.g. ledger-api"
            assert page.input_value("#t1") == ""
            page.fill("#t3", "12")
            shows(page, "#e3", "at most 10")
            review = page.locator("#summary dd[data-summary='3']")
            wait("the review to say why", lambda: "“12” was not taken (at most 10)" in review.text_content())
            assert review.text_content().startswith("Not answered"), review.text_content()
            bad = serious(page)
            assert not bad, f"{size}: {bad}"
            ctx.close()
        finally:
            t.close()
    browser.close()


@test
def a_lost_connection_resyncs_and_a_gone_form_is_said_plainly(pw):
    t = Terminal(MIXED, "--web")
    browser = launch_browser(pw)
    try:
        ctx, page = opened(browser, t.link(), SIZES[0], "light", axe_ok=False)
        t.wait_for("Where should the search index live?")
        # The connection drops (a laptop that slept): the network goes, the open
        # connections are cut, and the page says it reconnects...
        ctx.set_offline(True)
        port = t.link().split("/?t=")[0].rsplit(":", 1)[1]
        subprocess.run(["ss", "-K", "dst", "127.0.0.1", "dport", "=", port], check=True,
                       capture_output=True)
        wait("the page to say it reconnects", lambda: "reconnecting" in page.text_content("#status"))
        # ...the terminal answers meanwhile, and once back the page shows it.
        t.keys("3")
        t.wait_for("Which fields")
        assert not page.is_checked("#q0 input[data-option='2']")
        ctx.set_offline(False)
        wait("the page to resync", lambda: page.is_checked("#q0 input[data-option='2']"), timeout=15)
        wait("the line to clear", lambda: page.text_content("#status") == "", timeout=5)
        # ask is killed: the page says the form is gone, not a browser error.
        os.kill(t.pid(), signal.SIGKILL)
        wait("the page to say the form is gone",
             lambda: "This form is gone" in page.text_content("#status"), timeout=20)
        ctx.close()
    finally:
        browser.close()
        t.close()
