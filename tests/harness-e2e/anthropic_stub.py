#!/usr/bin/env python3
"""A scripted Anthropic Messages endpoint on loopback, for driving Claude Code offline.

    python3 anthropic_stub.py --script script.json --log requests.jsonl --port-file port \
        --token TOKEN [--tool mcp__ask__ask_user] [--max-seconds 300] [--max-requests 200]

The script is a JSON list of turns. Turn k answers the main-loop request whose
messages hold k assistant messages (so a retried request gets the same turn):

    [{"tool_use": {"name": "mcp__ask__ask_user", "input": {...}}}, {"text": "Done."}]

A main-loop request is one whose `tools` include the --tool name (the harness's
agent loop); anything else the harness sends on the side (titles, quota probes,
summaries) gets a short text reply and is logged with "kind": "side". Every
request is appended to the log as one JSON line: {"kind", "path", "turn", "body"}.

Safety: binds 127.0.0.1 only, answers only peers on 127.0.0.0/8, only requests
carrying the token (x-api-key or Authorization: Bearer), bodies up to 16 MiB,
and exits by itself after --max-seconds or --max-requests.
"""

import argparse
import http.server
import json
import os
import sys
import threading
import time

MAX_BODY = 16 * 1024 * 1024


def sse(event, data):
    return f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()


def message_events(msg_id, model, blocks, stop_reason):
    """The SSE events of one streamed assistant message made of `blocks`."""
    yield sse("message_start", {
        "type": "message_start",
        "message": {
            "id": msg_id, "type": "message", "role": "assistant", "model": model,
            "content": [], "stop_reason": None, "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 1},
        },
    })
    for i, block in enumerate(blocks):
        if block["type"] == "text":
            yield sse("content_block_start", {"type": "content_block_start", "index": i,
                                              "content_block": {"type": "text", "text": ""}})
            yield sse("content_block_delta", {"type": "content_block_delta", "index": i,
                                              "delta": {"type": "text_delta", "text": block["text"]}})
        else:
            yield sse("content_block_start", {"type": "content_block_start", "index": i,
                                              "content_block": {"type": "tool_use", "id": block["id"],
                                                                "name": block["name"], "input": {}}})
            yield sse("content_block_delta", {"type": "content_block_delta", "index": i,
                                              "delta": {"type": "input_json_delta",
                                                        "partial_json": json.dumps(block["input"])}})
        yield sse("content_block_stop", {"type": "content_block_stop", "index": i})
    yield sse("message_delta", {"type": "message_delta",
                                "delta": {"stop_reason": stop_reason, "stop_sequence": None},
                                "usage": {"output_tokens": 5}})
    yield sse("message_stop", {"type": "message_stop"})


def turn_blocks(turn, index):
    """Content blocks and stop reason of one script turn."""
    blocks = []
    if "text" in turn:
        blocks.append({"type": "text", "text": turn["text"]})
    if "tool_use" in turn:
        call = turn["tool_use"]
        blocks.append({"type": "tool_use", "id": call.get("id", f"toolu_e2e_{index}"),
                       "name": call["name"], "input": call.get("input", {})})
    return blocks, ("tool_use" if "tool_use" in turn else "end_turn")


class Stub:
    def __init__(self, args):
        self.script = json.load(open(args.script, encoding="utf-8"))
        self.log_path = args.log
        self.tool = args.tool
        self.token = args.token
        self.max_requests = args.max_requests
        self.count = 0
        self.lock = threading.Lock()

    def record(self, entry):
        with self.lock:
            self.count += 1
            with open(self.log_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(entry) + "\n")
            return self.count

    def is_main(self, body):
        return any(isinstance(t, dict) and t.get("name") == self.tool for t in body.get("tools") or [])


def make_handler(stub):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):  # quiet; the request log is the record
            pass

        def allowed(self):
            if not self.client_address[0].startswith("127."):
                return False
            key = self.headers.get("x-api-key") or ""
            auth = self.headers.get("authorization") or ""
            return stub.token in (key, auth.removeprefix("Bearer ").strip())

        def reply_json(self, status, obj):
            data = json.dumps(obj).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):  # noqa: N802 (http.server names)
            if not self.allowed():
                return self.reply_json(403, {"type": "error", "error": {"type": "permission_error",
                                                                        "message": "forbidden"}})
            stub.record({"kind": "get", "path": self.path})
            self.reply_json(200, {"data": [], "has_more": False})

        def do_HEAD(self):  # noqa: N802
            self.send_response(200)
            self.send_header("content-length", "0")
            self.end_headers()

        def do_POST(self):  # noqa: N802
            if not self.allowed():
                return self.reply_json(403, {"type": "error", "error": {"type": "permission_error",
                                                                        "message": "forbidden"}})
            length = int(self.headers.get("content-length") or 0)
            if length > MAX_BODY:
                return self.reply_json(413, {"type": "error", "error": {"type": "request_too_large",
                                                                        "message": "body over 16 MiB"}})
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
            except ValueError:
                return self.reply_json(400, {"type": "error", "error": {"type": "invalid_request_error",
                                                                        "message": "body is not JSON"}})
            path = self.path.split("?")[0]
            if path.endswith("/count_tokens"):
                stub.record({"kind": "count_tokens", "path": self.path})
                return self.reply_json(200, {"input_tokens": 100})
            if not path.endswith("/v1/messages"):
                stub.record({"kind": "unknown", "path": self.path, "body": body})
                return self.reply_json(404, {"type": "error", "error": {"type": "not_found_error",
                                                                        "message": self.path}})
            model = body.get("model", "stub")
            if stub.is_main(body):
                turn = sum(1 for m in body.get("messages", []) if m.get("role") == "assistant")
                n = stub.record({"kind": "main", "path": self.path, "turn": turn, "body": body})
                script_turn = stub.script[turn] if turn < len(stub.script) else {"text": "(end of script)"}
                blocks, stop = turn_blocks(script_turn, turn)
            else:
                n = stub.record({"kind": "side", "path": self.path, "body": body})
                blocks, stop = [{"type": "text", "text": "ok"}], "end_turn"
            msg_id = f"msg_e2e_{n}"
            if body.get("stream"):
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("cache-control", "no-cache")
                self.send_header("connection", "close")
                self.end_headers()
                for chunk in message_events(msg_id, model, blocks, stop):
                    self.wfile.write(chunk)
                    self.wfile.flush()
                self.close_connection = True
            else:
                self.reply_json(200, {"id": msg_id, "type": "message", "role": "assistant", "model": model,
                                      "content": blocks, "stop_reason": stop, "stop_sequence": None,
                                      "usage": {"input_tokens": 10, "output_tokens": 5}})
            if stub.count >= stub.max_requests:
                threading.Thread(target=self.server.shutdown, daemon=True).start()

    return Handler


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--script", required=True)
    p.add_argument("--log", required=True)
    p.add_argument("--port-file", required=True)
    p.add_argument("--token", required=True)
    p.add_argument("--tool", default="mcp__ask__ask_user")
    p.add_argument("--max-seconds", type=float, default=300)
    p.add_argument("--max-requests", type=int, default=200)
    args = p.parse_args()
    stub = Stub(args)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), make_handler(stub))
    server.daemon_threads = True
    tmp = args.port_file + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(str(server.server_address[1]))
    os.replace(tmp, args.port_file)
    deadline = threading.Timer(args.max_seconds, server.shutdown)
    deadline.daemon = True
    deadline.start()
    started = time.monotonic()
    server.serve_forever(poll_interval=0.2)
    print(f"anthropic_stub: stopped after {stub.count} requests, {time.monotonic() - started:.0f} s",
          file=sys.stderr)


if __name__ == "__main__":
    main()
