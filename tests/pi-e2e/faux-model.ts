/**
 * Test-only pi extension: a scripted "faux" model for the end-to-end tests.
 *
 * It registers pi-ai's faux provider as provider `faux`, model `faux-1`, and
 * answers every model request (the agent's turns and the shim's `/answer`
 * extraction calls alike) from a script, in order.
 *
 * Environment:
 *   ASK_E2E_SCRIPT  JSON file: an array of steps, one per model request:
 *                     {"text": "..."}                       a plain assistant reply
 *                     {"toolCall": {"name": "...", "arguments": {...}}}
 *                     {"text": "...", "toolCall": {...}}    text, then the tool call
 *                   either may carry "delayMs": N to answer N ms late (timeouts).
 *   ASK_E2E_LOG     JSONL file; one line per model request with the messages
 *                   the model received, so a test can assert on them.
 *
 * When the script runs out, the model replies "(faux: script exhausted)".
 */
import { appendFileSync, readFileSync } from "node:fs";
import {
	type Context,
	fauxAssistantMessage,
	fauxText,
	fauxToolCall,
	getApiProvider,
	registerFauxProvider,
} from "@mariozechner/pi-ai";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

type Step = {
	text?: string;
	toolCall?: { name: string; arguments: Record<string, unknown>; id?: string };
	delayMs?: number;
};

function loadScript(): Step[] {
	const path = process.env.ASK_E2E_SCRIPT;
	if (!path) return [];
	return JSON.parse(readFileSync(path, "utf8")) as Step[];
}

function log(record: unknown): void {
	const path = process.env.ASK_E2E_LOG;
	if (path) appendFileSync(path, `${JSON.stringify(record)}\n`);
}

export default function (pi: ExtensionAPI) {
	const steps = loadScript();
	let call = 0;
	const faux = registerFauxProvider({
		api: "faux-e2e",
		provider: "faux",
		models: [{ id: "faux-1", name: "Faux 1", reasoning: false, input: ["text"] }],
		tokenSize: { min: 64, max: 64 },
	});
	const reply = async (context: Context) => {
		const step = steps[call];
		log({ call, systemPrompt: context.systemPrompt, messages: context.messages });
		call += 1;
		if (!step) return fauxAssistantMessage("(faux: script exhausted)");
		if (step.delayMs) await new Promise((resolve) => setTimeout(resolve, step.delayMs));
		const tc = step.toolCall;
		if (!tc) return fauxAssistantMessage(fauxText(step.text ?? ""));
		const toolCall = fauxToolCall(tc.name, tc.arguments, { id: tc.id ?? `call_${call}` });
		const content = step.text === undefined ? toolCall : [fauxText(step.text), toolCall];
		return fauxAssistantMessage(content, { stopReason: "toolUse" });
	};
	// Enough factories for any test; each consumes the next script step.
	faux.setResponses(Array.from({ length: 64 }, () => reply));
	const provider = getApiProvider(faux.api);
	if (!provider) throw new Error("faux provider did not register");
	pi.registerProvider("faux", {
		name: "Faux",
		baseUrl: "http://localhost:0",
		apiKey: "faux-key",
		api: faux.api,
		streamSimple: provider.streamSimple,
		models: [
			{
				id: "faux-1",
				name: "Faux 1",
				reasoning: false,
				input: ["text"],
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
				contextWindow: 128000,
				maxTokens: 16384,
			},
		],
	});
}
