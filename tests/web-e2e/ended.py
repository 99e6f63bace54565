"""A reload of the browser form after `ask` exited: the page's service worker answers
with the done screen ("Answered in the browser"), not the browser's own error."""

import json
import os
import socket

from harness import Terminal, launch, wait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MIXED = json.load(open(os.path.join(ROOT, "examples", "mixed.json")))
TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


def closed(port):
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


@test
def a_reload_after_ask_exited_says_the_form_was_answered(pw):
    t = Terminal(MIXED, "--web-only")
    try:
        link = t.link()
        ctx = launch(pw)
        page = ctx.new_page()
        page.goto(link)
        page.wait_for_selector("#q0 input")
        page.click("#q0 input[data-option='0']")
        page.click("#submit")
        page.wait_for_selector("#status.done")
        # The worker holds the done screen (it says so to the page)...
        page.wait_for_selector("html[data-kept='yes']")
        done = page.text_content("#status")
        assert "Answered in the browser" in done, done
        # ...ask exits and its port closes...
        assert t.code() == 0
        port = int(link.split(":")[2].split("/")[0])
        wait("the port to close", lambda: closed(port))
        # ...and a reload shows the same words, not a load error.
        page.reload()
        page.wait_for_selector("#status.done")
        assert page.text_content("#status") == done, page.text_content("#status")
        ctx.close()
    finally:
        t.close()
