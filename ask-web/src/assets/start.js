// Part of the page's script, the last: the view came with the page; changes come as
// events.
  let first;
  try { first = JSON.parse(document.getElementById('view').textContent); } catch (e) { first = null; }
  if (!first || !first.questions) { say(TEXT.unavailable); return; }
  apply(first);
  current = 0;
  mark();
  if (view.state === 'completed') return;
  const events = new EventSource('/api/events');
  events.addEventListener('view', (e) => {
    apply(JSON.parse(e.data));
    if (view.state === 'completed') events.close();
  });
  events.addEventListener('problem', (e) => {
    try { say(JSON.parse(e.data).message); } catch (err) { /* ignore */ }
  });
  events.onerror = () => { if (view.state !== 'completed') say(TEXT.lost); };
