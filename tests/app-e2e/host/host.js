// The test's MCP Apps host page: the ext-apps SDK's own AppBridge (from npm) drives the
// app frame, the way a web chat client does (a sandbox proxy on another origin, the
// app's HTML in an inner frame). The MCP client behind it is server.mjs (the SDK's
// client, talking to `ask mcp` over stdio); this page reaches it with POST /rpc.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

const params = new URLSearchParams(location.search);
const SANDBOX = params.get('sandbox');
const THEME = params.get('theme') === 'dark' ? 'dark' : 'light';

async function rpc(method, body) {
  const r = await fetch('/rpc', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ method, params: body }),
  });
  const out = await r.json();
  if (out.error) throw new Error(out.error);
  return out.result;
}

// Calls `name` as the model would; when the tool names a ui:// resource the app is shown
// in #apps while the call runs. Resolves with the call's result.
// Draws the app of a call that already ended (a conversation shown anew): the tool's
// input, then its result at once, no call made.
async function showAgain(name, args, result) {
  return callTool(name, args, result);
}

async function callTool(name, args, ended) {
  const { tools } = await rpc('tools/list', {});
  const tool = tools.find((t) => t.name === name);
  const uri = tool && tool._meta && tool._meta.ui && tool._meta.ui.resourceUri;
  const result = ended ? Promise.resolve(ended) : rpc('tools/call', { name, arguments: args });
  if (!uri) return result;
  const marks = { started: Date.now() };
  window.marks = marks;
  const resource = await rpc('resources/read', { uri });
  const content = resource.contents[0];
  if (content.mimeType !== 'text/html;profile=mcp-app') throw new Error('not an app: ' + content.mimeType);
  const meta = (content._meta && content._meta.ui) || {};
  const frame = document.createElement('iframe');
  marks.frame = Date.now();
  frame.id = 'app-frame';
  frame.title = 'ask_user';
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  document.getElementById('apps').appendChild(frame);
  const proxyReady = new Promise((resolve) => {
    window.addEventListener('message', function ready(e) {
      if (e.source === frame.contentWindow && e.data && e.data.method === 'ui/notifications/sandbox-proxy-ready') {
        window.removeEventListener('message', ready);
        resolve();
      }
    });
  });
  const url = new URL(SANDBOX);
  url.searchParams.set('csp', JSON.stringify(meta.csp || {}));
  frame.src = url.href;
  await proxyReady;
  const bridge = new AppBridge(null, { name: 'ask-app-e2e', version: '1.0.0' },
    { serverTools: {}, serverResources: {}, logging: {} },
    { hostContext: { theme: THEME, displayMode: 'inline', platform: 'web', locale: 'en-US' } });
  bridge.oncalltool = (p) => rpc('tools/call', p);
  bridge.onreadresource = (p) => rpc('resources/read', p);
  bridge.onlistresources = (p) => rpc('resources/list', p || {});
  bridge.onsizechange = ({ height }) => { if (height) frame.style.height = height + 'px'; };
  const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  await bridge.sendSandboxResourceReady({ html: content.text, csp: meta.csp, permissions: meta.permissions });
  await initialized;
  marks.initialized = Date.now();
  await bridge.sendToolInput({ arguments: args });
  result.then((r) => bridge.sendToolResult(r), (e) => bridge.sendToolCancelled({ reason: String(e) }));
  return result;
}

window.askHost = { callTool, showAgain, rpc };
document.getElementById('state').textContent = 'ready';
