"""The ask mcp end-to-end scenarios. Each one drives the real `ask` binary with a real
client (the official Python SDK, a raw JSON-RPC client for bad input) and, for forms,
a real tmux with an attached client in a PTY; keys are typed into that client as a
person would. Prints one line per scenario and `N passed, N failed` last.

  scenarios.py [NAME ...]     run these scenarios (default: all)
"""

import os
import signal
import sys
import tempfile
import time
import traceback

import forms  # noqa: F401 - registers its scenarios
import mrtr  # noqa: F401 - registers its scenarios
import protocol  # noqa: F401 - registers its scenarios
import web  # noqa: F401 - registers its scenarios
from common import SCENARIOS
from harness import ASK, Fail, form_processes


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
    # The exit status is the verdict (.ci/run reads nothing else).
    sys.exit(1 if f else 0)
