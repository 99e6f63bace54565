/**
 * Opening a form in whatever UI pi has: the terminal hand-off (interactive),
 * `select`/`input` dialogs (RPC), or the non-interactive result (print/json).
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { peekKeys, readSettingsJson } from "./answer";
import { AskExit, type AskToolResult, EXIT, readResult, runCaptured, type Scratch } from "./binary";
import type { FlowHandle, FlowInfo, FormBus } from "./bus";
import { askThroughDialogs } from "./dialogs";
import type { DraftFile } from "./session";
import { handOffTerminal } from "./terminal";
import { TEXT } from "./text";

/** A finished flow: the tool result and the exit status it came with. */
export interface Outcome {
	result: AskToolResult;
	status: number;
}

/** A form to open: an `ask` subcommand that ends in the UI, plus the payload for the dialog fallback. */
export interface FormSource {
	/** Arguments selecting the form, e.g. `["run", "--input", F]` or `["replay", "--session", S, "--leaf", L]`. */
	args: string[];
	/** The payload, when known, for the RPC dialog fallback. */
	params?: unknown;
	/** Forms from /answer extraction may hold freeform-only questions. */
	allowFreeform?: boolean;
	/** Where the terminal form keeps its draft (saved sessions only). */
	draft?: DraftFile;
	/** An earlier result of the same form: it opens with those answers (`--prefill`). */
	prefill?: AskToolResult;
	/** Text whose first line stays on screen above the form (the agent's message). */
	keepText?: string;
	/** What the event bus says about the form (bus.ts); no bus events without it. */
	flow?: FlowInfo;
}

/** What openForm needs besides the form: the bus and the tool call's abort signal. */
export interface OpenOptions {
	bus?: FormBus;
	signal?: AbortSignal;
}

/**
 * `--draft FILE [--resume]` for a form opened on the terminal, and `--prefill` from the
 * last result unless a draft is resumed (the draft is the newer work).
 */
function draftArgs(source: FormSource, scratch: Scratch): string[] {
	const args: string[] = [];
	if (source.draft) args.push("--draft", source.draft.file, ...(source.draft.resume ? ["--resume"] : []));
	if (source.prefill && !source.draft?.resume) {
		args.push("--prefill", scratch.write("prefill.json", JSON.stringify(source.prefill)));
	}
	return args;
}

function isResultStatus(status: number | null): status is number {
	return status === EXIT.completed || status === EXIT.cancelled || status === EXIT.invalid || status === EXIT.noTerminal;
}

/** `ask <args> --output G --cwd C [--allow-freeform] [extra]`, shared by every mode. */
function runArgs(source: FormSource, output: string, cwd: string, extra: string[]): string[] {
	const args = [...source.args, "--output", output, "--cwd", cwd];
	// Only `ask run` takes the flag; `answer-again` allows freeform questions by itself.
	if (source.allowFreeform && source.args[0] === "run") args.push("--allow-freeform");
	return [...args, ...extra];
}

/**
 * The form a replay subcommand would open (`ask replay|answer-again ... --print-form`),
 * so the binary alone decides which stored form is the latest valid one.
 */
export function storedForm(bin: string, source: FormSource): unknown {
	if (source.args[0] !== "replay" && source.args[0] !== "answer-again") return undefined;
	const run = runCaptured(bin, [...source.args, "--print-form"]);
	if (run.status !== EXIT.completed) throw new AskExit(run.status, run.stderr ?? "");
	return JSON.parse(run.stdout);
}

/** How many questions a payload has (1 when it cannot tell). */
function questionCount(params: unknown): number {
	const questions = (params as { questions?: unknown })?.questions;
	return Array.isArray(questions) && questions.length > 0 ? questions.length : 1;
}

/** Run `ask` without a UI (captured), returning the result it wrote. */
export async function runHeadless(
	bin: string,
	scratch: Scratch,
	source: FormSource,
	cwd: string,
	extra: string[],
): Promise<Outcome> {
	const output = scratch.path(`result-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
	const run = runCaptured(bin, runArgs(source, output, cwd, extra));
	if (run.error) throw new Error(`ask could not start: ${run.error.message}`);
	if (!isResultStatus(run.status)) {
		throw new AskExit(run.status, run.stderr ?? "");
	}
	return { result: readResult(output, run.status, run.stderr ?? ""), status: run.status };
}

/**
 * Open the form in pi's UI. Returns the outcome; throws with the binary's
 * stderr as an `AskExit` when `ask` ends without a result,
 * for example exit 4 "nothing to replay".
 */
export async function openForm(
	ctx: ExtensionContext,
	bin: string,
	scratch: Scratch,
	source: FormSource,
	options: OpenOptions = {},
): Promise<Outcome> {
	if (!ctx.hasUI) {
		if (source.args[0] === "run") return runHeadless(bin, scratch, source, ctx.cwd, ["--no-ui"]);
		throw new AskExit(EXIT.noTerminal, TEXT.needsTerminal);
	}

	const output = scratch.path(`result-${Date.now()}.json`);
	const settings = readSettingsJson(bin);
	// Bus submits reach the form through its control socket (Unix only for now).
	const control = options.bus && source.flow && process.platform !== "win32" ? scratch.path("control.sock") : undefined;
	let flow: FlowHandle | undefined;
	const handOff = await handOffTerminal(ctx, bin, runArgs(source, output, ctx.cwd, draftArgs(source, scratch)), {
		keepText: source.keepText,
		control,
		onControl: (client) => {
			if (options.bus && source.flow) flow = options.bus.attach(client, source.flow);
		},
		peekKeys: peekKeys(settings),
		questionCount: questionCount(source.params),
		signal: options.signal,
	});
	if (handOff.ran) {
		if (!isResultStatus(handOff.status)) {
			flow?.finish(undefined);
			if (handOff.status === null && source.draft) {
				// Killed (a signal): the draft keeps the answers for /ask:replay or /answer:again.
				const again = source.allowFreeform ? "/answer:again" : "/ask:replay";
				throw new AskExit(null, TEXT.killed(handOff.stderr.trim() || "ask was killed by a signal", again));
			}
			throw new AskExit(handOff.status, handOff.stderr);
		}
		let result: AskToolResult;
		try {
			result = readResult(output, handOff.status, handOff.stderr);
		} catch (error) {
			flow?.finish(undefined);
			throw error;
		}
		flow?.finish(result.details);
		return { result, status: handOff.status };
	}

	// RPC mode: custom() never called the factory. Ask through dialogs, then let
	// `ask run --answers` build the result from the collected answers.
	const params = source.params ?? storedForm(bin, source);
	if (params === undefined) {
		throw new AskExit(EXIT.noTerminal, "this form cannot be shown without a terminal UI");
	}
	const input = scratch.write("dialog-input.json", JSON.stringify(params));
	const answers = await askThroughDialogs(ctx, params, options.signal);
	const answersFile = scratch.write("answers.json", JSON.stringify(answers));
	const runSource: FormSource = { args: ["run", "--input", input], allowFreeform: source.allowFreeform };
	return runHeadless(bin, scratch, runSource, ctx.cwd, ["--answers", answersFile]);
}
