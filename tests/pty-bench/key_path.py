#!/usr/bin/env python3
"""The key path of `ask run` in a terminal against the same keys headless.

On a 30-question x 40-option form with previews (120x40), this script:

- is the terminal: runs `ask run --fullscreen` in a pseudo-terminal, answers the keyboard
  query as a legacy terminal does (DA1 only), waits for the form and its early-key guard,
  then presses keys one at a time, each as soon as the frame of the one before has fully
  arrived, and times each key from writing it to the last byte of its frame (the end of
  the synchronized update, `CSI ? 2026 l`);
- counts the CPU ask spent on those keys (every thread's time on the CPU, from
  /proc/PID/task/*/schedstat, in nanoseconds), per key;
- runs the same keys headless (`ask run --script`, which renders a full frame per key and
  paints nothing) and takes the CPU per key from the difference between N keys and none;
- measures the floor of any terminal program on this machine: a Python loop in a pty that
  waits for a key, reads it and writes as many bytes as ask's frames had. On a VM most of a
  key's system cost is the wake-up of a sleeping vCPU, which is dearer the quieter the
  machine is; the figure "above the floor" takes it out.

    python3 tests/pty-bench/key_path.py [KEYS] [ROUNDS]

ASK_BIN picks the binary (target/release/ask by default); ASK_BASE_BIN, when set, is run
side by side (interleaved rounds) as the baseline, such as a build of the previous main.
Prints medians per binary and the load average. A measurement, not a test.
"""

import fcntl
import glob
import json
import os
import pty
import resource
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ASK = os.path.abspath(os.environ.get("ASK_BIN", os.path.join(ROOT, "target", "release", "ask")))
BASE = os.environ.get("ASK_BASE_BIN") and os.path.abspath(os.environ["ASK_BASE_BIN"])
QUERY = b"\x1b[?u\x1b[c"
DA1 = b"\x1b[?62;22c"
END_FRAME = b"\x1b[?2026l"
COLS, ROWS = 120, 40
# Moves that always change the frame: down and back up an option list, to the next
# question and back.
KEYS = [("down", b"\x1b[B"), ("down", b"\x1b[B"), ("up", b"\x1b[A"), ("up", b"\x1b[A"),
        ("tab", b"\t"), ("shift+tab", b"\x1b[Z")]


def large_form():
    questions = []
    for q in range(30):
        options = []
        for o in range(40):
            preview = "\n".join(f"fn option_{o}_line_{l}() {{ /* preview of question {q} */ }}"
                                for l in range(20))
            options.append({"value": f"v{o}", "label": f"Option {o} of question {q}",
                            "description": "A description long enough to wrap on a narrow terminal window",
                            "preview": preview})
        kind = "preview" if q % 3 == 0 else "multi" if q % 3 == 1 else "single"
        questions.append({"id": f"q{q}", "prompt": f"Question {q}: which option fits best?",
                          "type": kind, "options": options})
    return {"title": "Large form", "questions": questions}


def read_until(fd, seen, needle, timeout=20.0):
    """Reads from `fd` into `seen` until `needle` is in it; returns when it came."""
    deadline = time.monotonic() + timeout
    while needle not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"never saw {needle!r}; got {bytes(seen[-200:])!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            seen.extend(os.read(fd, 1 << 20))
    return time.monotonic()


def drain(fd, quiet):
    """Reads until `fd` has been quiet for `quiet` seconds."""
    while select.select([fd], [], [], quiet)[0]:
        try:
            os.read(fd, 1 << 20)
        except OSError:
            return


def cpu_ns(pid):
    """Time on the CPU of every thread of `pid` so far, in nanoseconds."""
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            with open(path) as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total


def pty_run(ask, folder, count):
    """Latencies (ms) of `count` keys and ask's CPU per key (µs) in a pseudo-terminal."""
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        os.chdir(folder)
        os.environ["TERM"] = "xterm-256color"
        os.environ["ASK_CONFIG"] = os.path.join(folder, "config.json")
        os.execv(ask, [ask, "run", "--input", "large.json", "--output", "r.json", "--fullscreen"])
    seen = bytearray()
    try:
        read_until(fd, seen, QUERY)
        os.write(fd, DA1)
        read_until(fd, seen, b"Question 0")
        # Past the form's early-key guard, and nothing else in flight.
        drain(fd, 0.4)
        latencies = []
        sizes = 0
        start_cpu = cpu_ns(pid)
        for i in range(count):
            seen = bytearray()
            sent = time.monotonic()
            os.write(fd, KEYS[i % len(KEYS)][1])
            latencies.append((read_until(fd, seen, END_FRAME) - sent) * 1000.0)
            sizes += len(seen)
        per_key = (cpu_ns(pid) - start_cpu) / count / 1000.0
        return latencies, per_key, sizes // count
    finally:
        os.kill(pid, 15)
        drain(fd, 0.2)
        os.close(fd)
        os.waitpid(pid, 0)


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def headless_cpu(ask, folder, count):
    """Seconds of CPU for `ask run --script` with `count` keys."""
    keys = [KEYS[i % len(KEYS)][0] for i in range(count)]
    before = children_cpu()
    subprocess.run([ask, "run", "--input", os.path.join(folder, "large.json"),
                    "--output", os.path.join(folder, "h.json"),
                    "--config", os.path.join(folder, "config.json"),
                    "--script", json.dumps(keys), "--width", str(COLS), "--height", str(ROWS)],
                   check=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    return children_cpu() - before


# The least a terminal program can spend per key here: a Python loop in raw mode that
# waits for a key (poll), reads it and writes as many bytes as ask's frame had, nothing
# else. On a VM most of it is the wake-up of a sleeping vCPU, which grows as the machine
# gets quieter; ask pays it too.
FLOOR_CHILD = """
import os, select, sys, tty
tty.setraw(0)
frame = b"x" * int(sys.argv[1]) + b"\\x1b[?2026l"
wait = select.poll()
wait.register(0, select.POLLIN)
while True:
    wait.poll()
    if os.read(0, 4096) == b"q":
        os._exit(0)
    os.write(1, frame)
"""


def floor_run(count, frame_bytes):
    """CPU per key (µs) of FLOOR_CHILD answering `count` keys with `frame_bytes` each."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.executable, [sys.executable, "-c", FLOOR_CHILD, str(frame_bytes)])
    try:
        time.sleep(0.3)
        start_cpu = cpu_ns(pid)
        for _ in range(count):
            seen = bytearray()
            os.write(fd, b"k")
            read_until(fd, seen, END_FRAME)
        return (cpu_ns(pid) - start_cpu) / count / 1000.0
    finally:
        os.write(fd, b"q")
        drain(fd, 0.2)
        os.close(fd)
        os.waitpid(pid, 0)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    binaries = [("this", ASK)] + ([("base", BASE)] if BASE else [])
    results = {name: {"lat": [], "pty": [], "headless": []} for name, _ in binaries}
    floors = []
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "large.json"), "w") as f:
            json.dump(large_form(), f)
        print(f"{count} keys x {rounds} rounds, 30x40 form with previews, {COLS}x{ROWS}; "
              f"load average {os.getloadavg()[0]:.2f} at the start")
        for _ in range(rounds):
            for name, ask in binaries:
                lat, cpu, frame_bytes = pty_run(ask, folder, count)
                floors.append(floor_run(count, frame_bytes))
                results[name]["lat"].extend(lat)
                results[name]["pty"].append(cpu)
                none = headless_cpu(ask, folder, 0)
                many = headless_cpu(ask, folder, count)
                results[name]["headless"].append((many - none) / count * 1e6)
        floor = statistics.median(floors)
        print(f"floor (a Python loop in the same pty that waits, reads and writes as many bytes "
              f"per key): {floor:.0f} µs of CPU per key")
        for name, ask in binaries:
            r = results[name]
            lat = sorted(r["lat"])
            p90 = lat[int(len(lat) * 0.9)]
            pty_cpu = statistics.median(r["pty"])
            headless = statistics.median(r["headless"])
            print(f"{name} ({ask}):\n"
                  f"  key to last byte of its frame: p50 {statistics.median(lat):.3f} ms, "
                  f"p90 {p90:.3f} ms, max {lat[-1]:.3f} ms\n"
                  f"  CPU per key: pty {pty_cpu:.0f} µs, headless {headless:.0f} µs "
                  f"(ratio {pty_cpu / headless if headless > 0 else float('nan'):.2f}); "
                  f"above the floor: {pty_cpu - floor:.0f} µs "
                  f"(ratio {(pty_cpu - floor) / headless if headless > 0 else float('nan'):.2f})")
        print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
