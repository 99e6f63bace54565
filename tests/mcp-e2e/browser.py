"""Answers the browser form of `ask mcp` in Debian's headless chromium, driven by
Playwright (tests/web-e2e's setup: run it with $WEB_E2E_PY), as a person would: SQLite
(the digit key), Auth and Chat (clicks), 3 typed into the number field, Submit. Prints
the page's closing line.

  browser.py LINK
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "web-e2e"))

from harness import launch  # noqa: E402  (tests/web-e2e/harness.py)
from playwright.sync_api import sync_playwright  # noqa: E402


def main(link):
    with sync_playwright() as pw:
        ctx = launch(pw)
        page = ctx.new_page()
        page.goto(link)
        page.wait_for_selector("#q0 input")
        page.focus("#q0 input[data-option='0']")
        page.keyboard.press("2")
        page.check("#q1 input[data-option='0']")
        page.check("#q1 input[data-option='2']")
        page.fill("#t2", "3")
        page.click("#submit")
        page.wait_for_selector("#status.done")
        print(page.text_content("#status"), flush=True)
        ctx.close()


if __name__ == "__main__":
    main(sys.argv[1])
