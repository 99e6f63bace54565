"""Shared pieces of the ask mcp end-to-end suite: a tmux server with an attached
client in a PTY (rendered with pyte, keys typed into it, as a person would), a raw
JSON-RPC client over stdio, and helpers to compare results with `ask run --answers`."""

import fcntl
import json
import os
import pty
import queue
import signal
import struct
import subprocess
import termios
import threading
import time

import pyte

HERE = os.path.dirname(os.path.abspath(__file__))
ASK = os.environ.get("ASK_BIN", "")
PY = os.path.join(HERE, ".venv", "bin", "python")
COLS, ROWS = 120, 40


class Fail(Exception):
    """A scenario's check failed."""


def check(cond, message):
    if not cond:
        raise Fail(message)


def wait_until(pred, timeout, what):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = pred()
        if value:
            return value
        time.sleep(0.05)
    raise Fail(f"timed out after {timeout}s waiting for {what}")


def ask_run_answers(payload, answers, tmp):
    """The result `ask run --answers` gives for these choices."""
    p = os.path.join(tmp, "expected-payload.json")
    a = os.path.join(tmp, "expected-answers.json")
    with open(p, "w") as f:
        json.dump(payload, f)
    with open(a, "w") as f:
        json.dump(answers, f)
    out = subprocess.run([ASK, "run", "--input", p, "--answers", a], capture_output=True, text=True)
    return json.loads(out.stdout)


def form_processes():
    """Ids of running `ask run` processes started by ask mcp (their input is in an ask-mcp- folder)."""
    pids = []
    home = os.path.realpath(os.environ["HOME"]).encode()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmd = f.read().split(b"\0")
        except OSError:
            continue
        # Only this suite's forms: their drafts are under its scratch HOME (other suites,
        # such as harness-e2e beside it in CI, have forms of their own).
        if (
            len(cmd) > 2
            and cmd[1] == b"run"
            and any(b"/ask-mcp-" in part for part in cmd)
            and any(part.startswith(home) for part in cmd)
        ):
            pids.append(int(name))
    return pids


class Tmux:
    """A private tmux server (its own socket) with one session, and a client attached to
    it in a PTY: what the person sees is `screen()`, what they type is `type()`."""

    def __init__(self, name, command="sh", env=None):
        self.sock = f"ask-mcp-e2e-{name}-{os.getpid()}"
        self.env = dict(os.environ if env is None else env)
        self.env.pop("TMUX", None)
        self.env.pop("TMUX_PANE", None)
        self.env["TERM"] = "xterm-256color"
        self.tmux("new-session", "-d", "-s", "main", "-x", str(COLS), "-y", str(ROWS), command)
        self.screen_obj = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen_obj)
        self.lock = threading.Lock()
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
            os.execvpe("tmux", ["tmux", "-L", self.sock, "-f", "/dev/null", "attach", "-t", "main"], self.env)
        self.client_pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        threading.Thread(target=self._read, daemon=True).start()
        wait_until(lambda: "attached" in self.tmux("list-clients", check=False), 10, "the tmux client to attach")

    def tmux(self, *args, check=True):
        out = subprocess.run(["tmux", "-L", self.sock, "-f", "/dev/null", *args], capture_output=True, text=True, env=self.env)
        if check and out.returncode != 0:
            raise Fail(f"tmux {' '.join(args)} failed: {out.stderr.strip()}")
        return out.stdout

    def server_env(self):
        """The environment a program in this session's pane sees ($TMUX, $TMUX_PANE)."""
        socket_path = self.tmux("display-message", "-p", "#{socket_path}").strip()
        server_pid = self.tmux("display-message", "-p", "#{pid}").strip()
        pane = self.tmux("display-message", "-p", "#{pane_id}").strip()
        env = dict(self.env)
        env["TMUX"] = f"{socket_path},{server_pid},0"
        env["TMUX_PANE"] = pane
        return env

    def _read(self):
        while True:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.stream.feed(data)

    def screen(self):
        with self.lock:
            return "\n".join(self.screen_obj.display)

    def wait_for(self, text, timeout=15):
        try:
            found = wait_until(lambda: text in self.screen(), timeout, f"{text!r} on screen")
        except Fail as err:
            raise Fail(f"{err}; the screen shows:\n{self.screen()}") from None
        # The form drops keys that arrive within 150 ms of its first paint (a person typing
        # elsewhere must not answer it): type only once that is over, as a person would.
        time.sleep(0.4)
        return found

    def wait_gone(self, text, timeout=15):
        try:
            return wait_until(lambda: text not in self.screen(), timeout, f"{text!r} to leave the screen")
        except Fail as err:
            raise Fail(f"{err}; the screen shows:\n{self.screen()}") from None

    def type(self, *keys, pause=0.15):
        for key in keys:
            os.write(self.fd, key.encode())
            time.sleep(pause)

    def close(self):
        self.tmux("kill-server", check=False)
        try:
            os.kill(self.client_pid, signal.SIGKILL)
            os.waitpid(self.client_pid, 0)
        except OSError:
            pass


class Raw:
    """A raw JSON-RPC client of `ask mcp` over stdio: lines in, lines out, nothing hidden."""

    def __init__(self, args, env=None, initialize=True, capabilities=None, read=True):
        self.proc = subprocess.Popen([ASK, "mcp", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env)
        self.messages = queue.Queue()
        self.seen = []
        if read:
            threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 100
        if initialize:
            reply = self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": capabilities or {},
                                                "clientInfo": {"name": "raw-e2e", "version": "1"}})
            check("result" in reply, f"initialize failed: {reply}")
            self.notify("notifications/initialized")

    def _read(self):
        for line in self.proc.stdout:
            try:
                self.messages.put(json.loads(line))
            except ValueError:
                self.messages.put({"unparsable": line.decode(errors="replace")})
        self.messages.put(None)

    def send_line(self, line):
        self.proc.stdin.write(line if isinstance(line, bytes) else line.encode())
        self.proc.stdin.write(b"\n")
        self.proc.stdin.flush()

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send_line(json.dumps(msg))

    def start(self, method, params=None):
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.send_line(json.dumps(msg))
        return self.next_id

    def wait(self, rid, timeout=20):
        deadline = time.time() + timeout
        for msg in self.seen:
            if msg and msg.get("id") == rid:
                self.seen.remove(msg)
                return msg
        while time.time() < deadline:
            try:
                msg = self.messages.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                break
            if msg is None:
                raise Fail(f"the server closed stdout before answering request {rid}")
            if msg.get("id") == rid and ("result" in msg or "error" in msg):
                return msg
            self.seen.append(msg)
        raise Fail(f"no answer to request {rid} within {timeout}s")

    def drain(self):
        """Every message read so far that no wait() took (server requests, notifications)."""
        while True:
            try:
                msg = self.messages.get_nowait()
            except queue.Empty:
                return [m for m in self.seen if m]
            if msg is not None:
                self.seen.append(msg)

    def request(self, method, params=None, timeout=20):
        return self.wait(self.start(method, params), timeout)

    def call(self, arguments, meta=None):
        params = {"name": "ask_user", "arguments": arguments}
        if meta:
            params["_meta"] = meta
        return self.start("tools/call", params)

    def close(self, timeout=10):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise Fail(f"ask mcp did not exit within {timeout}s after stdin closed")
