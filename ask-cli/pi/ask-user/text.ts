/**
 * What the shim itself says to a person (notices, the folded line, transcript lines it
 * builds). The form's own texts come from the binary. Kept in one place so a message
 * catalogue can take them over.
 */
export const TEXT = {
	/** The line under the conversation while the form is folded (the peek key). */
	folded: (count: number, key: string) =>
		`ask_user: ${count} question${count === 1 ? "" : "s"} waiting - ${key} to return`,
	/** Session start with forms left open when pi stopped. */
	unanswered: (count: number) =>
		`${count} unanswered question form${count === 1 ? "" : "s"} - /ask:replay to answer`,
	/** A command's form was cancelled; `again` reopens it. */
	cancelled: (what: string, again: string) => `${what} cancelled - ${again} reopens it`,
	/** The transcript line of a cancelled tool call when the binary cannot render it. */
	cancelledLine: "Cancelled - /ask:replay reopens it",
	/** The terminal was needed but there is none (print mode). */
	needsTerminal: "this command needs an interactive pi (a terminal or an RPC host)",
	/** The settings overlay without a terminal. */
	settingsNeedTerminal: (path: string) => `ask settings need a terminal; edit ${path} instead`,
	/** The form was killed; its draft keeps the answers. */
	killed: (why: string, again: string) => `${why}; ${again} reopens the form with the answers given so far`,
} as const;
