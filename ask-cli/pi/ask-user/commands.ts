/**
 * The commands (/answer, /answer:again, /ask:replay, /ask-settings and its alias
 * /ask:settings) and what happens when a session starts with a form left unanswered.
 * Forms the commands open send their answers back as a user message that names each
 * question (`ask render-result --message`); their results are kept on the branch
 * (`ask:result`), so a replay opens with the last answers and a form answered after pi
 * came back is no longer offered.
 */
import type { ExtensionAPI, ExtensionCommandContext, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { extract, pickModel, readAnswerSettings, readSettingsJson, resumeUnanswered } from "./answer";
import { AskExit, type AskToolResult, EXIT, findAsk, missingBinaryMessage, runCaptured, Scratch } from "./binary";
import type { FlowSource, FormBus } from "./bus";
import { type FormSource, openForm, type Outcome, storedForm } from "./form";
import { lastAssistantText, lastResult, latestPayload, pendingCalls, RESULT_ENTRY, resultEntry } from "./resume";
import { draftFile, draftKey, PAYLOAD_ENTRY, type PayloadSource, payloadEntry, writeBranch } from "./session";
import { handOffTerminal } from "./terminal";
import { TEXT } from "./text";

/** How the answers of a command's form go back: `ask render-result --message KIND`. */
type MessageKind = "answer" | "replay" | "resume";

/** Where a command's form came from, to keep its result and say how to reopen it. */
interface Origin {
	what: string;
	again: string;
	kind: MessageKind;
	source: PayloadSource;
	sourceEntryId?: string;
}

function textOf(result: AskToolResult): string {
	return result.content.map((block) => block.text).join("\n");
}

/** The user message carrying `result`'s answers, named by question (the binary's text). */
function messageText(bin: string, result: AskToolResult, kind: MessageKind): string {
	const run = runCaptured(bin, ["render-result", "--message", kind, "--input", "-"], JSON.stringify(result));
	return run.status === 0 && run.stdout.trim() ? run.stdout.replace(/\n+$/, "") : textOf(result);
}

export function registerCommands(pi: ExtensionAPI, bus: FormBus): void {
	/** Send a finished command flow back (completed: a user message; cancelled: a notice) and keep its result. */
	function deliver(ctx: ExtensionContext, bin: string, outcome: Outcome, origin: Origin): void {
		if (origin.sourceEntryId && (outcome.status === EXIT.completed || outcome.status === EXIT.cancelled)) {
			pi.appendEntry(RESULT_ENTRY, resultEntry(origin.source, origin.sourceEntryId, outcome.result));
		}
		if (outcome.status === EXIT.completed) {
			const text = messageText(bin, outcome.result, origin.kind);
			if (ctx.isIdle()) pi.sendUserMessage(text);
			else pi.sendUserMessage(text, { deliverAs: "followUp" });
			return;
		}
		if (outcome.status === EXIT.cancelled) ctx.ui.notify(TEXT.cancelled(origin.what, origin.again), "info");
		else {
			const level = outcome.status === EXIT.invalid ? "error" : "warning";
			ctx.ui.notify(`${origin.what}: ${textOf(outcome.result)}`, level);
		}
	}

	function reportError(ctx: ExtensionContext, what: string, error: unknown): void {
		if (error instanceof AskExit && error.exitStatus === EXIT.nothingFound) {
			ctx.ui.notify(`${what}: ${error.message}`, "info");
			return;
		}
		ctx.ui.notify(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, "error");
	}

	async function withBinary(ctx: ExtensionContext, what: string, body: (bin: string, scratch: Scratch) => Promise<void>) {
		const bin = findAsk();
		if (!bin) {
			ctx.ui.notify(missingBinaryMessage(), "error");
			return;
		}
		const scratch = new Scratch();
		try {
			await body(bin, scratch);
		} catch (error) {
			reportError(ctx, what, error);
		} finally {
			scratch.dispose();
		}
	}

	pi.registerCommand("answer", {
		description: "Turn the questions in the last assistant message into a form and send the answers back",
		handler: async (_args, ctx: ExtensionCommandContext) =>
			withBinary(ctx, "/answer", async (bin, scratch) => {
				const settings = readAnswerSettings(bin, ctx);
				const model = pickModel(ctx, settings);
				if (typeof model === "string") {
					ctx.ui.notify(model, "error");
					return;
				}
				const branchArgs = writeBranch(ctx, scratch);
				ctx.ui.setStatus("ask-user", `Extracting questions with ${model.provider}/${model.id}…`);
				let extraction: Awaited<ReturnType<typeof extract>>;
				try {
					extraction = await extract(ctx, bin, scratch, branchArgs, model, settings);
				} finally {
					ctx.ui.setStatus("ask-user", undefined);
				}
				if (extraction.status === "no_questions") {
					ctx.ui.notify("/answer: no questions found in the last assistant message", "info");
					return;
				}
				if (extraction.status === "failed") {
					ctx.ui.notify(`/answer: ${extraction.error}`, "error");
					return;
				}
				const id = extraction.assistantEntryId;
				pi.appendEntry(PAYLOAD_ENTRY, payloadEntry(extraction.params, "answer-extraction", id));
				const input = scratch.write("form.json", JSON.stringify(extraction.params));
				const source: FormSource = {
					args: ["run", "--input", input],
					params: extraction.params,
					allowFreeform: true,
					draft: draftFile(ctx, draftKey("answer-extraction", id), false),
					keepText: lastAssistantText(ctx),
					flow: { source: "answer" },
				};
				const outcome = await openForm(ctx, bin, scratch, source, { bus });
				deliver(ctx, bin, outcome, {
					what: "/answer",
					again: "/answer:again",
					kind: "answer",
					source: "answer-extraction",
					sourceEntryId: id,
				});
			}),
	});

	/**
	 * /ask:replay and /answer:again: the latest stored form of `payloadSource` on the
	 * branch, from its draft when one was kept, else with the last answers given to it.
	 * A tool call that never got a result (pi stopped while its form was open) is
	 * answered here too.
	 */
	function replayCommand(name: string, subcommand: string, payloadSource: PayloadSource, description: string) {
		const flowSource: FlowSource = payloadSource === "tool" ? "ask:replay" : "answer:again";
		pi.registerCommand(name, {
			description,
			handler: async (_args, ctx: ExtensionCommandContext) =>
				withBinary(ctx, `/${name}`, async (bin, scratch) => {
					const stored = latestPayload(ctx, payloadSource);
					const id = stored?.sourceEntryId;
					const pending = id !== undefined && payloadSource === "tool" && pendingCalls(ctx).some((p) => p.toolCallId === id);
					const draft = id === undefined ? undefined : draftFile(ctx, draftKey(payloadSource, id), true);
					const source: FormSource = {
						args: [subcommand, ...writeBranch(ctx, scratch)],
						allowFreeform: payloadSource === "answer-extraction",
						draft,
						prefill: id === undefined ? undefined : lastResult(ctx, payloadSource, id),
					};
					source.params = ctx.hasUI ? storedForm(bin, source) : undefined;
					source.flow = {
						source: pending ? "ask:resume" : flowSource,
						toolCallId: pending ? id : undefined,
					};
					const outcome = await openForm(ctx, bin, scratch, source, { bus });
					deliver(ctx, bin, outcome, {
						what: `/${name}`,
						again: `/${name}`,
						kind: pending ? "resume" : "replay",
						source: payloadSource,
						sourceEntryId: id,
					});
				}),
		});
	}
	replayCommand("answer:again", "answer-again", "answer-extraction", "Reopen the latest /answer form on this branch");
	replayCommand("ask:replay", "replay", "tool", "Reopen the latest ask_user form on this branch");

	const settingsCommand = (what: string) => async (_args: string, ctx: ExtensionCommandContext) =>
		withBinary(ctx, what, async (bin) => {
			const handOff = ctx.hasUI ? await handOffTerminal(ctx, bin, ["settings"]) : undefined;
			if (handOff?.ran) {
				if (handOff.status !== 0) throw new AskExit(handOff.status, handOff.stderr);
				return;
			}
			const path = runCaptured(bin, ["settings", "--path"]);
			ctx.ui.notify(TEXT.settingsNeedTerminal(path.stdout.trim() || "the settings file"), "info");
		});
	const settingsDescription = "Open the ask_user settings (behaviour toggles, config path, keymap)";
	pi.registerCommand("ask-settings", { description: settingsDescription, handler: settingsCommand("/ask-settings") });
	pi.registerCommand("ask:settings", { description: settingsDescription, handler: settingsCommand("/ask:settings") });

	/** A form left open when pi stopped: offer it again (or, with resumeUnanswered "open", open it). */
	pi.on("session_start", (_event, ctx) => {
		if (!ctx.hasUI) return;
		const pending = pendingCalls(ctx);
		if (pending.length === 0) return;
		// After pi has drawn the conversation (it does right after session_start).
		setTimeout(() => {
			const bin = findAsk();
			if (bin && resumeUnanswered(readSettingsJson(bin)) === "open") {
				void openPending(ctx, pending[pending.length - 1]);
			} else {
				ctx.ui.notify(TEXT.unanswered(pending.length), "info");
			}
		}, 100);
	});

	async function openPending(ctx: ExtensionContext, call: { toolCallId: string; params: unknown }) {
		await withBinary(ctx, "ask_user", async (bin, scratch) => {
			const input = scratch.write("input.json", JSON.stringify(call.params ?? {}));
			const source: FormSource = {
				args: ["run", "--input", input],
				params: call.params,
				draft: draftFile(ctx, draftKey("tool", call.toolCallId), true),
				flow: { source: "ask:resume", toolCallId: call.toolCallId },
			};
			const outcome = await openForm(ctx, bin, scratch, source, { bus });
			deliver(ctx, bin, outcome, {
				what: "ask_user",
				again: "/ask:replay",
				kind: "resume",
				source: "tool",
				sourceEntryId: call.toolCallId,
			});
		});
	}
}
