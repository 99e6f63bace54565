/**
 * What the session branch remembers about forms: the payloads (`ask:payload`, session.ts),
 * the results of forms the commands opened (`ask:result`), and `ask_user` calls that never
 * got a result because pi stopped while their form was open.
 */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { AskToolResult } from "./binary";
import { PAYLOAD_ENTRY, type PayloadSource } from "./session";

/** The custom entry holding the result of a form a command opened (not sent to the model). */
export const RESULT_ENTRY = "ask:result";

/** Data of an `ask:result` entry: the form it answers (as in `ask:payload`) and its result. */
export function resultEntry(source: PayloadSource, sourceEntryId: string, result: AskToolResult) {
	return { version: 1, timestamp: Date.now(), source, sourceEntryId, result };
}

interface Entry {
	type?: string;
	customType?: string;
	data?: unknown;
	message?: {
		role?: string;
		toolCallId?: string;
		toolName?: string;
		content?: unknown;
		details?: unknown;
		stopReason?: string;
	};
}

function branch(ctx: ExtensionContext): Entry[] {
	return ctx.sessionManager.getBranch() as unknown as Entry[];
}

/** A stored payload: where it came from and the payload itself. */
export interface StoredPayload {
	source: PayloadSource;
	sourceEntryId: string;
	params: unknown;
}

function payloadOf(entry: Entry): StoredPayload | undefined {
	if (entry.type !== "custom" || entry.customType !== PAYLOAD_ENTRY) return undefined;
	const data = entry.data as { source?: unknown; sourceEntryId?: unknown; params?: unknown } | undefined;
	if (data?.source !== "tool" && data?.source !== "answer-extraction") return undefined;
	if (typeof data.sourceEntryId !== "string") return undefined;
	return { source: data.source, sourceEntryId: data.sourceEntryId, params: data.params };
}

/**
 * The newest stored payload from `source` on the current branch (the form `ask replay`
 * or `ask answer-again` reopens: the binary takes the newest one that still validates,
 * and the shim stores only valid ones).
 */
export function latestPayload(ctx: ExtensionContext, source: PayloadSource): StoredPayload | undefined {
	const entries = branch(ctx);
	for (let i = entries.length - 1; i >= 0; i--) {
		const stored = payloadOf(entries[i]);
		if (stored?.source === source) return stored;
	}
	return undefined;
}

function storedResult(entry: Entry, source: PayloadSource, id: string): AskToolResult | undefined {
	if (entry.type === "custom" && entry.customType === RESULT_ENTRY) {
		const data = entry.data as { source?: unknown; sourceEntryId?: unknown; result?: unknown } | undefined;
		if (data?.source === source && data.sourceEntryId === id && isResult(data.result)) return data.result;
		return undefined;
	}
	const message = entry.type === "message" ? entry.message : undefined;
	if (source === "tool" && message?.role === "toolResult" && message.toolName === "ask_user" && message.toolCallId === id) {
		const result = { content: message.content, details: message.details };
		return isResult(result) ? result : undefined;
	}
	return undefined;
}

function isResult(value: unknown): value is AskToolResult {
	const details = (value as { details?: unknown })?.details;
	return !!details && typeof details === "object" && Array.isArray((details as { questions?: unknown }).questions);
}

/**
 * The last result of the form stored from `source` as `sourceEntryId` on the branch: the
 * newest `ask:result` entry for it, or for a tool call its tool result.
 */
export function lastResult(ctx: ExtensionContext, source: PayloadSource, sourceEntryId: string): AskToolResult | undefined {
	const entries = branch(ctx);
	for (let i = entries.length - 1; i >= 0; i--) {
		const result = storedResult(entries[i], source, sourceEntryId);
		if (result) return result;
	}
	return undefined;
}

/** An `ask_user` call whose form was left open when pi stopped. */
export interface PendingCall {
	toolCallId: string;
	params: unknown;
}

/**
 * The `ask_user` calls on the branch that never got a result (no tool result, no
 * `ask:result` from answering it later), oldest first. The payload is the one stored
 * before its form opened, else the call's arguments.
 */
export function pendingCalls(ctx: ExtensionContext): PendingCall[] {
	const entries = branch(ctx);
	const answered = new Set<string>();
	const stored = new Map<string, unknown>();
	for (const entry of entries) {
		const message = entry.type === "message" ? entry.message : undefined;
		if (message?.role === "toolResult" && typeof message.toolCallId === "string") answered.add(message.toolCallId);
		const data = entry.data as { source?: unknown; sourceEntryId?: unknown } | undefined;
		if (entry.type === "custom" && entry.customType === RESULT_ENTRY && data?.source === "tool") {
			if (typeof data.sourceEntryId === "string") answered.add(data.sourceEntryId);
		}
		const payload = payloadOf(entry);
		if (payload?.source === "tool") stored.set(payload.sourceEntryId, payload.params);
	}
	const pending: PendingCall[] = [];
	for (const entry of entries) {
		const message = entry.type === "message" ? entry.message : undefined;
		if (message?.role !== "assistant" || !Array.isArray(message.content)) continue;
		for (const part of message.content as Array<{ type?: string; id?: string; name?: string; arguments?: unknown }>) {
			if (part?.type !== "toolCall" || part.name !== "ask_user" || typeof part.id !== "string") continue;
			if (answered.has(part.id)) continue;
			pending.push({ toolCallId: part.id, params: stored.has(part.id) ? stored.get(part.id) : part.arguments });
		}
	}
	return pending;
}

/** The text of the newest assistant message on the branch (the message that led to a form). */
export function lastAssistantText(ctx: ExtensionContext): string | undefined {
	const entries = branch(ctx);
	for (let i = entries.length - 1; i >= 0; i--) {
		const message = entries[i].type === "message" ? entries[i].message : undefined;
		if (message?.role !== "assistant") continue;
		if (!Array.isArray(message.content)) return undefined;
		const text = (message.content as Array<{ type?: string; text?: string }>)
			.filter((part) => part?.type === "text" && typeof part.text === "string")
			.map((part) => part.text)
			.join("\n");
		return text || undefined;
	}
	return undefined;
}
