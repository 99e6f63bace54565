"""Benchmarks of the browser form (medians; not tests, no pass/fail):

- page load on loopback: navigation start to the load event, and to the form drawn;
- a browser change to the terminal repaint (tmux capture polled);
- the resident memory the web server adds to `ask run` (VmRSS with and without --web);
- a 30x40 form (30 questions of 40 options with previews): the page's size plain and
  gzipped, the whole page over loopback each way, and the first question usable and
  painted in the browser (which asks for gzip), next to examples/mixed.json's at the same
  load, with the load average.

Run with tests/web-e2e/run.sh --bench (`--bench first`: only the first question drawn)."""

import json
import os
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

from harness import Terminal, launch, launch_browser, wait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MIXED = json.load(open(os.path.join(ROOT, "examples", "mixed.json")))


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


# Records, in the page's own clock, when the first question is usable (`#q0` with its
# inputs: a question's head alone has none) and when it was painted (Element Timing of
# the question labels, given an `elementtiming` as the page creates them; set before any
# page script, the page itself has no such hook).
DRAWN = """new MutationObserver((_, observer) => {
  if (document.querySelector('#q0 input')) { window.__drawn = performance.now(); observer.disconnect(); }
}).observe(document, {childList: true, subtree: true});
const create = Document.prototype.createElement;
Document.prototype.createElement = function (tag) {
  const node = create.apply(this, arguments);
  if (String(tag).toLowerCase() === 'legend') node.setAttribute('elementtiming', 'question');
  return node;
};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!window.__painted) window.__painted = e.renderTime || e.loadTime;
}).observe({type: 'element', buffered: true});"""

NAVIGATION = """() => { const n = performance.getEntriesByType('navigation')[0];
  return [n.responseEnd - n.startTime, n.domContentLoadedEventEnd - n.startTime,
          n.loadEventEnd - n.startTime, window.__drawn - n.startTime, window.__painted - n.startTime]; }"""


def page_load(pw, runs=30):
    """Medians in the browser's clock from navigation start: the response, DOMContentLoaded,
    the load event, the first question drawn; and the link opened (token exchange,
    redirect, page, form drawn) as Playwright sees it."""
    t = Terminal(MIXED, "--web-only")
    try:
        link = t.link()
        ctx = launch(pw)
        ctx.add_init_script(DRAWN)
        page = ctx.new_page()
        page.goto(link)
        page.wait_for_selector("#q0 input")
        url = page.url
        rows = []
        for _ in range(runs):
            page.goto(url)
            page.wait_for_selector("#q0 input")
            page.wait_for_function("() => performance.getEntriesByType('navigation')[0].loadEventEnd > 0")
            rows.append(page.evaluate(NAVIGATION))
        first = []
        for _ in range(runs):
            start = time.perf_counter()
            page.goto(link)
            page.wait_for_selector("#q0 input")
            first.append((time.perf_counter() - start) * 1000)
        ctx.close()
        medians = [statistics.median(column) for column in zip(*rows)]
        return medians, statistics.median(first)
    finally:
        t.close()


def server_load(runs=50):
    """The page (style, script and view model inline: one response) over one keep-alive
    loopback connection, as the server delivers it (no browser in the way)."""
    import http.client
    t = Terminal(MIXED, "--web-only")
    try:
        link = t.link()
        host = link.split("/")[2]
        token = link.split("?t=")[1]
        conn = http.client.HTTPConnection(host)
        conn.request("GET", f"/?t={token}")
        r = conn.getresponse()
        r.read()
        cookie = r.getheader("Set-Cookie").split(";")[0]
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            for path in ["/"]:
                conn.request("GET", path, headers={"Cookie": cookie})
                resp = conn.getresponse()
                resp.read()
                assert resp.status == 200, (path, resp.status)
            times.append((time.perf_counter() - start) * 1000)
        conn.close()
        return statistics.median(times)
    finally:
        t.close()


def change_to_repaint(pw, runs=20):
    t = Terminal(MIXED, "--web")
    try:
        link = t.link()
        t.wait_for("Where should the search index live?")
        ctx = launch(pw)
        page = ctx.new_page()
        page.goto(link)
        page.wait_for_selector("#q0 input")
        times = []
        marks = ["SQLite FTS5 ✓", "Tantivy in-process ✓"]
        for i in range(runs):
            j = i % 2
            start = time.perf_counter()
            page.click(f"#q0 input[data-option='{j}']", no_wait_after=True)
            wait("the repaint", lambda: marks[j] in t.screen(), timeout=5, step=0.001)
            times.append((time.perf_counter() - start) * 1000)
        ctx.close()
        return statistics.median(times)
    finally:
        t.close()


def rss(pw, runs=5):
    def one(args, browse):
        t = Terminal(MIXED, args)
        try:
            t.wait_for("Where should the search index live?")
            if browse:
                ctx = launch(pw)
                page = ctx.new_page()
                page.goto(t.link())
                page.wait_for_selector("#q0 input")
                page.click("#q0 input[data-option='1']")
                t.wait_for("Tantivy in-process ✓")
            time.sleep(0.5)
            value = rss_kib(t.pid())
            if browse:
                ctx.close()
            return value
        finally:
            t.close()
    plain = statistics.median(one("", False) for _ in range(runs))
    web = statistics.median(one("--web", True) for _ in range(runs))
    return plain, web


# 30 questions of 40 options, each with a description and a preview: about 1.4 MB of page.
BIG = {"title": "Big form", "questions": [
    {"id": f"q{i}", "label": f"Q{i}", "prompt": f"Question {i}: which one?", "type": "preview",
     "options": [{"value": f"o{j}", "label": f"Option {j} of question {i}",
                  "description": f"What option {j} does, in a sentence or two of text.",
                  "preview": "\n".join(f"line {k} of the preview of option {j}: " + "x" * 40
                                       for k in range(12))}
                 for j in range(40)]}
    for i in range(30)]}


def big_form(pw, runs=30):
    import gzip
    import http.client
    t = Terminal(BIG, "--web-only")
    try:
        link = t.link()
        host = link.split("/")[2]
        token = link.split("?t=")[1]
        conn = http.client.HTTPConnection(host)
        conn.request("GET", f"/?t={token}")
        r = conn.getresponse()
        r.read()
        cookie = r.getheader("Set-Cookie").split(";")[0]
        sizes, times = {}, {}
        for name, extra in [("plain", {}), ("gzip", {"Accept-Encoding": "gzip"})]:
            column = []
            for _ in range(runs):
                start = time.perf_counter()
                conn.request("GET", "/", headers={"Cookie": cookie, **extra})
                resp = conn.getresponse()
                body = resp.read()
                column.append((time.perf_counter() - start) * 1000)
            sizes[name] = len(body)
            if name == "gzip":
                assert resp.getheader("Content-Encoding") == "gzip"
                assert len(gzip.decompress(body)) == sizes["plain"]
            times[name] = statistics.median(column)
        conn.close()
        return sizes, times
    finally:
        t.close()


def first_question(pw, payloads, runs=30):
    """For each payload, medians in the browser's clock from navigation start: the first
    question usable (in the DOM with its inputs) and painted. Each load starts from a
    blank page, as an opened link does (no earlier page of the form to take down first),
    and the forms take turns, so they share the machine's load."""
    terms = [Terminal(p, "--web-only") for p in payloads]
    try:
        browser = launch_browser(pw)
        pages = []
        for t in terms:
            # A context each: the forms' cookies would share the host 127.0.0.1.
            ctx = browser.new_context()
            ctx.add_init_script(DRAWN)
            page = ctx.new_page()
            page.goto(t.link())
            page.wait_for_selector("#q0 input")
            pages.append((page, page.url))
            page.goto("about:blank")
        rows = [[] for _ in terms]
        for _ in range(runs):
            for (page, url), row in zip(pages, rows):
                page.goto(url)
                page.wait_for_function("() => window.__drawn > 0 && window.__painted > 0")
                row.append(page.evaluate(NAVIGATION)[3:])
                # Nothing of this page (a large form's later questions) runs meanwhile.
                page.goto("about:blank")
        browser.close()
        return [[statistics.median(c) for c in zip(*row)] for row in rows]
    finally:
        for t in terms:
            t.close()


def main():
    with sync_playwright() as pw:
        if sys.argv[1:] != ["first"]:
            sizes, times = big_form(pw)
            print(f"30x40 form: page {sizes['plain'] / 1e6:.2f} MB plain, {sizes['gzip'] / 1e3:.0f} kB gzipped; "
                  f"the whole page over loopback, median of 30: {times['plain']:.2f} ms plain, "
                  f"{times['gzip']:.2f} ms gzipped")
        (big, small) = first_question(pw, [BIG, MIXED])
        load = os.getloadavg()
        print("first question in chromium (which asks for gzip), medians of 30 from navigation start, "
              f"usable / painted: 30x40 form {big[0]:.1f} / {big[1]:.1f} ms, examples/mixed.json "
              f"{small[0]:.1f} / {small[1]:.1f} ms (load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f})")
        if sys.argv[1:] == ["first"]:
            return
        (response, ready, load, drawn, _), first = page_load(pw)
        print("page load on loopback, medians of 30 from navigation start (browser clock): "
              f"response {response:.1f} ms, DOMContentLoaded {ready:.1f} ms, load event {load:.1f} ms, "
              f"first question drawn {drawn:.1f} ms")
        print(f"the link opened (token exchange, redirect, page, form drawn; Playwright's view), median of 30: {first:.1f} ms")
        server = server_load()
        print(f"the whole page over loopback (no browser), median of 50: {server:.2f} ms")
        repaint = change_to_repaint(pw)
        print(f"browser click to terminal repaint (tmux capture), median of 20: {repaint:.1f} ms")
        plain, web = rss(pw)
        print(f"RSS of ask run: {plain} KiB without --web, {web} KiB with --web and a page open; "
              f"added: {web - plain} KiB (medians of 5)")


if __name__ == "__main__":
    main()
