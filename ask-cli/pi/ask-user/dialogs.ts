/**
 * The RPC-mode fallback: pi's RPC host cannot show custom components, but it
 * can answer `select` and `input` dialogs. Each question becomes one dialog;
 * the collected answers go to `ask run --answers`, which turns them into the
 * same result the terminal UI would give.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";

/** Scripted answers as `ask run --answers` reads them. */
export interface ScriptedAnswers {
	mode: "submit" | "cancel";
	answers: Record<string, { values?: string[]; customText?: string }>;
}

interface Option {
	value: string;
	label: string;
	description?: string;
	preview?: string;
	freeform?: boolean;
}

interface Question {
	id: string;
	label?: string;
	prompt: string;
	type?: string;
	options: Option[];
}

const TYPE_OWN = "Type your own";

function asQuestions(params: unknown): Question[] {
	const questions = (params as { questions?: unknown })?.questions;
	return Array.isArray(questions) ? (questions as Question[]) : [];
}

function oneLine(text: string, max: number): string {
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function optionText(option: Option, index: number): string {
	let text = `${index + 1}. ${option.label}`;
	if (option.description) text += ` — ${oneLine(option.description, 120)}`;
	if (option.preview) text += `\n${option.preview}`;
	return text;
}

/** Parse a multi-select reply: numbers or option values pick options; anything else is free text. */
function parseMulti(reply: string, options: Option[]): { values: string[]; customText?: string } {
	const picked = new Set<string>();
	const rest: string[] = [];
	for (const raw of reply.split(",")) {
		const token = raw.trim();
		if (!token) continue;
		const n = /^\d+$/.test(token) ? Number(token) : Number.NaN;
		const byIndex = Number.isInteger(n) && n >= 1 && n <= options.length ? options[n - 1] : undefined;
		const byValue = options.find((o) => o.value === token || o.label.toLowerCase() === token.toLowerCase());
		const option = byIndex ?? byValue;
		if (option) picked.add(option.value);
		else rest.push(token);
	}
	const values = options.filter((o) => picked.has(o.value)).map((o) => o.value);
	const customText = rest.join(", ");
	return customText ? { values, customText } : { values };
}

/**
 * Ask every question through `select` / `input` dialogs. A cancelled dialog
 * (or an aborted agent turn, through `signal`) cancels the flow.
 */
export async function askThroughDialogs(
	ctx: ExtensionContext,
	params: unknown,
	signal?: AbortSignal,
): Promise<ScriptedAnswers> {
	const opts = signal ? { signal } : undefined;
	const answers: ScriptedAnswers["answers"] = {};
	const questions = asQuestions(params);
	for (const [qi, question] of questions.entries()) {
		const label = question.label?.trim() || `Q${qi + 1}`;
		const title = `${label}: ${question.prompt}`;
		const declared = question.options.filter((o) => !o.freeform);
		if (declared.length === 0) {
			const text = await ctx.ui.input(title, "Type your answer", opts);
			if (text === undefined) return { mode: "cancel", answers };
			if (text.trim()) answers[question.id] = { customText: text };
			continue;
		}
		if (question.type === "multi") {
			const listing = declared.map((o, i) => `${i + 1}. ${o.label} [${o.value}]`).join("\n");
			const reply = await ctx.ui.input(
				`${title}\n${listing}\nPick any: numbers separated by commas; other text becomes your own answer.`,
				"e.g. 1, 3",
				opts,
			);
			if (reply === undefined) return { mode: "cancel", answers };
			const parsed = parseMulti(reply, declared);
			if (parsed.values.length > 0 || parsed.customText) answers[question.id] = parsed;
			continue;
		}
		const choices = declared.map(optionText);
		const typeOwn = `${declared.length + 1}. ${TYPE_OWN}`;
		const choice = await ctx.ui.select(title, [...choices, typeOwn], opts);
		if (choice === undefined) return { mode: "cancel", answers };
		const index = choices.indexOf(choice);
		if (index >= 0) {
			answers[question.id] = { values: [declared[index].value] };
			continue;
		}
		const text = await ctx.ui.input(title, "Type your answer", opts);
		if (text === undefined) return { mode: "cancel", answers };
		if (text.trim()) answers[question.id] = { customText: text };
	}
	return { mode: "submit", answers };
}
