#!/usr/bin/env python3
"""Peak memory of the inputs issue 32 names (points 2, 3 and 15), for a release `ask`.

Usage: tests/memory/issue32.py [path/to/ask] [--tree]

Writes each input into a temporary folder, runs the binary under `/usr/bin/time -v`
and prints one line per case: its peak RSS (and, for the Elaborate case, the result's
size against the payload's). `--tree` also builds the hostile `@` tree (200,000
entries, about 770 MB of path text; a minute or more and ~1 GB of inodes' worth of
directory entries) and measures typing `@` over it. Nothing here asserts: the figures
go in the issue's note; the budgets are asserted by the tests named in each case.

Measured on 2 shared cores (load 15-20), peak RSS before -> after the fixes:
  5 MB pattern (validate)                   646 MiB -> 11.6 MiB (refused, exit 2)
  --elicitation, enum of 100k (1 MB)        185 MiB -> 50.6 MiB (plain payload: 39 MiB)
  --elicitation, 100k properties (3 MB)     358 MiB -> 177 MiB -> 138 MiB (as 100k text
                                            questions: 89 MiB); then one copy of the form,
                                            not two (ElicitationForm::into_parts), debug
                                            build: 145 MiB -> 109 MiB (plain: 97.5 MiB)
  Elaborate, 100 KB prompt, 100 notes       result 5.66x -> 3.74x the payload (bound 4.9x)
  @ over 200k entries, 780 MB of paths      1438 MiB -> 165 MiB
"""

import json
import os
import re
import subprocess
import sys
import tempfile


def peak_kb(argv, cwd, stdin=None):
    """Runs argv under /usr/bin/time -v; returns (peak RSS in KB, exit code, stdout)."""
    proc = subprocess.run(
        ["/usr/bin/time", "-v"] + argv,
        cwd=cwd,
        stdin=stdin,
        capture_output=True,
        check=False,
    )
    match = re.search(rb"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    return int(match.group(1)) if match else -1, proc.returncode, proc.stdout


def write(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f)
    return os.path.getsize(path)


def report(name, size, kb, code):
    print(f"{name:<52} input {size / 1e6:7.2f} MB  peak RSS {kb / 1024:8.1f} MiB  exit {code}")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    ask = os.path.abspath(args[0] if args else "target/release/ask")
    with tempfile.TemporaryDirectory() as tmp:
        # Point 2: a 5 MB alternation as a text question's pattern.
        words = "|".join(f"word{i:07d}" for i in range(450_000))
        size = write(f"{tmp}/pattern.json", {"questions": [
            {"id": "q", "prompt": "Code?", "type": "text", "pattern": words}]})
        kb, code, _ = peak_kb([ask, "validate", "--input", "pattern.json"], tmp)
        report("point 2: validate, 5 MB pattern", size, kb, code)

        # Point 3: --elicitation with a 100k-entry enum, and with 100k properties,
        # answered by --answers; the same forms as plain payloads for comparison.
        enum = [f"v{i}" for i in range(100_000)]
        size = write(f"{tmp}/enum.json", {"message": "Pick", "requestedSchema": {
            "type": "object", "properties": {"pick": {"type": "string", "enum": enum}}}})
        write(f"{tmp}/enum-answers.json", {"answers": {"pick": {"values": ["v5"]}}})
        kb, code, _ = peak_kb([ask, "run", "--elicitation", "enum.json",
                               "--answers", "enum-answers.json"], tmp)
        report("point 3: --elicitation, enum of 100k", size, kb, code)
        props = {f"p{i}": {"type": "string"} for i in range(100_000)}
        size = write(f"{tmp}/props.json", {"message": "Fill", "requestedSchema": {
            "type": "object", "properties": props}})
        write(f"{tmp}/props-answers.json", {"answers": {"p1": {"customText": "x"}}})
        kb, code, _ = peak_kb([ask, "run", "--elicitation", "props.json",
                               "--answers", "props-answers.json"], tmp)
        report("point 3: --elicitation, 100k properties", size, kb, code)
        size = write(f"{tmp}/props-payload.json", {"title": "Fill", "questions": [
            {"id": f"p{i}", "label": f"p{i}", "prompt": f"p{i}", "type": "text"}
            for i in range(100_000)]})
        kb, code, _ = peak_kb([ask, "run", "--input", "props-payload.json",
                               "--answers", "props-answers.json"], tmp)
        report("point 3: the properties as a plain payload", size, kb, code)
        size = write(f"{tmp}/enum-payload.json", {"title": "Pick", "questions": [
            {"id": "pick", "prompt": "pick", "options":
             [{"value": v, "label": v} for v in enum]}]})
        kb, code, _ = peak_kb([ask, "run", "--input", "enum-payload.json",
                               "--answers", "enum-answers.json"], tmp)
        report("point 3: the enum as a plain payload", size, kb, code)

        # Point 15: Elaborate with a 100 KB prompt and 100 option notes.
        options = [{"value": f"v{i}", "label": f"Option {i}"} for i in range(100)]
        size = write(f"{tmp}/long.json", {"questions": [
            {"id": "big", "prompt": "p" * 100 * 1024, "type": "multi", "options": options}]})
        notes = {f"v{i}": f"why option {i}? " * 10 for i in range(100)}
        write(f"{tmp}/long-answers.json", {"mode": "elaborate", "answers": {
            "big": {"values": ["v1"], "optionNotes": notes}}})
        kb, code, out = peak_kb([ask, "run", "--input", "long.json",
                                 "--answers", "long-answers.json"], tmp)
        report("point 15: Elaborate, 100 KB prompt, 100 notes", size, kb, code)
        print(f"    result {len(out)} bytes = {len(out) / size:.2f}x the payload"
              f" (bound: 3x + 2 KB a note = {3 * size + 100 * 2048} bytes)")

        if "--tree" in sys.argv:
            tree_case(ask, tmp)


def tree_case(ask, tmp):
    """Point 15: 200,000 entries whose paths average 3.85 KB, then `@` typed."""
    root = f"{tmp}/tree"
    name = "d" * 250
    deep = os.path.join(root, *([name] * 15))
    os.makedirs(deep)
    for i in range(200_000):
        open(os.path.join(deep, f"{i:06d}" + "f" * 40), "w").close()
    write(f"{tmp}/path.json", {"questions": [{"id": "q", "prompt": "Which file?", "type": "text"}]})
    script = json.dumps([{"text": "see @"}, {"text": "f"}, "esc", "esc", "esc"])
    kb, code, _ = peak_kb([ask, "run", "--cwd", root, "--input", f"{tmp}/path.json",
                           "--script", script], tmp)
    report("point 15: @ over 200k entries of ~3.9 KB paths", 200_000 * 3900, kb, code)


if __name__ == "__main__":
    main()
