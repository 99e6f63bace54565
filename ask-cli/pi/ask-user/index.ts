/**
 * pi extension: the `ask_user` tool and the /answer, /answer:again,
 * /ask:replay and /ask-settings commands. A thin shim over the `ask` binary,
 * which validates payloads, draws the UI, extracts forms and builds results.
 */
import { type ExtensionAPI, getAgentDir } from "@mariozechner/pi-coding-agent";
import { Text } from "@mariozechner/pi-tui";
import { Type } from "typebox";
import { type AskToolResult, EXIT, findAsk, missingBinaryMessage, runCaptured, Scratch } from "./binary";
import { FormBus } from "./bus";
import { registerCommands } from "./commands";
import { type FormSource, openForm, runHeadless } from "./form";
import { lastAssistantText } from "./resume";
import { draftFile, draftKey, PAYLOAD_ENTRY, payloadEntry } from "./session";
import { TEXT } from "./text";

const QUESTIONS_SHAPE =
	"Array of 1 or more questions. Each question: {id: string (unique), label?: string (short tab title), " +
	"prompt: string (the full question), type?: 'single' | 'multi' | 'preview' | 'text' | 'confirm' | 'number' | 'path' " +
	"(default 'single'), required?: boolean, default?: the suggested answer (never chosen for the user), " +
	"options: [{value: string (unique in the question), label: string, description?: string, " +
	"preview?: string (required on every option of a 'preview' question: code, layout or text to compare), " +
	"recommended?: boolean (mark the option you recommend; at most one on single/preview)}] " +
	"(required on single/multi/preview, omitted on the other types)}. " +
	"text: placeholder?, multiline?, minLength?, maxLength?, format? ('email' | 'uri' | 'date' | 'date-time'), pattern? (a regular expression); " +
	"confirm: yesLabel?, noLabel?; number: min?, max?, integer?, unit?; path: pathKind? ('file' | 'dir' | 'any'), " +
	"mustExist?; multi: minItems?, maxItems?. " +
	"The user can always type their own answer on choice questions; do not add an 'Other' option.";

// Deliberately permissive: malformed calls must reach the binary, which answers
// with a structured invalid-payload result instead of a schema error.
const PARAMETERS = Type.Object(
	{
		title: Type.Optional(Type.Unknown({ description: "Optional string: a title for the whole form." })),
		questions: Type.Optional(Type.Unknown({ description: QUESTIONS_SHAPE })),
	},
	{ additionalProperties: true },
);

const DESCRIPTION =
	"Ask the user one or more structured questions in a tabbed terminal form and wait for the answers. " +
	"Use it when the next step depends on a preference or a requirement only the user can settle. " +
	"Questions are choices (single, multi, preview) or typed answers (text, confirm, number, path); choices have " +
	"distinct options with stable values and the user may also type a free-form answer; " +
	"add notes, or ask you to elaborate instead of answering. Returns normalized JSON answers keyed by question id.";

const GUIDELINES = [
	"Use ask_user when a decision is ambiguous or costly to get wrong and only the user can settle it; do not use ask_user for facts you can find in the code, docs or tools.",
	"In ask_user, put one decision in each question, give options that are truly distinct with short labels and stable values, and put trade-offs in option descriptions.",
	"In ask_user, mark the option you recommend with recommended: true instead of writing '(recommended)' into its label; the user still chooses.",
	"Use ask_user question type 'preview' only when every option carries preview text (code, layout, wording) worth comparing side by side; otherwise use 'single' or 'multi'.",
	"Pick the ask_user question type by the answer you need: 'single'/'multi' for a choice among options you can name, 'text' for an open answer (a name, a sentence), 'confirm' for a plain yes or no, 'number' for a count or size (give min/max when there is a range), 'path' for a file or folder in the project; never invent options for an open question.",
	"Bundle two or three related follow-up questions into one ask_user call instead of a long series of single-question calls.",
	"When an ask_user result has mode 'elaborate', answer the user's notes directly first; call ask_user again only for the affected questions if a choice is still open, and keep preserved answers.",
];

/** The tool result says it (once): no separate error notice. */
function missing(): never {
	throw new Error(missingBinaryMessage());
}

/**
 * Payload text shown by pi's TUI (tool-call labels, the fallback transcript):
 * control characters and bidi overrides become visible placeholders so a
 * payload cannot move the cursor, recolour or retitle the terminal.
 */
function sanitize(text: string): string {
	return text
		.replace(/\t/g, " ")
		.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, (c) =>
			c === "\u001b" ? "␛" : `\\u{${c.charCodeAt(0).toString(16)}}`,
		)
		.replace(/[\u202a-\u202e\u2066-\u2069]/g, "\ufffd");
}

function textOf(result: AskToolResult): string {
	return result.content.map((block) => block.text).join("\n");
}

/** Transcript text of a result, computed once per tool call by `ask render-result`. */
const renderCache = new Map<string, { result: unknown; text: string }>();
function transcript(toolCallId: string, result: AskToolResult): string {
	const cached = renderCache.get(toolCallId);
	if (cached && cached.result === result) return cached.text;
	const bin = findAsk();
	const cancelled = result.details?.cancelled === true && !result.details.error;
	let text = cancelled ? TEXT.cancelledLine : sanitize(textOf(result));
	if (bin && result.details) {
		// A cancelled call can be answered later: its line says how.
		const args = ["render-result", "--input", "-", "--reopen", "/ask:replay"];
		const run = runCaptured(bin, args, JSON.stringify(result));
		if (run.status === 0 && run.stdout.trim()) text = run.stdout.replace(/\n+$/, "");
	}
	renderCache.set(toolCallId, { result, text });
	return text;
}

function callSummary(args: unknown): string {
	const questions = (args as { questions?: unknown })?.questions;
	if (!Array.isArray(questions)) return "";
	const labels = questions.map((q, i) => {
		const label = (q as { label?: unknown })?.label;
		return typeof label === "string" && label.trim() ? sanitize(label.replace(/\s+/g, " ").trim()) : `Q${i + 1}`;
	});
	const list = labels.join(", ");
	const cut = list.length > 50 ? `${list.slice(0, 49)}…` : list;
	return `${questions.length} question${questions.length === 1 ? "" : "s"} (${cut})`;
}

export default function askUser(pi: ExtensionAPI) {
	// The binary's settings live in pi's agent folder; say which one explicitly, since a
	// standalone `ask` without PI_CODING_AGENT_DIR uses ~/.config/ask-user/ instead.
	if (!process.env.ASK_CONFIG && !process.env.PI_CODING_AGENT_DIR) {
		process.env.PI_CODING_AGENT_DIR = getAgentDir();
	}
	const bus = new FormBus(pi.events);
	pi.registerTool({
		name: "ask_user",
		label: "Ask user",
		description: DESCRIPTION,
		promptSnippet: "Ask the user structured clarification questions (choices, text, yes/no, numbers, paths) in a form",
		promptGuidelines: GUIDELINES,
		parameters: PARAMETERS,
		executionMode: "sequential",

		async execute(toolCallId, params, signal, _onUpdate, ctx) {
			const bin = findAsk() ?? missing();
			const scratch = new Scratch();
			try {
				const input = scratch.write("input.json", JSON.stringify(params ?? {}));
				const source: FormSource = { args: ["run", "--input", input], params };
				// One headless run validates: exit 2 is the invalid-payload result,
				// exit 3 the non-interactive result of a valid payload.
				const check = await runHeadless(bin, scratch, source, ctx.cwd, ["--no-ui"]);
				if (check.status === EXIT.invalid) return check.result;
				pi.appendEntry(PAYLOAD_ENTRY, payloadEntry(params, "tool", toolCallId));
				if (!ctx.hasUI) return check.result;
				const form: FormSource = {
					...source,
					draft: draftFile(ctx, draftKey("tool", toolCallId), false),
					keepText: lastAssistantText(ctx),
					flow: { source: "tool", toolCallId },
				};
				return (await openForm(ctx, bin, scratch, form, { bus, signal })).result;
			} finally {
				scratch.dispose();
			}
		},

		renderCall(args, theme) {
			const summary = callSummary(args);
			return new Text(theme.fg("toolTitle", theme.bold("ask_user")) + (summary ? ` ${theme.fg("muted", summary)}` : ""), 0, 0);
		},

		renderResult(result, { isPartial }, theme, context) {
			if (isPartial) return new Text(theme.fg("muted", "Waiting for the user's answers…"), 0, 0);
			const text = transcript(context.toolCallId, result as unknown as AskToolResult);
			return new Text(theme.fg(context.isError ? "error" : "toolOutput", text), 0, 0);
		},
	});

	registerCommands(pi, bus);
}
