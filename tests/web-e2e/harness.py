"""Shared helpers of the browser suite: the ask binary in tmux, Debian's chromium
through Playwright, the link and the terminal screen."""

import json
import os
import re
import subprocess
import tempfile
import time
import uuid

ASK = os.environ["ASK_BIN"]
CACHE = os.environ["WEB_E2E_CACHE"]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
LINK = re.compile(r"http://[0-9.]+:[0-9]+/\?t=[0-9a-f]{32}")


def wait(what, ready, timeout=10.0, step=0.01):
    start = time.monotonic()
    while True:
        value = ready()
        if value:
            return value
        if time.monotonic() - start > timeout:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(step)


def launch(playwright, extra=()):
    """Debian's chromium, headless, with a fresh profile."""
    profile = tempfile.mkdtemp(prefix="ask-web-e2e-profile-")
    return playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, headless=True, args=ARGS + list(extra))


def launch_browser(playwright, extra=()):
    """A browser with separate contexts (two people), fresh profile each context."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                      args=ARGS + list(extra))


class Terminal:
    """`ask ARGS` in a tmux window; the shell records the terminal modes before and after
    and the exit code."""

    def __init__(self, payload, args, cols=110, rows=34, env=None, config=None):
        self.dir = tempfile.mkdtemp(prefix="ask-web-e2e-")
        self.name = "askweb-" + uuid.uuid4().hex[:8]
        with open(self.path("p.json"), "w") as f:
            f.write(payload if isinstance(payload, str) else json.dumps(payload))
        if config is not None:  # the settings file ask starts with
            with open(self.path("cfg.json"), "w") as f:
                json.dump(config, f)
        envs = " ".join(f"{k}='{v}'" for k, v in (env or {}).items())
        # English whatever the machine's language; a test in another one passes LANG in env.
        envs = "LANG='C.UTF-8' LC_ALL='' LC_MESSAGES='' " + envs
        # `ask` writes its pid (a shell that says its own, then becomes ask).
        script = (f"cd '{self.dir}'; stty -a > before; {envs} ASK_CONFIG='{self.dir}/cfg.json' "
                  f"sh -c 'echo $$ > pid; exec \"$0\" \"$@\"' '{ASK}' run -i p.json -o r.json {args} 2> err; "
                  f"echo $? > code; stty -a > after; sleep 600")
        command = ["tmux", "new-session", "-d", "-s", self.name, "-x", str(cols), "-y",
                   str(rows), "sh", "-c", script]
        # A tmux server that is just exiting (its last session was killed) refuses once.
        for attempt in range(5):
            if subprocess.run(command, capture_output=True).returncode == 0:
                break
            time.sleep(0.2)
        else:
            subprocess.run(command, check=True)

    def path(self, name):
        return os.path.join(self.dir, name)

    def screen(self):
        out = subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name],
                             capture_output=True, text=True)
        return out.stdout

    def wait_for(self, text, timeout=10.0):
        return wait(f"terminal to show {text!r}", lambda: text in self.screen(), timeout)

    def keys(self, *keys):
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def link(self):
        def found():
            m = LINK.search(self.screen().replace("\n", ""))
            if m:
                return m.group(0)
            try:
                m = LINK.search(open(self.path("err")).read())
            except FileNotFoundError:
                return None
            return m.group(0) if m else None
        return wait("the browser link", found)

    def code(self, timeout=10.0):
        def read():
            try:
                text = open(self.path("code")).read().strip()
            except FileNotFoundError:
                return None
            return text or None
        return int(wait("ask to exit", read, timeout))

    def result(self):
        with open(self.path("r.json")) as f:
            return json.load(f)

    def modes_restored(self):
        def modes(name):
            lines = open(self.path(name)).read().splitlines()
            return [l for l in lines if not l.startswith("speed")]
        wait("stty after", lambda: os.path.exists(self.path("after")) and open(self.path("after")).read())
        return modes("before") == modes("after")

    def pid(self):
        """The ask process, as it wrote it (a lookup by executable name would miss a binary
        rebuilt meanwhile: /proc/PID/exe then ends in " (deleted)")."""
        def read():
            try:
                text = open(self.path("pid")).read().strip()
            except FileNotFoundError:
                return None
            return int(text) if text else None
        return wait("ask's pid", read)

    def close(self):
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def scripted(payload, answers):
    """The result `ask run --answers` gives."""
    d = tempfile.mkdtemp(prefix="ask-web-e2e-answers-")
    with open(os.path.join(d, "p.json"), "w") as f:
        json.dump(payload, f)
    with open(os.path.join(d, "a.json"), "w") as f:
        json.dump(answers, f)
    out = subprocess.run([ASK, "run", "-i", os.path.join(d, "p.json"), "--answers",
                          os.path.join(d, "a.json")], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)
