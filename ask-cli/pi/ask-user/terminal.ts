/**
 * Handing pi's terminal to the `ask` binary, the way pi's own external editor
 * does: stop the TUI, run the child with inherited stdio, start the TUI again
 * and force a full redraw.
 *
 * `tui.stop()` leaves the chat on screen with the cursor on a fresh line under
 * it; the binary draws inline there by default (its `inline` setting), so the
 * message that led to the questions stays visible, and erases its rows on the
 * way out. The full redraw then repaints a clean chat.
 */
import { spawnSync } from "node:child_process";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";

/** How a hand-off ended. `undefined` status: the host has no terminal UI (RPC mode). */
export interface HandOff {
	ran: boolean;
	status: number | null;
	stderr: string;
}

/** Three of pi's render frames: time to put the latest chat on screen before the hand-off. */
const SETTLE_MS = 50;

const EMPTY_COMPONENT = {
	render: () => [] as string[],
	invalidate: () => {},
};

/**
 * Run `bin args` on pi's terminal. In RPC mode `ctx.ui.custom()` resolves
 * without calling the factory; that is reported as `ran: false`.
 */
export async function handOffTerminal(ctx: ExtensionContext, bin: string, args: string[]): Promise<HandOff> {
	let ran = false;
	let stderr = "";
	const status = await ctx.ui.custom<number | null>((tui, _theme, _keybindings, done) => {
		ran = true;
		ctx.ui.setWorkingVisible(false);
		tui.requestRender();
		// pi draws at most once per 16 ms and the tool call usually arrives in the same
		// tick as the model's text: let it draw the chat (the text that led to the
		// questions, without the editor) before its TUI stops and the form opens under it.
		setTimeout(() => {
			tui.stop();
			let code: number | null = null;
			try {
				const child = spawnSync(bin, args, { stdio: ["inherit", "inherit", "pipe"], encoding: "utf8" });
				stderr = child.error ? child.error.message : (child.stderr ?? "");
				code = child.status;
			} finally {
				tui.start();
				tui.requestRender(true);
				ctx.ui.setWorkingVisible(true);
			}
			done(code);
		}, SETTLE_MS);
		return EMPTY_COMPONENT;
	});
	return { ran, status: ran ? (status ?? null) : null, stderr };
}
