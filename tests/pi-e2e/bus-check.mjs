#!/usr/bin/env node
// Assertions on the event-bus log written by bridge.ts (one {channel, data} per line).
//
// usage: bus-check.mjs LOG KIND [ARGS...]
//   ack REQUEST_ID ok|ERROR [PREFIX]   the submit-result for REQUEST_ID (on PREFIX, default
//                                      @eko24ive/pi-ask) is ok, or failed with ERROR
//   count CHANNEL N                    CHANNEL carried exactly N events
//   started FIELD JSON                 the first started event's FIELD equals JSON
//   question ID                        the first started event lists question ID (with required)
//   completed-answer QID VALUE         the completed result has VALUE among answers[QID].values
//   completed-cancelled                the completed result is cancelled
// Exits 0 when the check holds; otherwise prints why and exits 1.
import { readFileSync } from "node:fs";

const [logPath, kind, ...args] = process.argv.slice(2);
const fail = (why) => {
	console.error(`bus-check ${kind} ${args.join(" ")}: ${why}`);
	process.exit(1);
};
let events = [];
try {
	events = readFileSync(logPath, "utf8")
		.split("\n")
		.filter((line) => line.trim())
		.map((line) => JSON.parse(line));
} catch (error) {
	fail(`cannot read ${logPath}: ${error.message}`);
}
const on = (channel) => events.filter((e) => e.channel === channel).map((e) => e.data);
const P = "@eko24ive/pi-ask";
const started = () => on(`${P}:started`)[0] ?? fail("no started event");
const completed = () => on(`${P}:completed`)[0] ?? fail("no completed event");
const has = (object, key) => Object.prototype.hasOwnProperty.call(object ?? {}, key);

switch (kind) {
	case "ack": {
		const [requestId, expected, prefix = P] = args;
		const acks = on(`${prefix}:submit-result`).filter((a) => a.requestId === requestId);
		if (acks.length !== 1) fail(`${acks.length} acknowledgements for ${requestId}: ${JSON.stringify(acks)}`);
		const ack = acks[0];
		if (ack.version !== 1) fail(`version ${ack.version}`);
		if (expected === "ok" ? ack.ok !== true : ack.ok !== false || ack.error !== expected) {
			fail(`got ${JSON.stringify(ack)}`);
		}
		if (ack.ok === false && (typeof ack.message !== "string" || !ack.message)) fail("no message");
		break;
	}
	case "count": {
		const n = on(args[0]).length;
		if (n !== Number(args[1])) fail(`${n} events`);
		break;
	}
	case "started": {
		const value = started()[args[0]];
		if (JSON.stringify(value) !== args[1]) fail(`${args[0]} is ${JSON.stringify(value)}`);
		break;
	}
	case "question": {
		const q = (started().questions ?? []).find((x) => x.id === args[0]);
		if (!q) fail(`not in ${JSON.stringify(started().questions)}`);
		if (typeof q.required !== "boolean" || !Array.isArray(q.options)) fail(`not normalized: ${JSON.stringify(q)}`);
		break;
	}
	case "completed-answer": {
		const answers = completed().result?.answers ?? {};
		const values = has(answers, args[0]) ? answers[args[0]].values : [];
		if (!values.includes(args[1])) fail(`answers: ${JSON.stringify(answers)}`);
		break;
	}
	case "completed-cancelled": {
		if (completed().result?.cancelled !== true) fail(`result: ${JSON.stringify(completed().result)}`);
		break;
	}
	default:
		fail(`unknown check ${kind}`);
}
