// A minimal npm registry for the install test: serves the packages in a folder of
// `npm pack` tarballs (packuments with integrity, and the tarballs) plus the metadata
// of the binary packages built elsewhere (<dir>/<platform>/package.json), answers 404
// for every other name, and logs each request. npm itself does the resolving, the
// os/cpu filtering of optional dependencies and the integrity checks, exactly as
// against registry.npmjs.org.
//
//   node registry.mjs <tarball dir> <port file> <request log>
//
// Listens on 127.0.0.1 on a free port and writes the port to <port file> once ready.
import { createHash } from "node:crypto";
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

const [dir, portFile, logFile] = process.argv.slice(2);
if (!dir || !portFile || !logFile) {
	console.error("usage: node registry.mjs <tarball dir> <port file> <request log>");
	process.exit(2);
}

/** `package/package.json` from a .tgz (ustar: 512-byte headers, octal sizes). */
function manifestOf(tgz) {
	const tar = gunzipSync(tgz);
	for (let at = 0; at + 512 <= tar.length; ) {
		const header = tar.subarray(at, at + 512);
		if (header.every((b) => b === 0)) break;
		const text = (from, len) => header.subarray(from, from + len).toString("utf8").replace(/\0.*$/s, "");
		const name = [text(345, 155), text(0, 100)].filter(Boolean).join("/");
		const size = Number.parseInt(text(124, 12).trim() || "0", 8);
		if (name === "package/package.json") return JSON.parse(tar.subarray(at + 512, at + 512 + size).toString("utf8"));
		at += 512 + Math.ceil(size / 512) * 512;
	}
	throw new Error("no package/package.json in the tarball");
}

const packages = new Map(); // name -> { versions: {v: manifest}, latest }
const tarballs = new Map(); // file name -> bytes
for (const file of readdirSync(dir).filter((f) => f.endsWith(".tgz"))) {
	const bytes = readFileSync(join(dir, file));
	const manifest = manifestOf(bytes);
	tarballs.set(file, bytes);
	const entry = packages.get(manifest.name) ?? { versions: {}, latest: manifest.version };
	entry.versions[manifest.version] = {
		...manifest,
		_id: `${manifest.name}@${manifest.version}`,
		dist: {
			tarball: `/-/tarballs/${file}`,
			integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
			shasum: createHash("sha1").update(bytes).digest("hex"),
		},
	};
	packages.set(manifest.name, entry);
}

// Binary packages of other platforms: `.ci/npm-pack` writes their package.json
// only. The registry lists them as npmjs.org does (npm reads os/cpu from the
// packument and skips them); their tarballs are not here, so a fetch fails.
for (const entry of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
	let manifest;
	try {
		manifest = JSON.parse(readFileSync(join(dir, entry.name, "package.json"), "utf8"));
	} catch {
		continue;
	}
	if (packages.has(manifest.name)) continue;
	const file = `${manifest.name.replace(/^@/, "").replace("/", "-")}-${manifest.version}.tgz`;
	packages.set(manifest.name, {
		latest: manifest.version,
		versions: {
			[manifest.version]: {
				...manifest,
				_id: `${manifest.name}@${manifest.version}`,
				dist: { tarball: `/-/tarballs/${file}` },
			},
		},
	});
}

const server = createServer((req, res) => {
	const url = decodeURIComponent((req.url ?? "/").split("?")[0]);
	const base = `http://127.0.0.1:${server.address().port}`;
	let status = 404;
	let body = JSON.stringify({ error: "not found" });
	let type = "application/json";
	if (url.startsWith("/-/tarballs/") && tarballs.has(url.slice("/-/tarballs/".length))) {
		status = 200;
		body = tarballs.get(url.slice("/-/tarballs/".length));
		type = "application/octet-stream";
	} else if (packages.has(url.slice(1))) {
		const { versions, latest } = packages.get(url.slice(1));
		const absolute = Object.fromEntries(
			Object.entries(versions).map(([v, m]) => [v, { ...m, dist: { ...m.dist, tarball: base + m.dist.tarball } }]),
		);
		status = 200;
		body = JSON.stringify({ name: url.slice(1), "dist-tags": { latest }, versions: absolute });
	}
	appendFileSync(logFile, `${req.method} ${url} ${status}\n`);
	res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
	res.end(body);
});
server.listen(0, "127.0.0.1", () => writeFileSync(portFile, String(server.address().port)));
