"""Benchmarks of `ask mcp` (medians), against the real binary and a real tmux:

- process start to the `initialize` reply (budget 20 ms),
- `tools/call` to the popup visible: the form's `ask run` started, and its question on
  the attached client's screen (budget 150 ms),
- idle RSS after the handshake (budget 20 MB),
- wakeups while idle over 20 s: context switches of every thread (budget: none periodic).

  ASK_BIN=target/release/ask tests/mcp-e2e/.venv/bin/python tests/mcp-e2e/bench.py [RUNS]
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from harness import ASK, Raw, Tmux, form_processes, wait_until

PAYLOAD = {"questions": [{"id": "db", "prompt": "Which database?", "options": [
    {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]}]}
INIT = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}}) + "\n"


def start_to_initialize(runs):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen([ASK, "mcp", "--ui", "none"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        proc.stdin.write(INIT.encode())
        proc.stdin.flush()
        proc.stdout.readline()
        times.append((time.perf_counter() - t0) * 1000)
        proc.stdin.close()
        proc.wait()
    return times


def switches(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/status") as f:
            for line in f:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
    return total


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    return 0


def idle(seconds):
    raw = Raw(["--ui", "none"])
    raw.request("tools/list")
    time.sleep(1)
    pid = raw.proc.pid
    rss = rss_kb(pid)
    threads = len(os.listdir(f"/proc/{pid}/task"))
    before = switches(pid)
    time.sleep(seconds)
    after = switches(pid)
    raw.close()
    return rss, after - before, threads


def call_to_popup(runs):
    os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp()
    tmux = Tmux("bench", "sleep 600")
    raw = Raw(["--ui", "popup"], env=tmux.server_env())
    started, visible = [], []
    try:
        for _ in range(runs):
            t0 = time.perf_counter()
            rid = raw.call(PAYLOAD)
            wait_until(form_processes, 10, "the form process")
            started.append((time.perf_counter() - t0) * 1000)
            wait_until(lambda: "Which database?" in tmux.screen(), 10, "the popup")
            visible.append((time.perf_counter() - t0) * 1000)
            raw.notify("notifications/cancelled", {"requestId": rid})
            wait_until(lambda: not form_processes() and "Which database?" not in tmux.screen(), 10, "the popup to close")
            time.sleep(0.2)
    finally:
        raw.close()
        tmux.close()
    return started, visible


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    init = start_to_initialize(runs)
    print(f"start to initialize reply: median {statistics.median(init):.1f} ms (min {min(init):.1f}, {runs} runs; budget 20 ms)")
    started, visible = call_to_popup(max(5, runs // 2))
    print(f"tools/call to the form's ask run started: median {statistics.median(started):.1f} ms")
    print(f"tools/call to the popup visible on the client: median {statistics.median(visible):.1f} ms (budget 150 ms)")
    rss, wakeups, threads = idle(20)
    print(f"idle RSS: {rss / 1024:.1f} MB (budget 20 MB); idle context switches over 20 s: {wakeups} ({threads} threads)")


if __name__ == "__main__":
    main()
