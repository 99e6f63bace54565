"""Scenarios where a form opens: the tmux popup (over stdio and HTTP), a launcher, the
controlling terminal, the queue, cancellation, drafts, the client going away, progress."""

import os
import shlex
import signal
import subprocess
import time

from harness import HERE, PY, Raw, Tmux, check, form_processes, wait_until

from common import KEYS, PAYLOAD, answer_popup, no_forms_left, read_record, same_as_ask_run, scenario, start_http, write_json

@scenario
def python_sdk_stdio_lists_the_tool_and_answers_in_a_tmux_popup(tmp):
    out = os.path.join(tmp, "out.json")
    payload = write_json(tmp, "payload.json", PAYLOAD)
    command = " ".join(shlex.quote(a) for a in [PY, os.path.join(HERE, "client.py"), "stdio", out, payload, "--ui", "popup"])
    tmux = Tmux("stdio", f"{command}; sleep 600")
    try:
        answer_popup(tmux)
        record = read_record(out)
    finally:
        tmux.close()
    tools = record["tools"]["tools"]
    check([t["name"] for t in tools] == ["ask_user"], f"tools: {[t['name'] for t in tools]}")
    tool = tools[0]
    check(tool["annotations"]["readOnlyHint"] is True and tool["annotations"]["openWorldHint"] is False, "annotations")
    check(tool["inputSchema"]["required"] == ["questions"], "inputSchema is the payload schema")
    check("answers" in tool["outputSchema"]["properties"], "outputSchema is the details schema")
    check("instructions" in record["initialize"], "instructions sent")
    same_as_ask_run(record["result"], tmp)
    no_forms_left()



@scenario
def python_sdk_http_answers_in_a_tmux_popup(tmp):
    tmux = Tmux("http", "sleep 600")
    proc = None
    try:
        proc, url, token = start_http(tmux.server_env(), tmp)
        out = os.path.join(tmp, "out.json")
        payload = write_json(tmp, "payload.json", PAYLOAD)
        client = subprocess.Popen([PY, os.path.join(HERE, "client.py"), "http", out, payload, url, token])
        answer_popup(tmux)
        record = read_record(out)
        client.wait(10)
    finally:
        if proc:
            proc.terminate()
            proc.wait(10)
        tmux.close()
    check([t["name"] for t in record["tools"]["tools"]] == ["ask_user"], "tools/list over HTTP")
    same_as_ask_run(record["result"], tmp)
    no_forms_left()



@scenario
def a_launcher_shows_the_form_elsewhere_and_the_server_waits_for_it(tmp):
    # `tmux new-window` returns at once while the form runs in the new window: the
    # server waits for the form's own result, not for the launcher.
    tmux = Tmux("launch", "sleep 600")
    raw = Raw(["--ui", "launch", "--launch", "tmux new-window -n ask-form"], env=tmux.server_env())
    try:
        rid = raw.call(PAYLOAD)
        tmux.wait_for("Which database?")
        check("ask-form" in tmux.screen(), "the form runs in the launched window:\n" + tmux.screen())
        tmux.type(*KEYS)
        result = raw.wait(rid)["result"]
        # A cancel reaches a launched form too.
        rid = raw.call(PAYLOAD)
        tmux.wait_for("Which database?")
        raw.notify("notifications/cancelled", {"requestId": rid})
        no_forms_left()
    finally:
        raw.close()
        tmux.close()
    same_as_ask_run(result, tmp)


@scenario
def ui_tty_draws_on_the_controlling_terminal_only_when_asked(tmp):
    out = os.path.join(tmp, "out.json")
    payload = write_json(tmp, "payload.json", PAYLOAD)
    # The Python SDK starts servers in a new session (no controlling terminal), so a
    # raw client that keeps the server in the pane's session stands in for a harness
    # that hands its terminal over. No $TMUX: the pane is just the controlling terminal.
    command = " ".join(shlex.quote(a) for a in [PY, os.path.join(HERE, "client.py"), "raw", out, payload, "--ui", "tty"])
    tmux = Tmux("tty", f"env -u TMUX -u TMUX_PANE {command}; sleep 600")
    try:
        tmux.wait_for("Which database?")
        tmux.type(*KEYS)
        record = read_record(out)
    finally:
        tmux.close()
    same_as_ask_run(record["result"], tmp)


@scenario
def calls_queue_one_popup_at_a_time_and_the_title_counts_the_waiting(tmp):
    tmux = Tmux("queue", "sleep 600")
    raw = Raw(["--ui", "popup"], env=tmux.server_env())
    try:
        first = raw.call(PAYLOAD)
        tmux.wait_for("Which database?")
        second = raw.call({"questions": [{"id": "next", "prompt": "Second form?", "options": [
            {"value": "y", "label": "Yes"}, {"value": "n", "label": "No"}]}]})
        time.sleep(0.5)
        check(len(form_processes()) == 1, f"one form at a time, got {form_processes()}")
        tmux.type(*KEYS)
        r1 = raw.wait(first)
        tmux.wait_for("Second form?")
        tmux.type("1", "\r")
        r2 = raw.wait(second)
    finally:
        raw.close()
        tmux.close()
    same_as_ask_run(r1["result"], tmp)
    check(r2["result"]["structuredContent"]["answers"]["next"]["values"] == ["y"], f"second: {r2}")
    no_forms_left()


@scenario
def the_popup_title_names_the_client_and_how_many_wait(tmp):
    tmux = Tmux("title", "sleep 600")
    raw = Raw(["--ui", "popup"], env=tmux.server_env())
    try:
        blocker = raw.call({"questions": [{"id": "first", "prompt": "First form?", "options": [{"value": "y", "label": "Yes"}]}]})
        tmux.wait_for("First form?")
        check("ask_user: raw-e2e asks " in tmux.screen(), "title names the client:\n" + tmux.screen())
        queued = [raw.call(PAYLOAD), raw.call({"questions": [{"id": "x", "prompt": "Third form?", "options": [{"value": "y", "label": "Yes"}]}]})]
        time.sleep(0.3)
        tmux.type("1", "\r")
        raw.wait(blocker)
        tmux.wait_for("Which database?")
        check("(1 waiting)" in tmux.screen(), "the title counts the waiting call:\n" + tmux.screen())
        raw.notify("notifications/cancelled", {"requestId": queued[1]})
        raw.notify("notifications/cancelled", {"requestId": queued[0]})
        tmux.wait_gone("Which database?")
        pong = raw.request("ping")
        check("result" in pong, "the server still answers")
    finally:
        raw.close()
        tmux.close()
    no_forms_left()


@scenario
def cancel_in_the_middle_of_a_popup_closes_it_and_leaves_no_form(tmp):
    tmux = Tmux("cancel", "sleep 600")
    raw = Raw(["--ui", "popup"], env=tmux.server_env())
    try:
        rid = raw.call(PAYLOAD)
        tmux.wait_for("Which database?")
        tmux.type("2")
        raw.notify("notifications/cancelled", {"requestId": rid, "reason": "the user pressed Esc in the harness"})
        tmux.wait_gone("Which database?")
        no_forms_left()
        check("result" in raw.request("ping"), "the server answers after a cancel")
        # The same questions again: the form resumes on the second tab (the draft kept SQLite).
        again = raw.call(PAYLOAD)
        tmux.wait_for("Which features?")
        tmux.type("1", "3", "\r", "\r")
        result = raw.wait(again)["result"]
    finally:
        raw.close()
        tmux.close()
    same_as_ask_run(result, tmp)
    no_forms_left()


@scenario
def a_killed_popup_resumes_from_its_draft(tmp):
    tmux = Tmux("draft", "sleep 600")
    raw = Raw(["--ui", "popup"], env=tmux.server_env())
    try:
        first = raw.call(PAYLOAD)
        tmux.wait_for("Which database?")
        tmux.type("2")
        time.sleep(1.0)  # the draft is saved at most every 500 ms and on every tab change
        for pid in form_processes():
            os.kill(pid, signal.SIGKILL)
        r1 = raw.wait(first)
        check(r1["result"]["structuredContent"]["cancelled"] is True, "a killed form is a cancelled result")
        again = raw.call(PAYLOAD)
        tmux.wait_for("Which features?")  # resumed on the second tab
        tmux.type("1", "3", "\r", "\r")
        result = raw.wait(again)["result"]
    finally:
        raw.close()
        tmux.close()
    same_as_ask_run(result, tmp)


@scenario
def closing_stdin_or_sigterm_closes_every_form_and_the_server_exits(tmp):
    for how in ("eof", "sigterm"):
        os.environ["XDG_STATE_HOME"] = os.path.join(tmp, how)  # each run starts without a draft
        tmux = Tmux(f"gone-{how}", "sleep 600")
        raw = Raw(["--ui", "popup"], env=tmux.server_env())
        try:
            rid = raw.call(PAYLOAD)
            raw.call(PAYLOAD)  # a queued second call
            tmux.wait_for("Which database?")
            tmux.type("2")
            if how == "eof":
                code = raw.close(timeout=10)
            else:
                raw.proc.send_signal(signal.SIGTERM)
                reply = raw.wait(rid, timeout=10)
                details = reply["result"]["structuredContent"]
                check(details["cancelled"] is True, f"SIGTERM gives the cancelled result: {details}")
                code = raw.proc.wait(10)
            check(code == 0, f"{how}: exit status {code}")
            tmux.wait_gone("Which database?")
            no_forms_left()
        finally:
            if raw.proc.poll() is None:
                raw.proc.kill()
            tmux.close()


@scenario
def progress_notifications_count_the_answered_questions(tmp):
    tmux = Tmux("progress", "sleep 600")
    raw = Raw(["--ui", "popup"], env=tmux.server_env())
    try:
        rid = raw.call(PAYLOAD, meta={"progressToken": "p1"})
        tmux.wait_for("Which database?")
        tmux.type("2")
        wait_until(lambda: [m for m in raw.seen + list(raw.messages.queue) if m and m.get("method") == "notifications/progress"],
                   14, "a progress notification")
        progress = [m for m in raw.seen + list(raw.messages.queue) if m and m.get("method") == "notifications/progress"][0]
        check(progress["params"]["progressToken"] == "p1", f"token: {progress}")
        check(progress["params"]["message"] == "1 of 2 answered", f"message: {progress}")
        tmux.type("1", "3", "\r", "\r")
        result = raw.wait(rid)["result"]
    finally:
        raw.close()
        tmux.close()
    same_as_ask_run(result, tmp)


