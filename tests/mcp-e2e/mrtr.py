"""MCP 2026-07-28 scenarios: no initialize, capabilities in each request's _meta, the
client's own form as an input_required round, the browser form's link for a URL-only
client, and the sealed requestState (tampered, expired, foreign, replayed). A raw
JSON-RPC client drives what no SDK here sends on purpose; the official Python SDK
(`mcp` 2.3.0 speaks 2026-07-28 and drives input_required rounds) drives the happy path."""

import base64
import hashlib
import hmac
import json
import os
import subprocess
import struct
import time

from harness import HERE, PY, Raw, check

from common import ANSWERS, PAYLOAD, read_record, same_as_ask_run, scenario, write_json
from web import LINK, WEB_ANSWERS, WEB_PAYLOAD, answer_in_browser

FORM = {"elicitation": {"form": {}}}
CONTENT = {"q01_answer": "lite", "q02_answer": ["a", "c"]}


def meta(caps, client="raw-2026"):
    return {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": client, "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": caps}


def call(raw, caps, payload=PAYLOAD, client="raw-2026", **extra):
    params = {"name": "ask_user", "arguments": payload, "_meta": meta(caps, client), **extra}
    return raw.request("tools/call", params)


def retry(raw, caps, state, response, payload=PAYLOAD, client="raw-2026"):
    return call(raw, caps, payload, client, requestState=state, inputResponses={"ask_user": response})


def modern():
    return Raw(["--ui", "auto"], initialize=False)


@scenario
def python_sdk_2026_client_answers_in_its_own_form_through_mrtr(tmp):
    out = os.path.join(tmp, "out.json")
    payload = write_json(tmp, "payload.json", PAYLOAD)
    subprocess.run([PY, os.path.join(HERE, "client.py"), "modern", out, payload, "accept", json.dumps(CONTENT),
                    "--ui", "elicit"], timeout=60)
    record = read_record(out)
    check(record["protocolVersion"] == "2026-07-28", f"negotiated {record['protocolVersion']}")
    request = json.load(open(out + ".request.json"))[0]
    check(request.get("mode", "form") == "form" and "q01_answer" in request["requestedSchema"]["properties"],
          f"the form request: {request}")
    same_as_ask_run(record["result"], tmp, via=("host",))


@scenario
def raw_2026_form_round_gives_the_answers_and_decline_cancels(tmp):
    raw = modern()
    first = call(raw, FORM)["result"]
    check(first["resultType"] == "input_required", f"{first}")
    request = first["inputRequests"]["ask_user"]
    check(request["method"] == "elicitation/create" and request["params"]["mode"] == "form", f"{request}")
    done = retry(raw, FORM, first["requestState"], {"action": "accept", "content": CONTENT})["result"]
    check(done["resultType"] == "complete", f"{done}")
    same_as_ask_run(done, tmp, PAYLOAD, ANSWERS, via=("host",))
    for action in ("decline", "cancel"):
        again = call(raw, FORM)["result"]
        ended = retry(raw, FORM, again["requestState"], {"action": action})["result"]
        check(ended["structuredContent"]["cancelled"] is True and ended["structuredContent"]["answers"] == {},
              f"{action}: {ended}")
    raw.close()


def _b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def expired_copy(state, key):
    """The same sealed round with an expiry in the past, sealed with the server's own key
    (read from its state folder, as only this machine's owner can): only the clock is wrong."""
    version, body, _tag = state.split(".")
    payload = _unb64(body)[8:]
    body = struct.pack(">q", int(time.time() * 1000) - 60_000) + payload
    mac = hmac.new(key, b"rmcp/mrtr/request-state/v1" + struct.pack(">Q", 0) + body, hashlib.sha256).digest()
    return f"{version}.{_b64(body)}.{_b64(mac)}"


@scenario
def raw_2026_tampered_expired_foreign_and_replayed_states_give_no_answers(tmp):
    raw = modern()
    accept = {"action": "accept", "content": CONTENT}
    state = call(raw, FORM)["result"]["requestState"]
    key_file = os.path.join(os.environ["XDG_STATE_HOME"], "ask-user", "mcp", "request-state.key")
    check(os.stat(key_file).st_mode & 0o777 == 0o600, "the key is owner-only")

    version, body, tag = state.split(".")
    flipped = bytearray(_unb64(body))
    flipped[-3] ^= 1
    tampered = retry(raw, FORM, f"{version}.{_b64(bytes(flipped))}.{tag}", accept)
    check("seal does not match" in tampered.get("error", {}).get("message", ""), f"tampered: {tampered}")

    foreign = retry(raw, FORM, state, accept, client="another-client")
    check("another client" in foreign.get("error", {}).get("message", ""), f"foreign: {foreign}")

    expired = retry(raw, FORM, expired_copy(state, open(key_file, "rb").read()), accept)["result"]
    check(expired["resultType"] == "input_required", f"expired: asked again, not answered: {expired}")
    check("expired" in expired["inputRequests"]["ask_user"]["params"]["message"], f"{expired}")

    good = retry(raw, FORM, state, accept)["result"]
    check(good["structuredContent"]["answers"]["db"]["values"] == ["lite"], f"the untouched state: {good}")
    replay = retry(raw, FORM, state, accept)
    check("already answered" in replay.get("error", {}).get("message", ""), f"replay: {replay}")
    raw.close()


@scenario
def raw_2026_capabilities_come_from_each_request(tmp):
    raw = modern()
    with_form = call(raw, FORM)["result"]
    check(with_form["resultType"] == "input_required", f"{with_form}")
    nothing = call(raw, {})["result"]
    check(nothing["content"][0]["text"].startswith("Needs user input:"), f"no mode declared: {nothing}")
    bad = retry(raw, FORM, with_form["requestState"], {"action": "accept", "content": {"q01_answer": "mysql"}})
    message = bad["result"]["inputRequests"]["ask_user"]["params"]["message"]
    check(message.startswith("Your last reply could not be used") and "mysql" in message, message)
    raw.close()


@scenario
def raw_2026_url_only_client_gets_the_browser_forms_link_and_its_answers(tmp):
    raw = modern()
    url = {"elicitation": {"url": {}}}
    first = call(raw, url, WEB_PAYLOAD)["result"]
    params = first["inputRequests"]["ask_user"]["params"]
    check(params["mode"] == "url" and LINK.fullmatch(params["url"]), f"a loopback link: {params}")
    check("requestedSchema" not in params, "no form goes through the client")
    answer_in_browser(params["url"])
    done = retry(raw, url, first["requestState"], {"action": "accept"}, WEB_PAYLOAD)["result"]
    same_as_ask_run(done, tmp, WEB_PAYLOAD, WEB_ANSWERS, via=("browser",))
    raw.close()


@scenario
def raw_2026_client_with_the_ui_extension_gets_the_app_and_its_answers(tmp):
    """A 2026-07-28 client that declares the MCP Apps extension in its request's
    capabilities is shown the page: the tool list names it, resources/read serves it, and
    the ask_user call waits (no input_required) for what the page sends through ask_app."""
    ui = {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}
    raw = modern()
    try:
        listed = raw.request("tools/list", {"_meta": meta(ui)})["result"]["tools"]
        names = {t["name"]: t for t in listed}
        check(set(names) == {"ask_user", "ask_app"}, f"tools: {sorted(names)}")
        uri = names["ask_user"]["_meta"]["ui"]["resourceUri"]
        page = raw.request("resources/read", {"uri": uri, "_meta": meta(ui)})["result"]["contents"][0]
        check(page["mimeType"] == "text/html;profile=mcp-app" and "<html" in page["text"], "the page is served")
        plain = raw.request("tools/list", {"_meta": meta({})})["result"]["tools"]
        check([t["name"] for t in plain] == ["ask_user"], f"without the extension: {plain}")

        pending = raw.start("tools/call", {"name": "ask_user", "arguments": PAYLOAD, "_meta": meta(ui)})

        def app(arguments):
            reply = raw.request("tools/call", {"name": "ask_app", "arguments": arguments, "_meta": meta(ui)})
            check("result" in reply, f"ask_app: {reply}")
            return reply["result"]["structuredContent"]

        opened = app({"open": PAYLOAD})
        deadline = time.time() + 20
        while opened["status"] == 202 and time.time() < deadline:  # the call has not reached its form yet
            time.sleep(0.05)
            opened = app({"open": PAYLOAD})
        check(opened["status"] == 200 and opened.get("token"), f"open: {opened}")
        check(opened["view"]["questions"][0]["required"] in (True, False), "the page gets the session's view")
        done = app({"token": opened["token"], "command": {"v": 1, "type": "answer", "mode": "submit",
                                                          "answers": ANSWERS["answers"]}})
        check(done["status"] == 200, f"answer and submit: {done}")
        record = raw.wait(pending, timeout=30)
        check("result" in record and record["result"].get("resultType", "complete") == "complete",
              f"the pending call ends with the answers, no input_required: {record}")
        same_as_ask_run(record["result"], tmp, via=("app",))
    finally:
        raw.close()
