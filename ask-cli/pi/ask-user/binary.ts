/**
 * Finding and running the `ask` binary. Every decision is made by the binary;
 * this file only locates it, moves JSON in and out through temp files, and
 * maps exit codes.
 */
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Exit codes of `ask` (the table in ask-cli/README.md). */
export const EXIT = {
	completed: 0,
	cancelled: 1,
	invalid: 2,
	noTerminal: 3,
	nothingFound: 4,
} as const;

/** The package root: three levels above this file (ask-cli/pi/ask-user/). */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** The tool result shape `ask` writes (docs/contract.md, "Output"). */
export interface AskToolResult {
	content: Array<{ type: "text"; text: string }>;
	details: Record<string, unknown> & { cancelled?: boolean; mode?: string };
}

function isExecutableFile(path: string): boolean {
	try {
		if (!statSync(path).isFile()) return false;
		accessSync(path, constants.X_OK);
		return true;
	} catch {
		return false;
	}
}

/** `ASK_BIN`, then `ask` on PATH, then `target/release/ask` inside the package. */
export function findAsk(): string | undefined {
	const fromEnv = process.env.ASK_BIN;
	if (fromEnv) return isExecutableFile(fromEnv) ? fromEnv : undefined;
	for (const dir of (process.env.PATH ?? "").split(delimiter)) {
		if (!dir) continue;
		const candidate = join(dir, "ask");
		if (isExecutableFile(candidate)) return candidate;
	}
	const built = join(PACKAGE_ROOT, "target", "release", "ask");
	return isExecutableFile(built) ? built : undefined;
}

/** What to tell a user (and the model) when the binary is missing. */
export function missingBinaryMessage(): string {
	const env = process.env.ASK_BIN;
	const envNote = env ? ` ASK_BIN is set to ${env}, which is not an executable file.` : "";
	return (
		`ask_user needs the \`ask\` binary, which was not found.${envNote} ` +
		`Build it with \`cargo build --release -p ask-user\` in ${PACKAGE_ROOT} ` +
		"(the shim then uses target/release/ask), or put `ask` on PATH, or set ASK_BIN to its path."
	);
}

/** A scratch folder for one invocation; removed by `dispose()`. */
export class Scratch {
	readonly dir: string;
	constructor() {
		this.dir = mkdtempSync(join(tmpdir(), "ask-user-"));
	}
	path(name: string): string {
		return join(this.dir, name);
	}
	write(name: string, content: string): string {
		const path = this.path(name);
		writeFileSync(path, content, "utf8");
		return path;
	}
	dispose(): void {
		rmSync(this.dir, { recursive: true, force: true });
	}
}

/** Run `ask` to completion with captured output (for the quick, non-interactive subcommands). */
export function runCaptured(bin: string, args: string[], input?: string): SpawnSyncReturns<string> {
	return spawnSync(bin, args, {
		encoding: "utf8",
		input,
		stdio: ["pipe", "pipe", "pipe"],
		maxBuffer: 64 * 1024 * 1024,
	});
}

/** Read the result file `ask` wrote, or throw with what went wrong. */
export function readResult(outputPath: string, status: number | null, stderr: string): AskToolResult {
	let text: string;
	try {
		text = readFileSync(outputPath, "utf8");
	} catch {
		const why = stderr.trim() || `exit status ${status ?? "unknown (killed by a signal)"}`;
		throw new Error(`ask did not write a result: ${why}`);
	}
	return JSON.parse(text) as AskToolResult;
}

/** `ask` ended without a result file (exit 4 "nothing to replay", usage errors, I/O errors). */
export class AskExit extends Error {
	readonly exitStatus: number | null;
	constructor(status: number | null, stderr: string) {
		super(stderr.trim() || `ask exited with status ${status ?? "unknown (killed by a signal)"}`);
		this.exitStatus = status;
	}
}

/** Describe a failed quick run for an error message. */
export function describeFailure(what: string, run: SpawnSyncReturns<string>): string {
	if (run.error) return `${what} could not start: ${run.error.message}`;
	const why = (run.stderr ?? "").trim() || `exit status ${run.status ?? `signal ${run.signal}`}`;
	return `${what} failed: ${why}`;
}
