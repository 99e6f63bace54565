"""An MCP client built on the official Python SDK (`mcp` on PyPI): connects to
`ask mcp` over stdio or Streamable HTTP, lists the tools, calls ask_user once and
writes what it got to a JSON file.

  client.py stdio OUT PAYLOAD [ask mcp args...]
  client.py http OUT PAYLOAD URL TOKEN
  client.py elicit OUT PAYLOAD ACTION CONTENT_JSON [ask mcp args...]
  client.py web OUT PAYLOAD [ask mcp args...]   (no elicitation; the server's stderr goes
                                                 to OUT.err, where it prints the link)
  client.py url OUT PAYLOAD [ask mcp args...]   (form and URL elicitation: a URL request is
                                                 written to OUT.request.json and accepted)
  client.py modern OUT PAYLOAD ACTION CONTENT_JSON [ask mcp args...]
                                                (the SDK's Client in its default mode: it
                                                 probes server/discover, speaks 2026-07-28
                                                 and answers input_required rounds)
  client.py raw OUT PAYLOAD [ask mcp args...]   (the raw client; the server stays in this
                                                 session, so it keeps the terminal)
"""

import json
import os
import sys
import traceback

import anyio
import httpx2
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

ASK = os.environ["ASK_BIN"]


def dump(model):
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


async def session_run(streams, out, payload, elicitation_callback=None):
    read, write = streams[0], streams[1]
    progress = []
    notifications = []

    async def on_progress(value, total, message):
        progress.append({"progress": value, "total": total, "message": message})

    async def on_message(message):
        if hasattr(message, "model_dump"):
            notifications.append(dump(message))

    async with ClientSession(read, write, elicitation_callback=elicitation_callback, message_handler=on_message,
                             client_info=types.Implementation(name="python-sdk-e2e", version="1")) as session:
        init = await session.initialize()
        tools = await session.list_tools()
        result = await session.call_tool("ask_user", payload, progress_callback=on_progress)
        record = {"initialize": dump(init), "tools": dump(tools), "result": dump(result), "progress": progress,
                  "notifications": notifications}
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        json.dump(record, f)
    os.replace(tmp, out)


async def main(argv):
    mode, out, payload_path = argv[0], argv[1], argv[2]
    with open(payload_path) as f:
        payload = json.load(f)
    if mode == "stdio":
        params = StdioServerParameters(command=ASK, args=["mcp", *argv[3:]], env=dict(os.environ))
        async with stdio_client(params) as streams:
            await session_run(streams, out, payload)
    elif mode == "http":
        url, token = argv[3], argv[4]
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=None) as http:
            async with streamable_http_client(url, http_client=http) as streams:
                await session_run(streams, out, payload)
    elif mode == "elicit":
        action, content = argv[3], json.loads(argv[4])
        seen = []

        async def on_elicit(context, params):
            seen.append(dump(params))
            with open(out + ".request.json", "w") as f:
                json.dump(seen, f)
            if action == "accept":
                return types.ElicitResult(action="accept", content=content)
            return types.ElicitResult(action=action)

        env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
        params = StdioServerParameters(command=ASK, args=["mcp", *argv[5:]], env=env)
        async with stdio_client(params) as streams:
            await session_run(streams, out, payload, elicitation_callback=on_elicit)
    elif mode == "web":
        env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
        params = StdioServerParameters(command=ASK, args=["mcp", *argv[3:]], env=env)
        with open(out + ".err", "w") as errlog:
            async with stdio_client(params, errlog=errlog) as streams:
                await session_run(streams, out, payload)
    elif mode == "url":
        seen = []

        async def on_url(context, params):
            seen.append(dump(params))
            with open(out + ".request.json.tmp", "w") as f:
                json.dump(seen, f)
            os.replace(out + ".request.json.tmp", out + ".request.json")
            # The person agreed to open the link; the browser answers it out of band.
            return types.ElicitResult(action="accept")

        env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
        params = StdioServerParameters(command=ASK, args=["mcp", *argv[3:]], env=env)
        async with stdio_client(params) as streams:
            await session_run(streams, out, payload, elicitation_callback=on_url)
    elif mode == "modern":
        from mcp.client.client import Client

        action, content = argv[3], json.loads(argv[4])
        seen = []

        async def on_form(context, params):
            seen.append(dump(params))
            with open(out + ".request.json", "w") as f:
                json.dump(seen, f)
            if action == "accept":
                return types.ElicitResult(action="accept", content=content)
            return types.ElicitResult(action=action)

        env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
        params = StdioServerParameters(command=ASK, args=["mcp", *argv[5:]], env=env)
        async with Client(params, elicitation_callback=on_form,
                          client_info=types.Implementation(name="python-sdk-e2e", version="1")) as client:
            result = await client.call_tool("ask_user", payload)
            record = {"protocolVersion": str(client.session.protocol_version), "result": dump(result)}
        with open(out + ".tmp", "w") as f:
            json.dump(record, f)
        os.replace(out + ".tmp", out)
    else:
        raise SystemExit(f"unknown mode {mode}")


def raw(argv):
    from harness import Raw
    out, payload_path = argv[1], argv[2]
    client = Raw(argv[3:])
    with open(payload_path) as f:
        reply = client.wait(client.call(json.load(f)), timeout=120)
    client.close()
    with open(out + ".tmp", "w") as f:
        json.dump(reply, f)
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    if sys.argv[1] == "raw":
        raw(sys.argv[1:])
        raise SystemExit(0)
    try:
        anyio.run(main, sys.argv[1:])
    except BaseException:
        with open(sys.argv[2] + ".error", "w") as f:
            traceback.print_exc(file=f)
        raise
