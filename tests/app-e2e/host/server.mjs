// The test's MCP Apps host, server side: the MCP SDK's client (from npm) runs `ask mcp`
// over stdio and declares the io.modelcontextprotocol/ui extension; the host page
// (index.html, host.bundle.js) and the sandbox proxy (sandbox.html) are served on two
// loopback ports (two origins, as the MCP Apps spec asks of a web host).
//
//   node server.mjs HOST_PORT SANDBOX_PORT BUNDLE_DIR
// Prints `ready` once both listen and the client is connected; ASK_BIN is the `ask` run.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const here = path.dirname(fileURLToPath(import.meta.url));
const [hostPort, sandboxPort, bundleDir] = process.argv.slice(2);

const client = new Client({ name: 'ask-app-e2e', version: '1.0.0' }, {
  capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } },
});
await client.connect(new StdioClientTransport({
  command: process.env.ASK_BIN,
  args: ['mcp'],
  env: process.env,
  stderr: 'inherit',
}));

// No timeout of the SDK's own cuts the call while the person answers.
const LONG = { timeout: 600000 };
async function rpc(method, params) {
  switch (method) {
    case 'tools/list': return client.listTools(params);
    case 'tools/call': return client.callTool(params, LONG);
    case 'resources/read': return client.readResource(params);
    case 'resources/list': return client.listResources(params);
    default: throw new Error('not forwarded: ' + method);
  }
}

function body(req) {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c) => { text += c; });
    req.on('end', () => resolve(text));
  });
}

const host = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/rpc') {
    const { method, params } = JSON.parse(await body(req));
    let out;
    try { out = { result: await rpc(method, params) }; } catch (e) { out = { error: String(e && e.message || e) }; }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(out));
    return;
  }
  const files = { '/': [path.join(here, 'index.html'), 'text/html'],
    '/host.bundle.js': [path.join(bundleDir, 'host.bundle.js'), 'text/javascript'] };
  const file = files[url.pathname];
  if (!file) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'Content-Type': file[1] + '; charset=utf-8' });
  res.end(fs.readFileSync(file[0]));
});

// The sandbox's policy from the resource's declared domains (none for ask: the spec's
// restrictive default, nothing reached but the page itself).
function policy(csp) {
  const res = (csp.resourceDomains || []).join(' ');
  const connect = (csp.connectDomains || []).join(' ');
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${res}`.trim(),
    `style-src 'self' 'unsafe-inline' ${res}`.trim(),
    `img-src 'self' data: ${res}`.trim(),
    `font-src 'self' ${res}`.trim(),
    `media-src 'self' data: ${res}`.trim(),
    `connect-src ${connect || "'none'"}`,
    csp.frameDomains && csp.frameDomains.length ? `frame-src ${csp.frameDomains.join(' ')}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const sandbox = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname !== '/sandbox.html') { res.writeHead(404); res.end(); return; }
  let csp = {};
  try { csp = JSON.parse(url.searchParams.get('csp') || '{}'); } catch (e) { csp = {}; }
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': policy(csp),
    'Cache-Control': 'no-store',
  });
  res.end(fs.readFileSync(path.join(here, 'sandbox.html')));
});

await Promise.all([
  new Promise((r) => host.listen(Number(hostPort), '127.0.0.1', r)),
  new Promise((r) => sandbox.listen(Number(sandboxPort), '127.0.0.1', r)),
]);
console.log('ready');
process.stdin.on('end', async () => { await client.close(); process.exit(0); });
process.stdin.resume();
