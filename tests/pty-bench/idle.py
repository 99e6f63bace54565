#!/usr/bin/env python3
"""Wake-ups of an idle form, per surface: how often `ask` runs while a form sits open and
nobody touches it.

For each surface the script opens a small form, lets start-up settle, then counts the
context switches (voluntary and involuntary, every thread, from /proc/PID/task/*/status)
over DURATION seconds. An idle form should make none apart from start-up stragglers.

    python3 tests/pty-bench/idle.py [SECONDS]       # default 20; ASK_BIN picks the binary

Surfaces:
    terminal   ask run in a pseudo-terminal (this script is the terminal)
    accessible ask run --accessible in a pseudo-terminal
    web        ask run --web in a pseudo-terminal (the browser form beside it)
    control    ask run --control SOCKET in a pseudo-terminal, one client connected
    web-only   ask run --web-only, no terminal
    web-only-timeout  the same with --timeout 600 (a timeout wakes only at its countdown)
    mcp        ask mcp --ui web over stdio, one tools/call waiting in the browser form
    mcp-http   ask mcp --http, one session initialized and then left alone (no DELETE)

Prints wake-ups per surface and per second. A measurement, not a test (Linux only).
"""

import json
import os
import urllib.request
import pty
import select
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ASK = os.environ.get("ASK_BIN", os.path.join(ROOT, "target", "debug", "ask"))
PAYLOAD = {"questions": [{"id": "db", "prompt": "Which database?",
                          "options": [{"value": "pg", "label": "PostgreSQL"},
                                      {"value": "lite", "label": "SQLite"}]}]}
SETTLE = 1.5


def switches(pid):
    """Context switches of every thread of `pid` so far."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as status:
                for line in status:
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        total += int(line.split(":")[1])
        except FileNotFoundError:
            pass
    return total


def measure(pid, seconds, drain=None):
    """Switches of `pid` over `seconds` (after SETTLE), reading `drain` meanwhile."""
    deadline = time.monotonic() + SETTLE
    while time.monotonic() < deadline:
        pump(drain, deadline - time.monotonic())
    before = switches(pid)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        pump(drain, deadline - time.monotonic())
    return switches(pid) - before


def pump(fd, timeout):
    """Reads whatever `fd` has (a terminal's output), for up to `timeout`."""
    if fd is None:
        time.sleep(max(timeout, 0))
        return
    ready, _, _ = select.select([fd], [], [], max(timeout, 0))
    if ready:
        try:
            os.read(fd, 65536)
        except OSError:
            pass


def in_pty(args, workdir):
    """Starts `ask ARGS` in a pseudo-terminal; returns (pid, master fd)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(workdir)
        os.environ["TERM"] = "xterm-256color"
        os.environ["ASK_CONFIG"] = os.path.join(workdir, "config.json")
        os.execv(ASK, [ASK] + args)
    # Answer the start-up keyboard query as a terminal without the kitty protocol does.
    seen = b""
    deadline = time.monotonic() + 10
    while b"Which database?" not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            chunk = os.read(fd, 65536)
            if b"\x1b[c" in chunk:
                os.write(fd, b"\x1b[?62;22c")
            seen += chunk
    return pid, fd


def end(pid, fd=None):
    try:
        os.kill(pid, 15)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
    if fd is not None:
        os.close(fd)


def run_surface(name, seconds, workdir):
    payload = os.path.join(workdir, "p.json")
    out = os.path.join(workdir, f"{name}.json")
    base = ["run", "--input", payload, "--output", out]
    if name in ("terminal", "accessible", "web", "control"):
        extra = {"terminal": [], "accessible": ["--accessible"], "web": ["--web"],
                 "control": ["--control", os.path.join(workdir, "c.sock")]}[name]
        pid, fd = in_pty(base + extra, workdir)
        client = None
        if name == "control":
            client = socket.socket(socket.AF_UNIX)
            client.connect(os.path.join(workdir, "c.sock"))
            client.recv(65536)
        woke = measure(pid, seconds, fd)
        if client:
            client.close()
        end(pid, fd)
        return woke
    env = dict(os.environ, ASK_CONFIG=os.path.join(workdir, "config.json"))
    if name in ("web-only", "web-only-timeout"):
        timeout = ["--timeout", "600"] if name == "web-only-timeout" else []
        proc = subprocess.Popen([ASK] + base + ["--web-only"] + timeout, stdin=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, env=env, start_new_session=True)
        wait_line(proc.stderr, b"http://")
        woke = measure(proc.pid, seconds)
        end(proc.pid)
        return woke
    if name == "mcp-http":
        return mcp_http(seconds, env)
    proc = subprocess.Popen([ASK, "mcp", "--ui", "web"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            start_new_session=True)
    send = lambda msg: (proc.stdin.write(json.dumps(msg).encode() + b"\n"), proc.stdin.flush())
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "idle-bench", "version": "1"}}})
    proc.stdout.readline()
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
          "params": {"name": "ask_user", "arguments": PAYLOAD}})
    wait_line(proc.stderr, b"http://")
    woke = measure(proc.pid, seconds)
    end(proc.pid)
    return woke


def mcp_http(seconds, env):
    """`ask mcp --http` with one session that initialized and then went quiet."""
    proc = subprocess.Popen([ASK, "mcp", "--http", "127.0.0.1:0", "--ui", "none"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=env, start_new_session=True)
    lines = b""
    while b"token " not in lines:
        line = proc.stderr.readline()
        if not line:
            raise SystemExit("ask mcp --http printed no URL and token")
        lines += line
    text = lines.decode()
    url = text.split("serving ")[1].split()[0]
    token = text.split("token ")[1].split()[0]

    def post(msg, session=None):
        req = urllib.request.Request(url, data=json.dumps(msg).encode(), method="POST")
        req.add_header("Content-Type", "application/json")
        req.add_header("Accept", "application/json, text/event-stream")
        req.add_header("Authorization", f"Bearer {token}")
        if session:
            req.add_header("Mcp-Session-Id", session)
            req.add_header("MCP-Protocol-Version", "2025-06-18")
        with urllib.request.urlopen(req, timeout=10) as resp:
            resp.read()
            return resp.headers.get("Mcp-Session-Id")

    session = post({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "idle-bench", "version": "1"}}})
    post({"jsonrpc": "2.0", "method": "notifications/initialized"}, session)
    woke = measure(proc.pid, seconds)
    end(proc.pid)
    return woke


def wait_line(stream, needle, timeout=15):
    """Reads lines of `stream` until one holds `needle`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line or needle in line:
            return


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 20.0
    surfaces = os.environ.get("SURFACES", "terminal accessible web control web-only mcp mcp-http").split()
    with open("/proc/loadavg") as load:
        print(f"binary {ASK}; {seconds:g} s per surface; load {load.read().split()[0]}")
    for name in surfaces:
        with tempfile.TemporaryDirectory() as workdir:
            with open(os.path.join(workdir, "p.json"), "w") as p:
                json.dump(PAYLOAD, p)
            woke = run_surface(name, seconds, workdir)
        print(f"{name:10} {woke:6d} wake-ups  {woke / seconds:7.2f}/s")


if __name__ == "__main__":
    main()
