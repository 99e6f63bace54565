/**
 * Finding and running the `ask` binary. Every decision is made by the binary;
 * this file only locates it, moves JSON in and out through temp files, and
 * maps exit codes.
 */
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
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

/** The npm scope of this package and of the per-platform binary packages. */
export const NPM_SCOPE = "@ask-user";

/** The main package's name (what `pi install npm:<name>` takes). */
export const MAIN_PACKAGE = `${NPM_SCOPE}/pi`;

/**
 * Platforms with a prebuilt binary package, as `<process.platform>-<process.arch>`.
 * Each is an optional dependency of the main package named `@ask-user/<key>`;
 * `.ci/npm-pack` builds them from the same list.
 */
export const PREBUILT_PLATFORMS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64"] as const;

/** The tool result shape `ask` writes (docs/contract.md, "Output"). */
export interface AskToolResult {
	content: Array<{ type: "text"; text: string }>;
	details: Record<string, unknown> & { cancelled?: boolean; mode?: string };
}

/** `ask`, or `ask.exe` on Windows. */
const EXE_NAME = process.platform === "win32" ? "ask.exe" : "ask";

/** This machine as a platform package key, e.g. `linux-x64`. */
export function platformKey(): string {
	return `${process.platform}-${process.arch}`;
}

/** The binary package for this machine, or `undefined` when none is published for it. */
export function platformPackage(): string | undefined {
	const key = platformKey();
	return (PREBUILT_PLATFORMS as readonly string[]).includes(key) ? `${NPM_SCOPE}/${key}` : undefined;
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

/**
 * The binary inside the installed platform package. npm installs the package
 * next to (or below) this one, so Node's own resolution from this file finds it.
 */
function fromPlatformPackage(): string | undefined {
	const name = platformPackage();
	if (!name) return undefined;
	let manifest: string;
	try {
		manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
	} catch {
		return undefined;
	}
	const bin = join(dirname(manifest), "bin", EXE_NAME);
	return isExecutableFile(bin) ? bin : undefined;
}

function fromPath(): string | undefined {
	for (const dir of (process.env.PATH ?? "").split(delimiter)) {
		if (!dir) continue;
		const candidate = join(dir, EXE_NAME);
		if (isExecutableFile(candidate)) return candidate;
	}
	return undefined;
}

/**
 * The `ask` binary, in this order: `ASK_BIN`; the installed platform package
 * (`@ask-user/<platform>-<arch>`); `ask` on PATH; `target/release/ask` when the
 * package is a source checkout built with cargo.
 */
export function findAsk(): string | undefined {
	const fromEnv = process.env.ASK_BIN;
	if (fromEnv) return isExecutableFile(fromEnv) ? fromEnv : undefined;
	const built = join(PACKAGE_ROOT, "target", "release", EXE_NAME);
	return fromPlatformPackage() ?? fromPath() ?? (isExecutableFile(built) ? built : undefined);
}

/** What to tell a user (and the model) when the binary is missing: what to do on this platform. */
export function missingBinaryMessage(): string {
	const env = process.env.ASK_BIN;
	if (env) {
		return `ask_user needs the \`ask\` binary: ASK_BIN is set to ${env}, which is not an executable file. Point ASK_BIN at the binary, or unset it to use the installed one.`;
	}
	const key = platformKey();
	const pkg = platformPackage();
	const fromSource =
		"build it from source with Rust (https://rustup.rs): `cargo install --path ask-cli --locked` in a checkout of ask_user puts `ask` on PATH";
	if (pkg) {
		return (
			`ask_user needs the \`ask\` binary, which was not found: the prebuilt binary package ${pkg} (for ${key}) is not installed. ` +
			`npm skips it when optional dependencies are turned off (--omit=optional, --no-optional, optional=false in .npmrc) ` +
			`or when node_modules was copied from another platform. Reinstall with \`pi install npm:${MAIN_PACKAGE}\` ` +
			`with optional dependencies enabled, or run \`npm install ${pkg}\` in ${PACKAGE_ROOT}; or ${fromSource}; ` +
			"or set ASK_BIN to the binary's path."
		);
	}
	return (
		`ask_user needs the \`ask\` binary, which was not found, and there is no prebuilt binary for ${key} ` +
		`(prebuilt: ${PREBUILT_PLATFORMS.join(", ")}). To use it here, ${fromSource}, ` +
		"or set ASK_BIN to the binary's path."
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
