"""What the scenarios share: the payload and the keys that answer it, the registry,
and helpers to read a client's record and compare it with `ask run --answers`."""

import json
import os
import subprocess

from harness import ASK, Fail, ask_run_answers, check, form_processes, wait_until

PAYLOAD = {"questions": [
    {"id": "db", "label": "DB", "prompt": "Which database?", "options": [
        {"value": "pg", "label": "PostgreSQL", "recommended": True}, {"value": "lite", "label": "SQLite"}]},
    {"id": "feat", "label": "Features", "type": "multi", "prompt": "Which features?", "options": [
        {"value": "a", "label": "Auth"}, {"value": "b", "label": "Billing"}, {"value": "c", "label": "Chat"}]}]}
# The keys a person types in the form (SQLite; Auth and Chat; Enter to review, Enter to submit)
# and the same choices as scripted answers.
KEYS = ["2", "1", "3", "\r", "\r"]
ANSWERS = {"mode": "submit", "answers": {"db": {"values": ["lite"]}, "feat": {"values": ["a", "c"]}}}

SCENARIOS = {}


def scenario(fn):
    SCENARIOS[fn.__name__] = fn
    return fn


def write_json(tmp, name, value):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        json.dump(value, f)
    return path


def read_record(path, timeout=30):
    wait_until(lambda: os.path.exists(path) or os.path.exists(path + ".error"), timeout, f"the client to write {path}")
    if os.path.exists(path + ".error"):
        raise Fail("the client failed:\n" + open(path + ".error").read())
    with open(path) as f:
        return json.load(f)


def same_as_ask_run(result, tmp, payload=PAYLOAD, answers=ANSWERS, via=(None, "terminal", "scripted")):
    expected = ask_run_answers(payload, answers, tmp)
    # Where the answer came from differs by design: a person in the popup ("terminal")
    # or the browser ("browser") against the scripted answers ("scripted"). Everything
    # else must be equal.
    got = {k: v for k, v in result["structuredContent"].items() if k != "answeredVia"}
    want = {k: v for k, v in expected["details"].items() if k != "answeredVia"}
    check(result["structuredContent"].get("answeredVia") in via,
          f"answeredVia: {result['structuredContent'].get('answeredVia')}")
    check(got == want,
          f"details differ from ask run --answers:\n{json.dumps(got)}\n{json.dumps(want)}")
    check(result["content"] == expected["content"], f"content differs: {result['content']} vs {expected['content']}")
    check(result.get("isError") is False, f"isError: {result.get('isError')}")


def no_forms_left():
    wait_until(lambda: not form_processes(), 10, "every ask run form to end")


def answer_popup(tmux, keys=KEYS):
    tmux.wait_for("Which database?")
    check("ask_user: python-sdk-e2e asks" in tmux.screen() or "ask_user:" in tmux.screen(),
          "the popup title names the client")
    tmux.type(*keys)
    tmux.wait_gone("Which database?")



def start_http(tmux_env, tmp, ui="popup", extra=()):
    err = os.path.join(tmp, "server.err")
    proc = subprocess.Popen([ASK, "mcp", "--http", "127.0.0.1:0", "--ui", ui, *extra], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=open(err, "w"), env=tmux_env)
    text = wait_until(lambda: (lambda t: t if "token " in t else None)(open(err).read()), 10, "the URL and token on stderr")
    url = text.split("serving ")[1].split()[0]
    token = text.split("token ")[1].split()[0]
    return proc, url, token


