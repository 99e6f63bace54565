#!/usr/bin/env python3
"""Checks the copy-paste blocks of the docs.

    check_readme.py docs/harnesses.md
        The "Use it from your agent" section: every json, toml and yaml block parses;
        every harness has a block that registers `ask mcp` (a config entry whose
        command is `ask` with the argument `mcp`, or an `mcp add` command line ending
        in `ask mcp`); the timeout keys each harness documents are numbers.
    check_readme.py --recipe docs/mcp-launchers.md NAME
        Prints the launcher command of the recipe marked `<!-- recipe: NAME -->` (the
        CMD of the `ask mcp --launch CMD` line in the block after the mark).

Exits 1 with the reasons when a check fails. YAML needs PyYAML (run.sh installs it
into the suite's cache).
"""

import json
import re
import shlex
import sys
import tomllib

HARNESSES = ["Claude Code", "Codex", "opencode", "Cursor", "VS Code", "Gemini CLI", "Zed", "Goose"]
# Where each harness keeps the tool timeout, as a path into its parsed block:
# (harness, language, path). "*" stands for the server entry.
TIMEOUTS = [
    ("Codex", "toml", ["mcp_servers", "ask", "tool_timeout_sec"]),
    ("opencode", "json", ["mcp", "ask", "timeout"]),
    ("Gemini CLI", "json", ["mcpServers", "ask", "timeout"]),
    ("Zed", "json", ["context_servers", "ask", "timeout"]),
    ("Goose", "yaml", ["extensions", "ask", "timeout"]),
]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def section(text, title, level="## "):
    """The text under the heading `level + title`, up to the next heading of that level
    (headings inside code blocks do not count)."""
    lines = text.split("\n")
    start, fence = None, False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fence = not fence
        if fence or not line.startswith(level):
            continue
        if start is not None:
            return "\n".join(lines[start:i])
        if line == level + title:
            start = i + 1
    return None if start is None else "\n".join(lines[start:])


def parse(lang, body):
    if lang == "json":
        return json.loads(body)
    if lang == "toml":
        return tomllib.loads(body)
    if lang == "yaml":
        import yaml  # noqa: PLC0415 (only the YAML blocks need it)

        return yaml.safe_load(body)
    return None


def registers_ask(value):
    """Whether a parsed config holds an entry that starts `ask mcp`."""
    if isinstance(value, dict):
        command = value.get("command", value.get("cmd"))
        args = value.get("args", [])
        if command == "ask" and args == ["mcp"]:
            return True
        if command == ["ask", "mcp"]:
            return True
        return any(registers_ask(v) for v in value.values())
    if isinstance(value, list):
        return any(registers_ask(v) for v in value)
    return False


def shell_registers_ask(body, problems, harness):
    """Whether an `mcp add ... ask mcp` or `mcp add-json NAME JSON` line registers `ask
    mcp`; the JSON of `add-json` must parse, and a timeout in it must be a number."""
    found = False
    for line in body.splitlines():
        words = shlex.split(line, comments=True)
        if "mcp" in words and "add" in words and words[-2:] == ["ask", "mcp"]:
            found = True
        if "mcp" in words and "add-json" in words:
            try:
                entry = json.loads(words[-1])
            except ValueError as error:
                problems.append(f"{harness}: the add-json argument does not parse: {error}")
                continue
            timeout = entry.get("timeout", 1)
            if not isinstance(timeout, int) or isinstance(timeout, bool) or timeout < 1000:
                problems.append(f"{harness}: add-json timeout {timeout!r} is not milliseconds")
            found = found or registers_ask(entry)
    return found


def dig(value, path):
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def check_readme(path):
    text = open(path, encoding="utf-8").read()
    agents = section(text, "Use it from your agent")
    if agents is None:
        return [f"{path} has no \"## Use it from your agent\" section"]
    problems = []
    for harness in HARNESSES:
        part = section(agents, harness, "### ")
        if part is None:
            problems.append(f"no \"### {harness}\" subsection")
            continue
        registered = False
        parsed = {}
        for lang, body in FENCE.findall(part):
            if lang in ("json", "toml", "yaml"):
                try:
                    value = parse(lang, body)
                except Exception as error:  # noqa: BLE001 (every parser's error is a finding)
                    problems.append(f"{harness}: a {lang} block does not parse: {error}")
                    continue
                parsed.setdefault(lang, []).append(value)
                registered = registered or registers_ask(value)
            elif lang == "sh":
                registered = shell_registers_ask(body, problems, harness) or registered
        if not registered:
            problems.append(f"{harness}: no block registers `ask mcp`")
        for name, lang, keys in TIMEOUTS:
            if name != harness:
                continue
            values = [dig(v, keys) for v in parsed.get(lang, [])]
            numbers = [v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0]
            if not numbers:
                problems.append(f"{harness}: no {lang} block sets {'.'.join(keys)} to a positive number")
    instructions = section(agents, "Agent instructions", "### ")
    if instructions is None or "ask_user" not in instructions:
        problems.append("no \"### Agent instructions\" block naming ask_user")
    return problems


def recipe(path, name):
    text = open(path, encoding="utf-8").read()
    mark = text.find(f"<!-- recipe: {name} -->")
    if mark < 0:
        sys.exit(f"no recipe {name} in {path}")
    match = FENCE.search(text, mark)
    if not match:
        sys.exit(f"recipe {name}: no code block after the mark")
    for line in match.group(2).splitlines():
        words = shlex.split(line, comments=True)
        if words[:2] == ["ask", "mcp"] and "--launch" in words:
            return words[words.index("--launch") + 1]
    sys.exit(f"recipe {name}: no `ask mcp --launch CMD` line")


def main():
    if sys.argv[1] == "--recipe":
        print(recipe(sys.argv[2], sys.argv[3]))
        return
    problems = check_readme(sys.argv[1])
    for problem in problems:
        print(f"  {sys.argv[1]}: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
