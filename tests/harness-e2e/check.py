#!/usr/bin/env python3
"""Assertions on what the scripted endpoint received (the JSONL log of anthropic_stub.py).

usage: check.py LOG TURN KIND [ARGS...]
  TURN is the main-loop turn to inspect (0: the request after the prompt; 1: the one
  after the first tool call, ...).
  KIND:
    tool-offered NAME     the request offers tool NAME, its input schema takes `questions`
    tool-result TEXT      the last message carries the result of the previous turn's
                          ask_user call, not an error, and its text contains TEXT
    tool-cancelled        ... a result that says the questions were cancelled, not an error
    tool-error TEXT       ... an error result whose text contains TEXT
    tool-same RESULT [VIA] ... a result equal to RESULT, the tool result file of `ask run
                          --answers` for the same choices: its details as JSON (what
                          Claude Code forwards) or its text; answeredVia must be VIA
                          (terminal unless given: host for the client's own form)
    tool-outcome OUTCOME  ... details (as Claude Code forwards them) whose outcome is OUTCOME
    answered              the call's result is there (exit 1 while it is not)
  When Claude Code ran the call as a background task (an MCP task, or past 120 s), the
  tool-* checks read the result from the task notification that came later.
    task-same RESULT      the last message is Claude Code's notification of a call it moved
                          to the background, and its <result> equals RESULT's details
                          (answeredVia terminal)
Exits 0 when the check holds; otherwise prints why and exits 1.
"""

import json
import sys

TOOL = "mcp__ask__ask_user"


def fail(why):
    print(f"check {' '.join(sys.argv[2:])}: {why}", file=sys.stderr)
    sys.exit(1)


def main_request(log, turn):
    requests = []
    with open(log, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                entry = json.loads(line)
                if entry.get("kind") == "main" and entry.get("turn") == turn:
                    requests.append(entry["body"])
    if not requests:
        fail(f"no main-loop request for turn {turn}")
    return requests[-1]


def text_of(content):
    if isinstance(content, str):
        return content
    return "\n".join(block.get("text", "") for block in content if isinstance(block, dict))


BACKGROUND = ("started server-side task", "moved to the background")


def later_notification(log):
    """The <result> of the last task notification in any main-loop request, or None."""
    text = None
    with open(log, encoding="utf-8") as f:
        for line in f:
            if '"kind": "main"' not in line:
                continue
            body = json.loads(line)["body"]
            for message in body.get("messages", []):
                content = text_of(message.get("content", ""))
                start, end = content.find("<result>"), content.find("</result>")
                if "<task-notification>" in content and 0 <= start < end:
                    text = content[start + len("<result>"):end].strip()
    return text


def ask_result(body):
    """The ask_user call's result block and text. When Claude Code ran the call as a
    background task (the server made it an MCP task, or it ran past 120 s), the text is
    the <result> of the task notification that came later."""
    block, text = direct_result(body)
    if any(b in text for b in BACKGROUND) and not block.get("is_error"):
        later = later_notification(LOG)
        if later is None:
            fail(f"the call went to the background and no task notification came yet: {text[:300]}")
        return {"is_error": False, "background": True}, later
    return block, text


def direct_result(body):
    """The tool_result block answering the last ask_user tool_use, and its text."""
    messages = body.get("messages", [])
    calls = [block["id"] for m in messages if m.get("role") == "assistant" and isinstance(m.get("content"), list)
             for block in m["content"] if block.get("type") == "tool_use" and block.get("name") == TOOL]
    if not calls:
        fail("no ask_user call in the conversation")
    # The result is in the last user message; Claude Code may add messages of its own
    # after it (a "system" message with MCP server instructions), so look back past them.
    for message in reversed(messages):
        blocks = message.get("content") if isinstance(message.get("content"), list) else []
        for block in blocks:
            if block.get("type") == "tool_result" and block.get("tool_use_id") == calls[-1]:
                return block, text_of(block.get("content", ""))
        if message.get("role") == "assistant":
            break
    last = messages[-1] if messages else {}
    fail(f"no message after the call holds its result {calls[-1]}: {json.dumps(last)[:600]}")


LOG = None


def main():
    global LOG
    log, turn, kind, *args = sys.argv[1:]
    LOG = log
    body = main_request(log, int(turn))
    if kind == "tool-offered":
        tools = {t.get("name"): t for t in body.get("tools", [])}
        tool = tools.get(args[0])
        if tool is None:
            fail(f"{args[0]} is not offered; tools: {sorted(tools)}")
        if "questions" not in json.dumps(tool.get("input_schema", {})):
            fail(f"its input schema does not take questions: {json.dumps(tool)[:600]}")
    elif kind == "tool-result":
        # The call's own result first (Claude Code's "moved to the background" text is
        # what scenario 11 looks for), else the task notification that came later.
        block, text = direct_result(body)
        if block.get("is_error") or args[0] not in text:
            block, text = ask_result(body)
        if block.get("is_error"):
            fail(f"the result is an error: {text}")
        if args[0] not in text:
            fail(f"the result lacks {args[0]!r}: {text}")
    elif kind == "tool-cancelled":
        block, text = ask_result(body)
        if block.get("is_error"):
            fail(f"the result is an error: {text}")
        try:
            details = json.loads(text)  # structuredContent, as Claude Code forwards it
            cancelled = details.get("cancelled") is True and "error" not in details
        except ValueError:
            cancelled = "cancel" in text.lower()
        if not cancelled:
            fail(f"the result does not say it was cancelled: {text}")
    elif kind == "tool-error":
        block, text = ask_result(body)
        if not block.get("is_error"):
            fail(f"the result is not an error: {text}")
        if args[0] not in text:
            fail(f"the result lacks {args[0]!r}: {text}")
    elif kind == "tool-same":
        # Claude Code 2.1.332 hands the model a tool's structuredContent as JSON text in
        # place of its text content (unless the result is an error); a client that
        # forwards the text content gives the text. Either must be exactly what
        # `ask run --answers` gives for the same choices.
        block, text = ask_result(body)
        with open(args[0], encoding="utf-8") as f:
            expected = json.load(f)
        if block.get("is_error"):
            fail(f"the result is an error: {text}")
        # `answeredVia` says how the answers came ("scripted" for --answers); through
        # the harness they must have come from the terminal form.
        want = dict(expected["details"])
        want.pop("answeredVia", None)
        want_via = args[1] if len(args) > 1 else "terminal"
        try:
            got = json.loads(text)
            via = got.pop("answeredVia", "terminal")
            same = got == want and via == want_via
        except ValueError:
            same = text == text_of(expected["content"])
        if not same:
            fail(f"the result differs from ask run --answers:\n--- got\n{text}\n--- expected\n"
                 f"{json.dumps(expected['details'])}\nor\n{text_of(expected['content'])}")
    elif kind == "answered":
        # Exits 0 once the call's result can be read (directly or as a task notification).
        try:
            block, text = ask_result(body)
        except SystemExit:
            sys.exit(1)
    elif kind == "task-same":
        text = text_of(body.get("messages", [{}])[-1].get("content", ""))
        start, end = text.find("<result>"), text.find("</result>")
        if "<task-notification>" not in text or start < 0 or end < start:
            fail(f"the last message is not a task notification with a result: {text[:800]}")
        with open(args[0], encoding="utf-8") as f:
            want = json.load(f)["details"]
        want.pop("answeredVia", None)
        got = json.loads(text[start + len("<result>"):end])
        via = got.pop("answeredVia", None)
        if got != want or via != "terminal":
            fail(f"the task's result differs from ask run --answers:\n{json.dumps(got)}\n{json.dumps(want)}")
    elif kind == "tool-outcome":
        block, text = ask_result(body)
        try:
            details = json.loads(text)
        except ValueError:
            fail(f"the result is not the details as JSON: {text}")
        if details.get("outcome") != args[0]:
            fail(f"outcome is {details.get('outcome')!r}, expected {args[0]!r}: {text}")
    else:
        fail(f"unknown check {kind}")


if __name__ == "__main__":
    main()
