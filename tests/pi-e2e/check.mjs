#!/usr/bin/env node
// Assertions on what the faux model received (the JSONL log written by faux-model.ts).
//
// usage: check.mjs LOG CALL KIND [ARGS...]
//   CALL is the 0-based index of the model request to inspect.
//   KIND:
//     tool-answer QID VALUE   the last message is the ask_user result, submitted, with VALUE among answers[QID].values
//     tool-invalid            the last message is the ask_user invalid-payload result
//     tool-cancelled          the last message is a cancelled (not invalid) ask_user result
//     tool-noninteractive     the last message is the "Needs user input" ask_user result
//     tool-error TEXT         the last message is an ask_user error result containing TEXT
//     user-message TEXT       the last message is a user message containing TEXT
//     system-prompt TEXT      the system prompt contains TEXT
// Exits 0 when the check holds; otherwise prints why and exits 1.
import { readFileSync } from "node:fs";

const [logPath, callArg, kind, ...args] = process.argv.slice(2);
const fail = (why) => {
	console.error(`check ${kind} ${args.join(" ")} (request ${callArg}): ${why}`);
	process.exit(1);
};

let requests;
try {
	requests = readFileSync(logPath, "utf8")
		.split("\n")
		.filter((line) => line.trim())
		.map((line) => JSON.parse(line));
} catch (error) {
	fail(`cannot read ${logPath}: ${error.message}`);
}
const request = requests[Number(callArg)];
if (!request) fail(`only ${requests.length} model request(s) were made`);
const last = request.messages[request.messages.length - 1];
const textOf = (message) =>
	typeof message.content === "string"
		? message.content
		: message.content
				.filter((block) => block.type === "text")
				.map((block) => block.text)
				.join("\n");

function toolResult() {
	if (last?.role !== "toolResult" || last.toolName !== "ask_user") {
		fail(`last message is not an ask_user result: ${JSON.stringify(last).slice(0, 400)}`);
	}
	return { text: textOf(last), details: last.details ?? {} };
}

switch (kind) {
	case "tool-answer": {
		const [qid, value] = args;
		const { text, details } = toolResult();
		if (details.cancelled) fail(`result is cancelled: ${text}`);
		const values = details.answers?.[qid]?.values ?? [];
		if (!values.includes(value)) fail(`answers.${qid}.values is ${JSON.stringify(values)}; text: ${text}`);
		break;
	}
	case "tool-invalid": {
		const { text, details } = toolResult();
		if (details.error?.kind !== "invalid_input") fail(`no invalid_input error: ${JSON.stringify(details).slice(0, 400)}`);
		if (!Array.isArray(details.error.issues) || details.error.issues.length === 0) fail("no issues listed");
		if (!text.startsWith("Invalid ask_user payload:")) fail(`text: ${text}`);
		break;
	}
	case "tool-cancelled": {
		const { text, details } = toolResult();
		if (details.cancelled !== true || details.error) fail(`not a plain cancellation: ${text}`);
		break;
	}
	case "tool-noninteractive": {
		const { text, details } = toolResult();
		if (!text.startsWith("Needs user input:")) fail(`text: ${text}`);
		if (details.cancelled !== true) fail("details.cancelled is not true");
		break;
	}
	case "tool-error": {
		const { text } = toolResult();
		if (last.isError !== true) fail(`not an error result: ${text}`);
		if (!text.includes(args[0])) fail(`lacks ${JSON.stringify(args[0])}: ${text}`);
		break;
	}
	case "user-message": {
		if (last?.role !== "user") fail(`last message is ${last?.role}: ${JSON.stringify(last).slice(0, 400)}`);
		if (!textOf(last).includes(args[0])) fail(`user message lacks ${JSON.stringify(args[0])}: ${textOf(last)}`);
		break;
	}
	case "system-prompt": {
		if (!(request.systemPrompt ?? "").includes(args[0])) fail("not found in the system prompt");
		break;
	}
	default:
		fail(`unknown check ${kind}`);
}
