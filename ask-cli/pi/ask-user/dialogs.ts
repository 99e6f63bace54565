/**
 * The RPC-mode fallback: pi's RPC host cannot show custom components, but it
 * can answer `select`, `input` and `confirm` dialogs. Each question becomes one
 * dialog (text, number and path questions an input dialog, confirm questions a
 * confirm dialog); the collected answers go to `ask run --answers`, which turns
 * them into the same result the terminal UI would give.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";

/** Scripted answers as `ask run --answers` reads them. */
export interface ScriptedAnswers {
	mode: "submit" | "cancel";
	answers: Record<string, { values?: string[]; customText?: string; value?: string | boolean }>;
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
	options?: Option[];
	placeholder?: string;
	minLength?: number;
	maxLength?: number;
	format?: string;
	pattern?: string;
	yesLabel?: string;
	noLabel?: string;
	min?: number;
	max?: number;
	integer?: boolean;
	unit?: string;
	minItems?: number;
	maxItems?: number;
}

/** The shapes of the text formats, loosely: the binary checks them exactly. */
const FORMATS: Record<string, RegExp> = {
	email: /^[^\s@]+@[^\s@]+$/,
	uri: /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/,
	date: /^\d{4}-\d{2}-\d{2}$/,
	"date-time": /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/,
};

/** Whether `text` matches `pattern` somewhere; a pattern JavaScript cannot compile is left to the binary, which checks every answer. */
function matches(pattern: string, text: string): boolean {
	try {
		return new RegExp(pattern, "u").test(text);
	} catch {
		return true;
	}
}

/** Why `text` cannot answer a text or number question, or undefined when it can. */
function typedProblem(question: Question, text: string): string | undefined {
	const t = text.trim();
	if (question.type === "number") {
		const n = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : Number.NaN;
		if (!Number.isFinite(n)) return "not a number";
		if (question.integer && !Number.isInteger(n)) return "a whole number";
		if (question.min !== undefined && n < question.min) return `at least ${question.min}`;
		if (question.max !== undefined && n > question.max) return `at most ${question.max}`;
		return undefined;
	}
	if (question.type !== "text") return undefined;
	const count = [...t].length;
	if (question.minLength !== undefined && count < question.minLength) return `at least ${question.minLength} characters`;
	if (question.maxLength !== undefined && count > question.maxLength) return `at most ${question.maxLength} characters`;
	const format = question.format ? FORMATS[question.format] : undefined;
	if (format && !format.test(t)) return `not a valid ${question.format}`;
	if (question.pattern !== undefined && t !== "" && !matches(question.pattern, t)) return `does not match ${question.pattern}`;
	return undefined;
}

/** A text, number or path question through input dialogs, asked again while the reply breaks its rules. */
async function askTyped(
	ctx: ExtensionContext,
	title: string,
	question: Question,
	opts: { signal: AbortSignal } | undefined,
): Promise<string | null | undefined> {
	const unit = question.unit ? ` (${question.unit})` : "";
	const hint = question.placeholder ?? (question.type === "path" ? "a file or folder path" : "Type your answer");
	let shown = `${title}${unit}`;
	for (;;) {
		const text = await ctx.ui.input(shown, hint, opts);
		if (text === undefined) return undefined;
		if (!text.trim()) return null;
		const problem = typedProblem(question, text);
		if (!problem) return text.trim();
		shown = `${title}${unit}\nNot accepted: ${problem}. Try again, or leave it empty to skip.`;
	}
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
		if (question.type === "confirm") {
			const yes = question.yesLabel ?? "Yes";
			const no = question.noLabel ?? "No";
			const ok = await ctx.ui.confirm(title, `${yes} or ${no}?`, opts);
			if (signal?.aborted) return { mode: "cancel", answers };
			answers[question.id] = { value: ok };
			continue;
		}
		if (question.type === "text" || question.type === "number" || question.type === "path") {
			const text = await askTyped(ctx, title, question, opts);
			if (text === undefined) return { mode: "cancel", answers };
			if (text !== null) answers[question.id] = { value: text };
			continue;
		}
		const declared = (question.options ?? []).filter((o) => !o.freeform);
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
			const chosen = parsed.values.length + (parsed.customText ? 1 : 0);
			const tooFew = question.minItems !== undefined && chosen > 0 && chosen < question.minItems;
			const tooMany = question.maxItems !== undefined && chosen > question.maxItems;
			// A count outside minItems/maxItems is left unanswered rather than sent broken.
			if (chosen > 0 && !tooFew && !tooMany) answers[question.id] = parsed;
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
