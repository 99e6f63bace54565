// Part of the page's script: the done screen kept for a reload after `ask` exited (the
// service worker /sw.js holds it; nothing of it is used while the server answers).
  let keeper = null;
  function keepStart() {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
    keeper = navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready)
      .then((reg) => { reg.active.postMessage({ type: 'open' }); return reg; })
      .catch(() => null);
  }
  function keepEnd() {
    if (!keeper) return;
    const text = status.textContent;
    const heading = document.getElementById('title').textContent;
    keeper.then((reg) => {
      if (!reg || !reg.active) return;
      navigator.serviceWorker.addEventListener('message', (e) => {
        if (e.data && e.data.type === 'kept') document.documentElement.dataset.kept = 'yes';
      });
      reg.active.postMessage({ type: 'ended', lang: document.documentElement.lang, title: document.title, heading, text });
    });
  }
