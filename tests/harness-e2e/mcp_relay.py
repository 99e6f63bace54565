#!/usr/bin/env python3
"""A transparent stdio relay between Claude Code and `ask mcp`, for one fence.

    mcp_relay.py MARKER ASK [ARG...]

Runs `ASK ARG...` with the relay's environment, copies Claude Code's stdin to it and its
stdout back, byte for byte, and creates MARKER once a reply that lists the `ask_user`
tool has gone out. Claude Code connects MCP servers in the background and lists their
tools after the connection is established; a prompt typed in between reaches the model
without the tool, so the scenarios type their prompt only once MARKER exists.

Signals Claude Code sends (SIGINT, SIGTERM, SIGHUP) go on to `ask`; the relay ends with
its exit status, and ends `ask`'s input when its own input ends, so a hang-up reaches
`ask` as it would without the relay.
"""

import os
import signal
import subprocess
import sys
import threading


def main():
    marker, command = sys.argv[1], sys.argv[2:]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda s, _f: child.send_signal(s))

    def pump_in():
        try:
            while True:
                data = os.read(0, 65536)
                if not data:
                    break
                child.stdin.write(data)
        except OSError:
            pass
        try:
            child.stdin.close()
        except OSError:
            pass

    threading.Thread(target=pump_in, daemon=True).start()
    seen = b""
    listed = False
    try:
        while True:
            data = os.read(child.stdout.fileno(), 65536)
            if not data:
                break
            view = memoryview(data)
            while view:
                view = view[os.write(1, view):]
            if not listed:
                seen = (seen + data)[-1_000_000:]
                if b'"tools"' in seen and b'"ask_user"' in seen:
                    listed = True
                    with open(marker + ".tmp", "w", encoding="utf-8") as f:
                        f.write("listed\n")
                    os.replace(marker + ".tmp", marker)
    except OSError:
        pass  # Claude Code went away: ask sees its output closed
    child.stdout.close()
    sys.exit(child.wait())


if __name__ == "__main__":
    main()
