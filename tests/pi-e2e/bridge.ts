/**
 * Test-only pi extension: a "bridge" that speaks pi-ask 1.1's remote-events contract on
 * `pi.events`, as a remote front end would. It logs every event of both prefixes and, on
 * `started`, sends the submits of its plan.
 *
 * Environment:
 *   ASK_E2E_BUS_LOG   JSONL file: one line per event seen ({channel, data}).
 *   ASK_E2E_BRIDGE    JSON: {"prefix"?: "@eko24ive/pi-ask", "delayMs"?: 800,
 *                            "submits": [response, ...]}; each response is sent in order
 *                     (requestId r1, r2, ...) to the started flow, or, as
 *                     {"flowId": "...", "response": ...} / {"raw": <anything>}, as given.
 */
import { appendFileSync } from "node:fs";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

const PREFIXES = ["@eko24ive/pi-ask", "ask-user"];
const CHANNELS = ["started", "completed", "submit", "submit-result"];

type Plan = { prefix?: string; delayMs?: number; submits?: unknown[] };

function log(record: unknown): void {
	const path = process.env.ASK_E2E_BUS_LOG;
	if (path) appendFileSync(path, `${JSON.stringify(record)}\n`);
}

export default function (pi: ExtensionAPI) {
	const plan: Plan = process.env.ASK_E2E_BRIDGE ? (JSON.parse(process.env.ASK_E2E_BRIDGE) as Plan) : {};
	const prefix = plan.prefix ?? PREFIXES[0];
	for (const p of PREFIXES) {
		for (const c of CHANNELS) {
			const channel = `${p}:${c}`;
			pi.events.on(channel, (data) => log({ channel, data }));
		}
	}
	pi.events.on(`${prefix}:started`, (data) => {
		const flowId = (data as { flowId: string }).flowId;
		let n = 0;
		const send = () => {
			const step = plan.submits?.[n];
			if (step === undefined) return;
			n += 1;
			const requestId = `r${n}`;
			const s = step as { raw?: unknown; flowId?: string; response?: unknown };
			const event =
				"raw" in s
					? s.raw
					: { version: 1, requestId, flowId: s.flowId ?? flowId, response: s.response ?? step };
			pi.events.emit(`${prefix}:submit`, event);
			setTimeout(send, 200);
		};
		setTimeout(send, plan.delayMs ?? 800);
	});
}
