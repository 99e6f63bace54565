/**
 * The `/answer` extraction loop. The binary owns the prompt, the retry policy
 * and the repair (`ask extract`, one step per call); this file only picks a
 * model with credentials and carries each request to it with pi-ai's
 * `complete()`, feeding the replies back.
 */
import { type Api, complete, type Model } from "@mariozechner/pi-ai";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describeFailure, runCaptured, type Scratch } from "./binary";

/** The part of the resolved settings the shim uses (from `ask settings --json`). */
export interface AnswerSettings {
	extractionModels: Array<{ provider: string; id: string }>;
	extractionTimeoutMs: number;
	extractionRetries: number;
	path?: string;
}

const DEFAULTS: AnswerSettings = { extractionModels: [], extractionTimeoutMs: 30000, extractionRetries: 1 };

/** The settings in effect (`ask settings --json`), or undefined when they cannot be read. */
export function readSettingsJson(bin: string): Record<string, unknown> | undefined {
	const run = runCaptured(bin, ["settings", "--json"]);
	if (run.status !== 0) return undefined;
	try {
		const json = JSON.parse(run.stdout) as Record<string, unknown>;
		return (json.config ?? json.settings ?? json) as Record<string, unknown>;
	} catch {
		return undefined;
	}
}

/** The keys of the form's peek action (`keymaps.global.peek`), `alt+o` by default. */
export function peekKeys(settings: Record<string, unknown> | undefined): string[] {
	const peek = (settings?.keymaps as { global?: { peek?: unknown } } | undefined)?.global?.peek;
	const keys = Array.isArray(peek) ? peek : typeof peek === "string" ? [peek] : ["alt+o"];
	return keys.filter((k): k is string => typeof k === "string");
}

/** `behaviour.resumeUnanswered`: open a form left unanswered at once, or only say so. */
export function resumeUnanswered(settings: Record<string, unknown> | undefined): "open" | "notify" {
	const value = (settings?.behaviour as { resumeUnanswered?: unknown } | undefined)?.resumeUnanswered;
	return value === "open" ? "open" : "notify";
}

/** Read `ask settings --json`; the defaults when it fails (with a warning). */
export function readAnswerSettings(bin: string, ctx: ExtensionContext): AnswerSettings {
	const run = runCaptured(bin, ["settings", "--json"]);
	if (run.status !== 0) {
		ctx.ui.notify(`${describeFailure("ask settings --json", run)}; using default /answer settings`, "warning");
		return DEFAULTS;
	}
	try {
		const json = JSON.parse(run.stdout) as Record<string, unknown>;
		const config = (json.config ?? json.settings ?? json) as { answer?: Partial<AnswerSettings> };
		const answer = config.answer ?? {};
		const models = Array.isArray(answer.extractionModels)
			? answer.extractionModels.filter(
					(m): m is { provider: string; id: string } =>
						typeof m?.provider === "string" && typeof m?.id === "string",
				)
			: [];
		return {
			extractionModels: models,
			extractionTimeoutMs:
				typeof answer.extractionTimeoutMs === "number" && answer.extractionTimeoutMs > 0
					? answer.extractionTimeoutMs
					: DEFAULTS.extractionTimeoutMs,
			extractionRetries:
				typeof answer.extractionRetries === "number" ? answer.extractionRetries : DEFAULTS.extractionRetries,
			path: typeof json.path === "string" ? json.path : undefined,
		};
	} catch {
		ctx.ui.notify("ask settings --json printed something that is not JSON; using default /answer settings", "warning");
		return DEFAULTS;
	}
}

/** The first configured extraction model with credentials, else the current model if it has them. */
export function pickModel(ctx: ExtensionContext, settings: AnswerSettings): Model<Api> | string {
	const registry = ctx.modelRegistry;
	const skipped: string[] = [];
	for (const { provider, id } of settings.extractionModels) {
		const model = registry.find(provider, id);
		if (model && registry.hasConfiguredAuth(model)) return model;
		skipped.push(`${provider}/${id} (${model ? "no credentials" : "unknown model"})`);
	}
	if (ctx.model && registry.hasConfiguredAuth(ctx.model)) return ctx.model;
	const current = ctx.model ? `the current model ${ctx.model.provider}/${ctx.model.id} has no credentials` : "no model is selected";
	const configured = skipped.length > 0 ? `configured extraction models unusable: ${skipped.join(", ")}; ` : "";
	const where = settings.path ? ` (answer.extractionModels in ${settings.path})` : "";
	return `/answer has no usable model: ${configured}${current}. Log in to a provider or configure an extraction model${where}.`;
}

/** One model call with a timeout; returns the reply text or throws. */
async function callModel(
	ctx: ExtensionContext,
	model: Model<Api>,
	request: { systemPrompt: string; userText: string },
	timeoutMs: number,
): Promise<string> {
	const auth = await ctx.modelRegistry.getApiKeyAndHeaders(model);
	if (!auth.ok) throw new Error(auth.error);
	const controller = new AbortController();
	const timer = setTimeout(() => controller.abort(), timeoutMs);
	try {
		const reply = await complete(
			model,
			{
				systemPrompt: request.systemPrompt,
				messages: [{ role: "user", content: [{ type: "text", text: request.userText }], timestamp: Date.now() }],
			},
			{ apiKey: auth.apiKey, headers: auth.headers, signal: controller.signal },
		);
		if (controller.signal.aborted || reply.stopReason === "aborted") {
			throw new Error(`no reply within ${timeoutMs} ms`);
		}
		if (reply.stopReason === "error") throw new Error(reply.errorMessage ?? "the model returned an error");
		return reply.content
			.filter((block): block is { type: "text"; text: string } => block.type === "text")
			.map((block) => block.text)
			.join("\n");
	} finally {
		clearTimeout(timer);
	}
}

/** The end of the extraction loop. */
export type Extraction =
	| { status: "form"; assistantEntryId: string; params: unknown }
	| { status: "no_questions" }
	| { status: "failed"; error: string };

interface Step {
	status: string;
	assistantEntryId?: string;
	attempt?: number;
	request?: { systemPrompt: string; userText: string };
	params?: unknown;
	error?: string;
}

/** Run `ask extract` steps until the binary decides, calling the model for each request. */
export async function extract(
	ctx: ExtensionContext,
	bin: string,
	scratch: Scratch,
	branchArgs: string[],
	model: Model<Api>,
	settings: AnswerSettings,
): Promise<Extraction> {
	const responses: string[] = [];
	for (;;) {
		const args = ["extract", ...branchArgs, ...responses.flatMap((file) => ["--response", file])];
		const run = runCaptured(bin, args);
		if (run.status !== 0) return { status: "failed", error: describeFailure("ask extract", run) };
		let step: Step;
		try {
			step = JSON.parse(run.stdout) as Step;
		} catch {
			return { status: "failed", error: `ask extract printed something that is not JSON: ${run.stdout.slice(0, 200)}` };
		}
		if (step.status === "form") {
			return { status: "form", assistantEntryId: step.assistantEntryId ?? "", params: step.params };
		}
		if (step.status === "no_questions") return { status: "no_questions" };
		if (step.status !== "request" || !step.request) {
			return { status: "failed", error: step.error ?? `ask extract gave status ${step.status}` };
		}
		if ((step.attempt ?? 1) > 1) {
			ctx.ui.notify(`/answer: the reply was not a usable form; retrying (attempt ${step.attempt})`, "warning");
		}
		let reply: string | undefined;
		let lastError = "";
		for (let attempt = 0; attempt <= settings.extractionRetries && reply === undefined; attempt++) {
			if (attempt > 0) ctx.ui.notify(`/answer: ${lastError}; retrying (${attempt}/${settings.extractionRetries})`, "warning");
			try {
				reply = await callModel(ctx, model, step.request, settings.extractionTimeoutMs);
			} catch (error) {
				lastError = `${model.provider}/${model.id} failed: ${error instanceof Error ? error.message : String(error)}`;
			}
		}
		if (reply === undefined) return { status: "failed", error: lastError };
		responses.push(scratch.write(`response-${responses.length + 1}.txt`, reply));
	}
}
