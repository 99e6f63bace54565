/**
 * The shim's end of `ask run --control PATH`: a Unix socket carrying JSON lines both ways
 * (`{"v": 1, "type": ...}`; docs/contract.md, "The control channel"). Events from the
 * open form come in (`started`, `changed`, `completed`, `folded`, `error`); commands go
 * out (`answer`, `submit`, `elaborate`, `cancel`, `unfold`). The form is the binary's; this
 * only carries lines.
 */
import { connect, type Socket } from "node:net";

/** One event line from the form. */
export type ControlEvent = { v: 1; type: string } & Record<string, unknown>;

/** How often to try the socket while `ask` is still starting up. */
const RETRY_MS = 25;

/** A connection to a running form's control socket. */
export class ControlClient {
	private socket: Socket | undefined;
	private buffer = "";
	private listeners = new Set<(event: ControlEvent) => void>();
	private closedListeners = new Set<() => void>();
	private stopped = false;
	/** True once the connection ended (the form closed it, or `close()` was called). */
	closed = false;

	/**
	 * Connects to `path`, trying again every few milliseconds until `ask` listens there
	 * or `gaveUp()` says to stop (the child exited without listening).
	 */
	constructor(
		private readonly path: string,
		private readonly gaveUp: () => boolean,
	) {
		this.attempt();
	}

	private attempt(): void {
		if (this.stopped) return;
		const socket = connect({ path: this.path });
		socket.setEncoding("utf8");
		let connected = false;
		socket.on("connect", () => {
			connected = true;
			this.socket = socket;
		});
		socket.on("data", (chunk: string) => this.read(chunk));
		socket.on("error", () => {
			// ENOENT / ECONNREFUSED while ask starts: try again; after a connection,
			// the close handler below ends it.
		});
		socket.on("close", () => {
			if (!connected) {
				if (!this.gaveUp()) setTimeout(() => this.attempt(), RETRY_MS);
				else this.end();
				return;
			}
			this.end();
		});
	}

	private read(chunk: string): void {
		this.buffer += chunk;
		for (let at = this.buffer.indexOf("\n"); at >= 0; at = this.buffer.indexOf("\n")) {
			const line = this.buffer.slice(0, at).trim();
			this.buffer = this.buffer.slice(at + 1);
			if (!line) continue;
			let event: unknown;
			try {
				event = JSON.parse(line);
			} catch {
				continue;
			}
			if (!event || typeof event !== "object" || typeof (event as { type?: unknown }).type !== "string") continue;
			for (const listener of [...this.listeners]) listener(event as ControlEvent);
		}
	}

	private end(): void {
		if (this.closed) return;
		this.closed = true;
		this.socket = undefined;
		for (const listener of [...this.closedListeners]) listener();
	}

	/** Calls `listener` for every event; returns the function that stops it. */
	onEvent(listener: (event: ControlEvent) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Calls `listener` once the connection is over. */
	onClose(listener: () => void): () => void {
		if (this.closed) {
			listener();
			return () => {};
		}
		this.closedListeners.add(listener);
		return () => this.closedListeners.delete(listener);
	}

	/** Sends one command (`v: 1` is added). False when not connected. */
	send(command: Record<string, unknown>): boolean {
		if (!this.socket || this.closed) return false;
		this.socket.write(`${JSON.stringify({ v: 1, ...command })}\n`);
		return true;
	}

	/** Stops trying and closes the connection. */
	close(): void {
		this.stopped = true;
		this.socket?.end();
		this.end();
	}
}
