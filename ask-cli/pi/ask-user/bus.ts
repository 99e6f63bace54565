/**
 * Other pi extensions watch, answer and cancel an open form through pi's event bus
 * (`pi.events`), in pi-ask 1.1's remote-events contract, so bridges written for pi-ask
 * (remote front ends that relay forms to phones or web apps) work unchanged:
 *
 *   <prefix>:started        a form opened (version 1, flowId, source, title, questions...)
 *   <prefix>:completed      it ended (flowId, source, result, completedAt)
 *   <prefix>:submit         a bridge answers or cancels it (requestId, flowId, response)
 *   <prefix>:submit-result  the acknowledgement of that submit (ok, or error + message)
 *
 * with prefix `@eko24ive/pi-ask` and, the same events again, `ask-user`. The payloads are
 * described in ../README.md. A submit is delivered into the open form through its control
 * socket (`answer` with a mode, or `cancel`): the binary checks the answers, and the first
 * valid submit (or key) ends the form. Question ids are only ever Map keys or own
 * properties of prototype-less objects, so an id such as `__proto__` is an id like any other.
 */
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import type { ControlClient, ControlEvent } from "./control";

/** The channel prefixes: pi-ask's and this package's own. */
export const BUS_PREFIXES = ["@eko24ive/pi-ask", "ask-user"] as const;

/** Where a form came from, as pi-ask names it. */
export type FlowSource = "tool" | "answer" | "answer:again" | "ask:replay" | "ask:resume";

/** Why a submit was not taken. */
type SubmitError = "flow_not_found" | "invalid_request" | "invalid_answer";

type Ack = { ok: true } | { ok: false; error: SubmitError; message: string };

type EventBus = ExtensionAPI["events"];

/** A normalized question as bridges receive it in `started`. */
interface BusQuestion {
	id: string;
	label: string;
	prompt: string;
	type: string;
	required: boolean;
	options: Array<Record<string, unknown>>;
}

interface OpenFlow {
	flowId: string;
	source: FlowSource;
	toolCallId?: string;
	client: ControlClient;
	questions: BusQuestion[];
	/** A submit was taken (or the form ended): later ones find no flow. */
	settled: boolean;
	/** Submits are delivered one at a time, in arrival order. */
	queue: Promise<void>;
}

/** What the shim knows about a form it is opening. */
export interface FlowInfo {
	source: FlowSource;
	toolCallId?: string;
}

/** The part of an open form the caller ends. */
export interface FlowHandle {
	/** The form ended with `details` (undefined: no result, e.g. `ask` was killed). */
	finish(details: Record<string, unknown> | undefined): void;
}

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return !!value && typeof value === "object" && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
	return isPlainObject(value) && Object.values(value).every((v) => typeof v === "string");
}

/**
 * The questions of a `started` event as bridges receive them: the normalized form's
 * questions and options, with `required` from the form's own view (`view.questions`,
 * the view every front end draws), never from the raw payload.
 */
function busQuestions(form: unknown, view: unknown): BusQuestion[] {
	const questions = (form as { questions?: unknown })?.questions;
	if (!Array.isArray(questions)) return [];
	const viewed = (view as { questions?: unknown })?.questions;
	const shown = Array.isArray(viewed) ? viewed : [];
	return questions.filter(isPlainObject).map((q, i) => {
		const v = isPlainObject(shown[i]) ? shown[i] : {};
		return {
			id: String(q.id),
			label: String(q.label ?? ""),
			prompt: String(q.prompt ?? ""),
			type: String(q.type ?? "single"),
			required: v.required === true,
			options: Array.isArray(q.options) ? q.options.filter(isPlainObject).map((o) => ({ ...o })) : [],
		};
	});
}

/** The pi-ask bridge contract on `pi.events`. */
export class FormBus {
	private readonly flows = new Map<string, OpenFlow>();

	constructor(private readonly events: EventBus) {
		for (const prefix of BUS_PREFIXES) {
			events.on(`${prefix}:submit`, (data) => this.submit(prefix, data));
		}
	}

	private emit(name: string, payload: Record<string, unknown>): void {
		for (const prefix of BUS_PREFIXES) this.events.emit(`${prefix}:${name}`, structuredClone(payload));
	}

	/**
	 * Follows a form opened with `--control`: once it says `started`, bridges hear of it;
	 * its submits go through `client`.
	 */
	attach(client: ControlClient, info: FlowInfo): FlowHandle {
		let flow: OpenFlow | undefined;
		let finished = false;
		const stop = client.onEvent((event) => {
			if (event.type !== "started" || flow || finished) return;
			const form = event.form as { title?: unknown } | undefined;
			const flowId = info.toolCallId
				? `tool:${info.toolCallId}`
				: `flow:${Date.now()}:${Math.random().toString(36).slice(2)}`;
			flow = {
				flowId,
				source: info.source,
				toolCallId: info.toolCallId,
				client,
				questions: busQuestions(form, event.view),
				settled: false,
				queue: Promise.resolve(),
			};
			this.flows.set(flowId, flow);
			this.emit("started", {
				version: 1,
				flowId,
				toolCallId: info.toolCallId,
				source: info.source,
				title: typeof form?.title === "string" ? form.title : undefined,
				questions: flow.questions,
				createdAt: Date.now(),
			});
		});
		return {
			finish: (details) => {
				if (finished) return;
				finished = true;
				stop();
				if (!flow) return;
				flow.settled = true;
				this.flows.delete(flow.flowId);
				this.emit("completed", {
					version: 1,
					flowId: flow.flowId,
					toolCallId: flow.toolCallId,
					source: flow.source,
					result: details ?? {
						cancelled: true,
						mode: "submit",
						questions: flow.questions.map(({ id, label, prompt, type }) => ({ id, label, prompt, type })),
						answers: {},
					},
					completedAt: Date.now(),
				});
			},
		};
	}

	private ack(prefix: string, requestId: string, flowId: string, ack: Ack): void {
		this.events.emit(`${prefix}:submit-result`, { version: 1, requestId, flowId, ...ack });
	}

	private submit(prefix: string, data: unknown): void {
		if (!isPlainObject(data)) {
			this.ack(prefix, "", "", invalidRequest("a submit must be an object"));
			return;
		}
		const requestId = typeof data.requestId === "string" ? data.requestId : "";
		const flowId = typeof data.flowId === "string" ? data.flowId : "";
		const problem =
			data.version !== 1
				? "version must be 1"
				: !requestId
					? "requestId must be a non-empty string"
					: !flowId
						? "flowId must be a non-empty string"
						: responseProblem(data.response);
		if (problem) {
			this.ack(prefix, requestId, flowId, invalidRequest(problem));
			return;
		}
		const flow = this.flows.get(flowId);
		if (!flow || flow.settled) {
			this.ack(prefix, requestId, flowId, notFound());
			return;
		}
		const response = data.response as Record<string, unknown>;
		flow.queue = flow.queue.then(async () => {
			const ack = flow.settled ? notFound() : await this.deliver(flow, response);
			if (ack.ok) flow.settled = true;
			this.ack(prefix, requestId, flowId, ack);
		});
	}

	/** Sends one response into the form and waits for the form's verdict. */
	private async deliver(flow: OpenFlow, response: Record<string, unknown>): Promise<Ack> {
		let command: Record<string, unknown>;
		if (response.kind === "cancel") {
			command = { type: "cancel" };
		} else {
			const built = answerCommand(flow, response);
			if (!("command" in built)) return built;
			command = built.command;
		}
		return new Promise<Ack>((resolve) => {
			const done = (ack: Ack) => {
				stopEvents();
				stopClose();
				resolve(ack);
			};
			const stopEvents = flow.client.onEvent((event: ControlEvent) => {
				if (event.type === "error") done(fromError(event));
				else if (event.type === "completed") {
					const via = (event.result as { details?: { answeredVia?: unknown } })?.details?.answeredVia;
					done(via === "control" ? { ok: true } : notFound("the form was answered elsewhere first"));
				}
			});
			const stopClose = flow.client.onClose(() => done(notFound("the form closed")));
			if (!flow.client.send(command)) done(notFound("the form closed"));
		});
	}
}

function invalidRequest(message: string): Ack {
	return { ok: false, error: "invalid_request", message };
}

function invalidAnswer(message: string): Ack {
	return { ok: false, error: "invalid_answer", message };
}

function notFound(why = "no open ask_user form has this flowId"): Ack {
	return { ok: false, error: "flow_not_found", message: why };
}

/** Why `response` is not a submit response, or undefined when it is one. */
function responseProblem(response: unknown): string | undefined {
	if (!isPlainObject(response)) return "response must be an object";
	if (response.kind !== "answer" && response.kind !== "cancel") {
		return 'response.kind must be "answer" or "cancel"';
	}
	return undefined;
}

/**
 * The control `answer` command for an answer response. Every question of the form is
 * named: those the response leaves out get no answer, as in pi-ask, where the bridge's
 * answers are the whole answer. Only the contract's fields pass (values, customText, note,
 * optionNotes); labels and indices are the binary's to recompute.
 */
function answerCommand(
	flow: OpenFlow,
	response: Record<string, unknown>,
): { command: Record<string, unknown> } | Ack {
	const answers = response.answers;
	if (!isPlainObject(answers)) return invalidAnswer("response.answers must be an object keyed by question id");
	const mode = response.mode;
	if (mode !== undefined && mode !== "submit" && mode !== "elaborate") {
		return invalidAnswer('response.mode must be "submit" or "elaborate"');
	}
	const known = new Set(flow.questions.map((q) => q.id));
	const out: Record<string, unknown> = Object.create(null);
	for (const id of Object.keys(answers)) {
		if (!known.has(id)) return invalidAnswer(`unknown question id ${JSON.stringify(id)}`);
		const answer = answers[id];
		if (!isPlainObject(answer)) return invalidAnswer(`the answer for ${JSON.stringify(id)} must be an object`);
		const entry: Record<string, unknown> = Object.create(null);
		if (answer.values !== undefined) {
			if (!Array.isArray(answer.values) || !answer.values.every((v) => typeof v === "string")) {
				return invalidAnswer(`values of ${JSON.stringify(id)} must be an array of strings`);
			}
			entry.values = [...answer.values];
		}
		for (const key of ["customText", "note"] as const) {
			if (answer[key] === undefined) continue;
			if (typeof answer[key] !== "string") {
				return invalidAnswer(`${key} of ${JSON.stringify(id)} must be a string`);
			}
			entry[key] = answer[key];
		}
		if (answer.optionNotes !== undefined) {
			if (!isStringRecord(answer.optionNotes)) {
				return invalidAnswer(`optionNotes of ${JSON.stringify(id)} must map option values to strings`);
			}
			const notes: Record<string, string> = Object.create(null);
			for (const value of Object.keys(answer.optionNotes)) notes[value] = answer.optionNotes[value];
			entry.optionNotes = notes;
		}
		out[id] = entry;
	}
	for (const id of known) {
		if (!hasOwn(out, id)) out[id] = Object.create(null);
	}
	return { command: { type: "answer", answers: out, mode: mode ?? "submit" } };
}

/** The acknowledgement for a control `error` event. */
function fromError(event: ControlEvent): Ack {
	const message = typeof event.message === "string" ? event.message : String(event.code);
	switch (event.code) {
		case "alreadyCompleted":
		case "closed":
			return notFound(message);
		case "badLine":
		case "unsupportedVersion":
		case "unknownCommand":
			return invalidRequest(message);
		default:
			return invalidAnswer(message);
	}
}
