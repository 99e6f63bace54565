"""A large form in the browser (issue 33): the page draws every question's label and
prompt and the first question whole at once, and builds a question's choices when it is
needed. Here the browser never has idle time for it (requestIdleCallback never calls
back), so only what the person does builds a question: scrolling to it, Tab and
Shift+Tab, printing. What they see must be the whole question with the form's latest
state, and answerable."""

import contextlib
import json

from harness import Terminal, launch_browser, wait

TESTS = []

# 30 questions of 40 options, each with a description and a 12-line preview (as the
# bench's): the previews' texts are too large for the page and come with the first view
# of the event stream.
BIG = {"title": "Big form", "questions": [
    {"id": f"q{i}", "label": f"Q{i}", "prompt": f"Question {i}: which one?", "type": "preview",
     "options": [{"value": f"o{j}", "label": f"Option {j} of question {i}",
                  "description": f"What option {j} does, in a sentence or two of text.",
                  "preview": "\n".join(f"line {k} of the preview of option {j} of question {i}"
                                       for k in range(12))}
                 for j in range(40)]}
    for i in range(30)]}
NO_IDLE = "window.requestIdleCallback = () => 0;"
# Idle work held until the test lets it go (`LET_GO`).
HELD_IDLE = "window.__idle = []; window.requestIdleCallback = (f) => window.__idle.push(f);"
LET_GO = """() => { window.requestIdleCallback = (f) => setTimeout(() => f({timeRemaining: () => 10}), 0);
    for (const f of window.__idle) window.requestIdleCallback(f); }"""
# No scroll observer either: only keys build a question.
KEYS_ONLY = NO_IDLE + " delete window.IntersectionObserver;"


def test(fn):
    TESTS.append(fn)
    return fn


def opened(browser, link, init):
    # bypass_csp only lets a test add axe-core; the page itself runs under its policy.
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    ctx.add_init_script(init)
    page = ctx.new_page()
    page.goto(link)
    page.wait_for_selector("#q0 input")
    return ctx, page


@contextlib.contextmanager
def big_page(pw, init):
    """The big form (`ask run --web-only`), its link and its page opened in a fresh browser
    that runs `init` first."""
    t = Terminal(BIG, "--web-only")
    browser = launch_browser(pw)
    try:
        link = t.link()
        _, page = opened(browser, link, init)
        yield t, browser, link, page
    finally:
        browser.close()
        t.close()


def options_of(page, i):
    return page.locator(f"#q{i} input[data-option]").count()


def focused(page):
    return page.evaluate("""() => { const a = document.activeElement, b = a && a.closest('fieldset');
        return (b ? b.id : '') + ':' + (a.dataset.option !== undefined ? 'option' + a.dataset.option : a.tagName); }""")


def to_top(page, i):
    """Scrolls question i's label to the top of the screen, as a person who scrolled to it."""
    page.evaluate("i => document.getElementById('q' + i).scrollIntoView()", i)


def tab_out(page, key="Tab"):
    """Presses `key` until the focus leaves its question (a question has fewer than 10
    stops); where it landed."""
    start = focused(page).split(":")[0]
    for _ in range(10):
        page.keyboard.press(key)
        now = focused(page)
        if now.split(":")[0] != start:
            return now
    raise AssertionError(f"the focus stayed in {start}")


@test
def a_question_far_down_a_large_form_opened_right_after_load_is_whole_and_answerable(pw):
    with big_page(pw, NO_IDLE) as (t, _, _, page):
        # Every question's label shows at once; question 17 is not built yet.
        assert page.locator("fieldset legend").count() == 30
        assert page.text_content("#p17") == "Question 17: which one?"
        assert options_of(page, 17) == 0
        from web_e2e import serious
        bad = serious(page)
        assert not bad, f"with questions not built yet: {bad}"
        to_top(page, 17)
        page.click("#q17 input[data-option='39']")
        assert options_of(page, 17) == 40
        assert page.text_content("#q17 #d17-39") == "What option 39 does, in a sentence or two of text."
        # The preview's text (not in the page: it comes with the first view) shows.
        preview = page.locator("#q17 pre[data-preview]")
        want = BIG["questions"][17]["options"][39]["preview"]
        wait("the preview", lambda: preview.is_visible() and preview.text_content() == want)
        # The digit keys work on it.
        page.keyboard.press("3")
        assert page.is_checked("#q17 input[data-option='2']")
        wait("the review to show it", lambda: page.text_content("#summary dd[data-summary='17']")
             == "Option 2 of question 17")
        page.click("#submit")
        page.wait_for_selector("#status.done")
        assert t.code() == 0
        assert t.result()["details"]["answers"]["q17"]["values"] == ["o2"]
        # A question built after the form ended shows the end: nothing to answer.
        to_top(page, 25)
        page.wait_for_selector("#q25 input[data-option='0']")
        assert page.is_disabled("#q25 input[data-option='0']")


@test
def a_change_from_elsewhere_to_a_question_not_yet_built_shows_when_it_is_opened(pw):
    with big_page(pw, NO_IDLE) as (_, browser, link, page):
        assert options_of(page, 5) == 0
        # Another browser on the same form (idle time as usual there) answers question 5
        # and adds a note; this page gets the view...
        other = browser.new_context()
        there = other.new_page()
        there.goto(link)
        there.click("#q5 input[data-option='3']")
        there.click("#q5 button[data-add-note]")
        there.keyboard.type("from the other browser")
        wait("the view here", lambda: page.text_content("#summary dd[data-summary='5']")
             == "Option 3 of question 5")
        wait("the note there to be sent", lambda: "from the other browser" in json.dumps(
            there.evaluate("() => fetch('/api/view').then(r => r.json())")["questions"][5]))
        assert options_of(page, 5) == 0
        # ...and question 5, opened here, shows the answer and the note.
        to_top(page, 5)
        page.wait_for_selector("#q5 input[data-option='3']")
        wait("the note here", lambda: page.input_value("#q5 textarea[data-question-note]")
             == "from the other browser")
        assert page.is_checked("#q5 input[data-option='3']")
        assert page.is_visible("#q5 textarea[data-question-note]")
        assert page.is_visible("#q5 [data-mark]")
        # A question already built here updates as before.
        there.click("#q0 input[data-option='7']")
        wait("question 0 here", lambda: page.is_checked("#q0 input[data-option='7']"))


@test
def the_keyboard_alone_moves_across_questions_not_yet_built(pw):
    with big_page(pw, KEYS_ONLY) as (t, _, _, page):
        assert options_of(page, 1) == 0
        # Tab from the last control of question 0 goes into question 1, built for it.
        page.focus("#q0 button[data-add-note]")
        page.keyboard.press("Tab")
        assert focused(page) == "q1:option0", focused(page)
        assert options_of(page, 1) == 40
        page.keyboard.press("4")
        assert page.is_checked("#q1 input[data-option='3']")
        # On past its controls (preview, own answer, "Add a note"), through question 2
        # into question 3.
        assert tab_out(page) == "q2:option0"
        assert tab_out(page) == "q3:option0"
        page.keyboard.press("2")
        # Shift+Tab from the review goes back to the last question.
        page.focus("#submit")
        page.keyboard.press("Shift+Tab")
        assert focused(page) == "q29:BUTTON", focused(page)
        page.keyboard.press("9")
        # Printing builds every question.
        page.pdf()
        assert all(options_of(page, i) == 40 for i in range(30))
        page.click("#submit")
        page.wait_for_selector("#status.done")
        assert t.code() == 0
        answers = t.result()["details"]["answers"]
        assert (answers["q1"]["values"], answers["q3"]["values"], answers["q29"]["values"]) == (
            ["o3"], ["o1"], ["o8"]), answers


@test
def questions_built_above_the_screen_do_not_move_what_the_person_reads(pw):
    # With Chromium's scroll anchoring and without (as Safari, which has none).
    for name in ["anchored", "no anchoring"]:
        with big_page(pw, HELD_IDLE) as (_, _, _, page):
            if name == "no anchoring":
                page.evaluate("() => { document.documentElement.style.overflowAnchor = 'none'; }")
            to_top(page, 20)
            page.wait_for_selector("#q20 input[data-option='0']")
            top = page.locator("#q20 legend").bounding_box()["y"]
            assert page.locator("fieldset[data-pending]").count() > 0
            page.evaluate(LET_GO)
            wait("every question built", lambda: page.locator("fieldset[data-pending]").count() == 0)
            assert options_of(page, 1) == 40
            now = page.locator("#q20 legend").bounding_box()["y"]
            assert abs(now - top) < 2, (name, top, now)


@test
def the_question_the_terminal_is_on_is_whole_in_the_first_paint(pw):
    # The terminal on question 5 (the early-key guard off, so the keys count at once).
    t = Terminal(BIG, "--web", config={"behaviour": {"ignoreEarlyKeysMs": 0}})
    browser = launch_browser(pw)
    try:
        link = t.link()
        t.wait_for("Question 0: which one?")
        for _ in range(5):
            t.keys("Right")
        t.wait_for("Question 5: which one?")
        _, page = opened(browser, link, NO_IDLE)
        # Built with the first question, before anything else could build it.
        assert options_of(page, 5) == 40
        assert options_of(page, 4) == 0
        to_top(page, 5)
        page.click("#q5 input[data-option='1']")
        t.wait_for("Option 1 of question 5 ✓")
    finally:
        browser.close()
        t.close()
