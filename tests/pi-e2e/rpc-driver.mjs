#!/usr/bin/env node
// Drives `pi --mode rpc`: sends each prompt in turn (the next one after the
// agent finished the previous: agent_end), answers the extension's dialogs,
// and exits 0 after the last agent_end, 1 on timeout or error.
//
// usage: rpc-driver.mjs --pi PI --events FILE --prompt TEXT [--prompt TEXT]... [--select SUBSTRING]...
//                       [--input TEXT]... [--timeout SECONDS] -- <pi arguments>
// Each --select answers the next `select` dialog with the first option that
// contains SUBSTRING; each --input answers the next `input` dialog. The value
// "!cancel" (or running out of values) cancels that dialog.
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";

const argv = process.argv.slice(2);
const split = argv.indexOf("--");
const own = split >= 0 ? argv.slice(0, split) : argv;
const piArgs = split >= 0 ? argv.slice(split + 1) : [];
const opts = { prompt: [], select: [], input: [], timeout: 90 };
for (let i = 0; i < own.length; i += 2) {
	const key = own[i].replace(/^--/, "");
	if (key === "prompt" || key === "select" || key === "input") opts[key].push(own[i + 1]);
	else opts[key] = own[i + 1];
}

const pi = spawn(opts.pi, ["--mode", "rpc", ...piArgs], { stdio: ["pipe", "pipe", "inherit"] });
const send = (obj) => pi.stdin.write(`${JSON.stringify(obj)}\n`);
const log = (obj) => opts.events && appendFileSync(opts.events, `${JSON.stringify(obj)}\n`);
const finish = (code, why) => {
	if (why) console.error(`rpc-driver: ${why}`);
	pi.kill("SIGTERM");
	process.exit(code);
};
const timer = setTimeout(() => finish(1, `timed out after ${opts.timeout}s`), Number(opts.timeout) * 1000);

let buffer = "";
pi.stdout.on("data", (chunk) => {
	buffer += chunk.toString("utf8");
	let newline = buffer.indexOf("\n");
	while (newline >= 0) {
		const line = buffer.slice(0, newline).replace(/\r$/, "");
		buffer = buffer.slice(newline + 1);
		newline = buffer.indexOf("\n");
		if (line.trim()) handle(JSON.parse(line));
	}
});
pi.on("exit", (code) => finish(1, `pi exited early with status ${code}`));

function handle(event) {
	log(event);
	if (event.type === "response" && event.success === false) finish(1, `command failed: ${event.error}`);
	if (event.type === "extension_ui_request") {
		if (event.method === "select") {
			const want = opts.select.shift();
			const value = want === undefined || want === "!cancel" ? undefined : event.options.find((o) => o.includes(want));
			if (value === undefined) send({ type: "extension_ui_response", id: event.id, cancelled: true });
			else send({ type: "extension_ui_response", id: event.id, value });
		} else if (event.method === "input" || event.method === "editor") {
			const value = opts.input.shift();
			if (value === undefined || value === "!cancel") send({ type: "extension_ui_response", id: event.id, cancelled: true });
			else send({ type: "extension_ui_response", id: event.id, value });
		} else if (event.method === "confirm") {
			send({ type: "extension_ui_response", id: event.id, confirmed: true });
		}
	}
	if (event.type === "agent_end") nextPrompt();
}

let sent = 0;
function nextPrompt() {
	if (sent === opts.prompt.length) {
		clearTimeout(timer);
		finish(0);
	}
	sent += 1;
	send({ id: `prompt-${sent}`, type: "prompt", message: opts.prompt[sent - 1] });
}
nextPrompt();
