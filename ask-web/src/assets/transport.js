// Part of the page's script: where the page's requests go. In the browser form they are
// HTTP requests to `ask`'s own server. In an MCP client that shows the page as an MCP
// App (the `io.modelcontextprotocol/ui` extension) there is no server to reach: the page
// talks to the client (the host) with JSON-RPC over postMessage, and every request
// becomes a call of the app-only tool `ask_app` through the host. `fetch` below stands
// for the browser's own inside this script, so the code that sends answers is the same
// for both.
  let bridge = null;

  function fetch(url, init) {
    if (!bridge) return window.fetch(url, init);
    return bridge.request(url, init);
  }

  // The host bridge: requests to the host (ids of our own), the host's requests and
  // notifications answered, the page's size reported.
  function startApp() {
    const pending = new Map();
    let nextId = 1;
    let token = null;
    let input = null;
    let ended = false;
    const host = window.parent;
    function post(message) { host.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*'); }
    function rpc(method, params) {
      const id = nextId++;
      post({ id, method, params });
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    }
    function notify(method, params) { post({ method, params }); }
    function theme(context) {
      if (context && (context.theme === 'light' || context.theme === 'dark')) {
        document.documentElement.style.colorScheme = context.theme;
        document.documentElement.dataset.theme = context.theme;
      }
    }
    // One call of `ask_app`: its structured result (`status`, `body`, `view`).
    function call(args) {
      return rpc('tools/call', { name: 'ask_app', arguments: args }).then((result) => {
        if (!result || result.isError || !result.structuredContent) {
          const text = result && result.content && result.content[0] && result.content[0].text;
          throw new Error(text || 'no result');
        }
        return result.structuredContent;
      });
    }
    function later(next) {
      // After the answer's own handling (send.js keeps what it sent until a view that
      // recent arrives), like a view from the browser form's event stream.
      if (next) queue.then(() => apply(next));
    }
    bridge = {
      request(url, init) {
        const body = init && init.body ? JSON.parse(init.body) : null;
        const what = url === '/api/command' ? { command: body } : {};
        if (!token) return Promise.reject(new Error('not open'));
        return call(Object.assign({ token }, what)).then((out) => {
          later(out.view);
          return new Response(JSON.stringify(out.body === undefined ? null : out.body), {
            status: out.status || 200,
            headers: { 'Content-Type': 'application/json' },
          });
        });
      },
    };
    window.addEventListener('message', (e) => {
      if (e.source !== host) return;
      const m = e.data;
      if (!m || m.jsonrpc !== '2.0') return;
      if (m.id !== undefined && !m.method) {
        const waiting = pending.get(m.id);
        if (!waiting) return;
        pending.delete(m.id);
        if (m.error) waiting.reject(new Error(m.error.message || 'error'));
        else waiting.resolve(m.result);
        return;
      }
      if (m.method === 'ui/notifications/tool-input' && !input) {
        input = (m.params && m.params.arguments) || {};
        open();
      } else if (m.method === 'ui/notifications/host-context-changed') {
        theme(m.params);
      } else if (m.method === 'ui/notifications/tool-result') {
        // The call is over. A page drawn again afterwards (a conversation shown anew)
        // has no form to open: it shows what the call gave the model.
        ended = true;
        if (!view) {
          const text = m.params && m.params.content && m.params.content[0] && m.params.content[0].text;
          say('', true);
          status.style.whiteSpace = 'pre-line';
          status.textContent = String(text || '').split('\n').map(clean).join('\n');
          app.setAttribute('aria-busy', 'false');
        }
      } else if (m.method === 'ui/notifications/tool-cancelled') {
        if (!view || view.state !== 'completed') say(TEXT.closed);
      } else if (m.method === 'ui/resource-teardown' || m.method === 'ping') {
        post({ id: m.id, result: {} });
      } else if (m.id !== undefined) {
        post({ id: m.id, error: { code: -32601, message: 'unknown method ' + String(m.method) } });
      }
    });
    // The form this call asked, once its turn came (another may be open before it).
    function open() {
      call({ open: input }).then((out) => {
        if (out.status === 200 && out.view) {
          token = out.token;
          apply(out.view);
          current = 0;
          mark();
          return;
        }
        if (ended) return;
        if (out.status === 202) { setTimeout(open, 500); return; }
        say((out.body && out.body.message) || TEXT.unavailable);
      }).catch(() => say(TEXT.unavailable));
    }
    new ResizeObserver(() => {
      const r = document.documentElement.getBoundingClientRect();
      notify('ui/notifications/size-changed', { width: Math.ceil(r.width), height: Math.ceil(r.height) });
    }).observe(document.documentElement);
    rpc('ui/initialize', {
      protocolVersion: '2026-01-26',
      appInfo: { name: 'ask', version: '1' },
      appCapabilities: { availableDisplayModes: ['inline'] },
    }).then((result) => {
      theme(result && result.hostContext);
      notify('ui/notifications/initialized', {});
    }).catch(() => { ended = true; say(TEXT.unavailable); });
  }
