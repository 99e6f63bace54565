// Part of the page's script, the last: the view came with the page; changes come as
// events.
  let first;
  try { first = JSON.parse(document.getElementById('view').textContent); } catch (e) { first = null; }
  // Shown by an MCP client as an MCP App: the view comes through the host (transport.js).
  if (first && first.app === true) { startApp(); return; }
  if (!first || !first.questions) { say(TEXT.unavailable); return; }
  apply(first);
  current = 0;
  mark();
  keepStart();
  if (view.state === 'completed') { keepEnd(); return; }
  // Every (re)connection starts with the whole view, so a page that lost its connection
  // (a laptop that slept) resyncs as soon as it is back; answers that could not be sent
  // meanwhile go again. A server that no longer knows the page, or none at all after a
  // retry, is said plainly: the form is gone.
  let failures = 0;
  const events = new EventSource('/api/events');
  function gone(final) {
    say(TEXT.gone);
    if (!final) return;
    events.close();
    freeze();
  }
  events.addEventListener('open', () => {
    if (!failures) return;
    failures = 0;
    say('');
    resend();
  });
  events.addEventListener('view', (e) => {
    apply(JSON.parse(e.data));
    if (view.state === 'completed') { events.close(); keepEnd(); }
  });
  events.addEventListener('problem', (e) => {
    try { say(JSON.parse(e.data).message); } catch (err) { /* ignore */ }
  });
  events.onerror = () => {
    if (view.state === 'completed') return;
    if (events.readyState === EventSource.CLOSED) { gone(true); return; }
    failures += 1;
    say(TEXT.reconnecting);
    fetch('/api/view', { credentials: 'same-origin', cache: 'no-store' }).then((r) => {
      if (r.status === 404 || r.status === 410) gone(true);
    }).catch(() => { if (failures >= 2 && events.readyState !== EventSource.OPEN) gone(false); });
  };
