/**
 * Passing pi's current branch to the binary. The branch is written as a
 * session JSONL file (header first, then the entries root to leaf), so the
 * commands work with `--no-session`, with unsaved entries, and right after
 * `/tree` (the saved file holds every branch; only the in-memory leaf says
 * which one is current).
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
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

/** A form's draft file (`ask --draft FILE`), and whether to restore it (`--resume`). */
export interface DraftFile {
	file: string;
	resume: boolean;
}

/** A file-name-safe form of `key` (a tool-call or entry id); a hash keeps changed keys distinct. */
function safeKey(key: string): string {
	const safe = key.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 96);
	if (safe === key) return safe;
	return `${safe}-${createHash("sha256").update(key).digest("hex").slice(0, 12)}`;
}

/**
 * The draft of the form keyed by `key` (the tool-call id for ask_user, `answer-<assistant
 * entry id>` for /answer): `<session>.ask-draft-<key>.json` beside pi's session file, so
 * a form interrupted by a kill, a closed terminal or a crash comes back with its answers
 * through /ask:replay or /answer:again. None for a session pi does not save
 * (`--no-session`): then nothing is written. The binary deletes the file when the form
 * ends normally. `resume` only when the file is there, so a form answered normally
 * reopens without a "not restored" notice.
 */
export function draftFile(ctx: ExtensionContext, key: string, resume: boolean): DraftFile | undefined {
	const session = ctx.sessionManager.getSessionFile();
	if (!session || !key) return undefined;
	const file = join(dirname(session), `${basename(session, ".jsonl")}.ask-draft-${safeKey(key)}.json`);
	return { file, resume: resume && existsSync(file) };
}

/** The draft key of a form stored from `source` with `sourceEntryId`. */
export function draftKey(source: PayloadSource, sourceEntryId: string): string {
	if (!sourceEntryId) return "";
	return source === "tool" ? sourceEntryId : `answer-${sourceEntryId}`;
}
