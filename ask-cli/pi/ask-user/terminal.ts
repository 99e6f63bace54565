/**
 * Handing pi's terminal to the `ask` binary, the way pi's own external editor does:
 * stop the TUI, run the child on the terminal, start the TUI again and force a full
 * redraw. Unlike the editor, the child runs asynchronously, so pi's event loop keeps
 * running while the form is open: other extensions can answer it through the event bus
 * (bus.ts), which reaches the form through its control socket (control.ts).
 *
 * `tui.stop()` leaves the chat on screen with the cursor on a fresh line under it; the
 * binary draws inline there by default (its `inline` setting), leaving the rows that
 * show the agent's message above it (`--keep-above`), and erases its rows on the way out.
 *
 * The peek key (`alt+o`) hands the terminal back (`--host-peek`): the binary erases its
 * rows and waits, pi redraws the whole conversation, and a one-line component under it
 * (`ask_user: N questions waiting - alt+o to return`) takes the same key to bring the
 * form back. The form stays open meanwhile: bus submits still reach it.
 */
import { spawn } from "node:child_process";
import type { ExtensionContext, Theme } from "@mariozechner/pi-coding-agent";
import { type Component, matchesKey, type TUI, visibleWidth } from "@mariozechner/pi-tui";
import { ControlClient } from "./control";
import { TEXT } from "./text";

/** How a hand-off ended. `ran: false`: the host has no terminal UI (RPC mode). */
export interface HandOff {
	ran: boolean;
	status: number | null;
	stderr: string;
}

/** What a hand-off can do besides running the child. */
export interface HandOffOptions {
	/** Text whose first line should stay on screen above the form (the agent's message). */
	keepText?: string;
	/** A control socket path passed with `--control`: connect to it and hand it to `onControl`. */
	control?: string;
	/** Called once with the connection to the open form (before it opens). */
	onControl?: (client: ControlClient) => void;
	/** The peek key(s) in pi-tui notation (the binary's `global.peek`). */
	peekKeys?: string[];
	/** How many questions the form has (for the folded line). */
	questionCount?: number;
	/** Ends the form (SIGTERM: the cancelled result with the answers so far) when aborted. */
	signal?: AbortSignal;
}

/** Three of pi's render frames: time to put the latest chat on screen before the hand-off. */
const SETTLE_MS = 50;

/** ANSI sequences (CSI, OSC, APC) in rendered lines. */
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b_[^\x07]*\x07/g;

/** What `line` shows, without styles, spaces squeezed. */
function plain(line: string): string {
	return line.replace(ANSI, "").replace(/\s+/g, " ").trim();
}

/**
 * How many of pi's rendered rows, counted from the bottom, hold the first line of
 * `text` and everything under it (pi's own rows: the tool call, the footer); 0 when it
 * cannot be found.
 */
export function rowsToKeep(lines: string[], text: string | undefined): number {
	const first = (text ?? "")
		.split("\n")
		.map((l) => l.replace(/[*_`#>]/g, "").replace(/\s+/g, " ").trim())
		.find((l) => l.length > 0);
	if (!first) return 0;
	const needle = first.slice(0, 40);
	for (let i = lines.length - 1; i >= 0; i--) {
		if (plain(lines[i]).includes(needle)) return lines.length - i;
	}
	return 0;
}

/** The component pi shows where its editor was: nothing, or the folded form's line. */
class FoldLine implements Component {
	folded = false;
	onUnfold: () => void = () => {};

	constructor(
		private readonly theme: Theme,
		private readonly keys: string[],
		private readonly count: number,
	) {}

	render(width: number): string[] {
		if (!this.folded) return [];
		const text = TEXT.folded(this.count, this.keys[0] ?? "alt+o");
		const cut = visibleWidth(text) > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
		return [this.theme.fg("muted", cut)];
	}

	handleInput(data: string): void {
		if (this.folded && this.keys.some((key) => matchesKey(data, key as never))) this.onUnfold();
	}

	invalidate(): void {}
}

/**
 * Run `bin args` on pi's terminal. In RPC mode `ctx.ui.custom()` resolves
 * without calling the factory; that is reported as `ran: false`.
 */
export async function handOffTerminal(
	ctx: ExtensionContext,
	bin: string,
	args: string[],
	options: HandOffOptions = {},
): Promise<HandOff> {
	let ran = false;
	let stderr = "";
	const status = await ctx.ui.custom<number | null>((tui, theme, _keybindings, done) => {
		ran = true;
		const keys = options.peekKeys?.length ? options.peekKeys : ["alt+o"];
		const line = new FoldLine(theme, keys, options.questionCount ?? 1);
		ctx.ui.setWorkingVisible(false);
		tui.requestRender();
		// pi draws at most once per 16 ms and the tool call usually arrives in the same
		// tick as the model's text: let it draw the chat (the text that led to the
		// questions, without the editor) before its TUI stops and the form opens under it.
		setTimeout(() => {
			const keep = rowsToKeep(tui.render(tui.terminal.columns), options.keepText);
			const childArgs = [...args, ...(keep > 0 ? ["--keep-above", String(keep)] : [])];
			if (options.control) childArgs.push("--control", options.control, "--host-peek");
			tui.stop();
			runChild(tui, bin, childArgs, line, options).then(({ code, err }) => {
				stderr = err;
				tui.start();
				tui.requestRender(true);
				ctx.ui.setWorkingVisible(true);
				done(code);
			});
		}, SETTLE_MS);
		return line;
	});
	return { ran, status: ran ? (status ?? null) : null, stderr };
}

/** Runs the child with the terminal; resolves with its exit status (null: a signal). */
function runChild(
	tui: TUI,
	bin: string,
	args: string[],
	line: FoldLine,
	options: HandOffOptions,
): Promise<{ code: number | null; err: string }> {
	return new Promise((resolve) => {
		let err = "";
		let exited = false;
		const child = spawn(bin, args, { stdio: ["inherit", "inherit", "pipe"] });
		child.stderr?.setEncoding("utf8");
		child.stderr?.on("data", (chunk: string) => {
			err += chunk;
		});
		const client = options.control ? new ControlClient(options.control, () => exited) : undefined;
		if (client) {
			options.onControl?.(client);
			const unfold = () => {
				line.folded = false;
				tui.requestRender();
				setTimeout(() => {
					if (exited) return;
					tui.stop();
					client.send({ type: "unfold" });
				}, SETTLE_MS);
			};
			client.onEvent((event) => {
				if (event.type !== "folded" || exited) return;
				// The form gave the terminal back: pi draws the whole conversation again,
				// with the folded line where the form was (the peek key), or only long
				// enough to put back the rows the settings overlay covered (redraw).
				line.folded = event.redraw !== true;
				tui.start();
				tui.requestRender(true);
				if (event.redraw === true) unfold();
			});
			line.onUnfold = unfold;
		}
		const abort = () => child.kill("SIGTERM");
		options.signal?.addEventListener("abort", abort, { once: true });
		child.on("error", (error) => {
			err += error.message;
		});
		child.on("close", (code) => {
			exited = true;
			options.signal?.removeEventListener("abort", abort);
			client?.close();
			if (line.folded) {
				// Ended while folded (a bridge answered it): pi's TUI is running already.
				line.folded = false;
				tui.stop();
			}
			resolve({ code, err });
		});
	});
}
