#!/usr/bin/env python3
"""Lone-Esc latency of `ask run`, with and without the kitty keyboard protocol.

This script is the terminal: it runs `ask run` in a pseudo-terminal, answers the keyboard
query ask sends on start-up (`CSI ? u`, `CSI c`) as a kitty-protocol terminal does
(flags, then DA1) or as a legacy one does (DA1 only), waits for the form, presses Esc
on the untouched form (which cancels it) and measures the time from writing the key to
the first byte ask writes back (the restore of the terminal). With the protocol, Esc
arrives as `CSI 27 u` and acts at once; without it, a lone ESC byte waits for the
reader's sequence wait (is it the start of a sequence?), 10 ms.

    python3 tests/pty-bench/esc_latency.py [RUNS]      # ASK_BIN=target/release/ask to pick the binary

ASK_BASE_BIN, when set, is run side by side (run for run, interleaved) as the baseline,
such as a build of the previous main. Prints the median, minimum and maximum per mode and
binary, and the load average. A measurement, not a test.
"""

import fcntl
import json
import os
import pty
import select
import statistics
import struct
import sys
import termios
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ASK = os.path.abspath(os.environ.get("ASK_BIN", os.path.join(ROOT, "target", "debug", "ask")))
BASE = os.environ.get("ASK_BASE_BIN") and os.path.abspath(os.environ["ASK_BASE_BIN"])
QUERY = b"\x1b[?u\x1b[c"
ANSWERS = {"kitty": b"\x1b[?0u\x1b[?62;22c", "legacy": b"\x1b[?62;22c"}
ESC = {"kitty": b"\x1b[27u", "legacy": b"\x1b"}
PAYLOAD = {"questions": [{"id": "db", "prompt": "Which database?",
                          "options": [{"value": "pg", "label": "PostgreSQL"}]}]}


def read_until(fd, seen, needle, timeout=10.0):
    """Reads from `fd` into `seen` until `needle` is in it."""
    deadline = time.monotonic() + timeout
    while needle not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"never saw {needle!r}; got {bytes(seen[-200:])!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            seen.extend(os.read(fd, 65536))


def drain(fd, seen, quiet=0.3):
    """Reads until `fd` has been quiet for `quiet` seconds."""
    while True:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            return
        try:
            seen.extend(os.read(fd, 65536))
        except OSError:
            return


def one_run(ask, mode, folder):
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.chdir(folder)
        os.environ["TERM"] = "xterm-256color"
        os.environ["ASK_CONFIG"] = os.path.join(folder, "config.json")
        os.execv(ask, [ask, "run", "--input", "p.json", "--output", "r.json", "--fullscreen"])
    seen = bytearray()
    try:
        read_until(fd, seen, QUERY)
        os.write(fd, ANSWERS[mode])
        read_until(fd, seen, b"Which database?")
        if mode == "kitty":
            read_until(fd, seen, b"\x1b[>1u")
        # Past the form's 150 ms early-key guard, and nothing else in flight.
        time.sleep(0.4)
        drain(fd, seen)
        sent = time.monotonic()
        os.write(fd, ESC[mode])
        ready, _, _ = select.select([fd], [], [], 5.0)
        answered = time.monotonic()
        if not ready:
            raise TimeoutError("ask never reacted to Esc")
        return (answered - sent) * 1000.0
    finally:
        try:
            drain(fd, seen, quiet=0.2)
        finally:
            os.close(fd)
            os.waitpid(pid, 0)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "p.json"), "w") as f:
            json.dump(PAYLOAD, f)
        binaries = [("this", ASK)] + ([("base", BASE)] if BASE else [])
        print(f"{runs} runs per mode, load average {os.getloadavg()[0]:.1f} at the start")
        for mode in ("kitty", "legacy"):
            times = {name: [] for name, _ in binaries}
            for _ in range(runs):
                for name, ask in binaries:
                    times[name].append(one_run(ask, mode, folder))
            for name, ask in binaries:
                t = times[name]
                print(f"{mode:7} {name} ({ask}): lone Esc to ask's reaction: "
                      f"median {statistics.median(t):.2f} ms, min {min(t):.2f} ms, max {max(t):.2f} ms")
        print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
