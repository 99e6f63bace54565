/**
 * Passing pi's current branch to the binary. The branch is written as a
 * session JSONL file (header first, then the entries root to leaf), so the
 * commands work with `--no-session`, with unsaved entries, and right after
 * `/tree` (the saved file holds every branch; only the in-memory leaf says
 * which one is current).
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { Scratch } from "./binary";

/** The `ask:payload` custom entry the shim appends (ARCHITECTURE.md, "Stored payloads"). */
export const PAYLOAD_ENTRY = "ask:payload";

/** Where a stored payload came from. */
export type PayloadSource = "tool" | "answer-extraction";

/** Data of an `ask:payload` entry. */
export function payloadEntry(params: unknown, source: PayloadSource, sourceEntryId: string) {
	return { version: 1, timestamp: Date.now(), params, source, sourceEntryId };
}

/** Write the current branch; returns the arguments `--session F [--leaf ID]`. */
export function writeBranch(ctx: ExtensionContext, scratch: Scratch): string[] {
	const sm = ctx.sessionManager;
	const header = sm.getHeader() ?? {
		type: "session",
		version: 3,
		id: "ephemeral",
		timestamp: new Date().toISOString(),
		cwd: ctx.cwd,
	};
	const lines = [header, ...sm.getBranch()].map((entry) => JSON.stringify(entry));
	const file = scratch.write("branch.jsonl", `${lines.join("\n")}\n`);
	const leaf = sm.getLeafId();
	return leaf ? ["--session", file, "--leaf", leaf] : ["--session", file];
}
