// The browser form's service worker (/sw.js), for one thing: a reload after `ask` exited.
// Once the form ended, the page hands it the done screen's words; a later load of the
// page that finds no server (the process is gone) gets that screen instead of the
// browser's own error. While the server answers, nothing is changed. A new form on the
// same address forgets the old screen.
'use strict';
const CACHE = 'ask-form-end';
const KEY = '/ended';
// One change at a time, in the order the page sent them.
let work = Promise.resolve();

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
}

function screen(end) {
  const dark = '@media (prefers-color-scheme: dark){body{background:#16181d;color:#e6e6e6}}';
  return '<!doctype html><html lang="' + escape(end.lang || 'en') + '"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="light dark"><title>' + escape(end.title || '') + '</title>' +
    '<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:40rem;padding:0 1rem}' + dark +
    '</style></head><body><main><h1>' + escape(end.heading || '') + '</h1>' +
    '<p id="status" role="status" class="done">' + escape(end.text || '') + '</p></main></body></html>';
}

self.addEventListener('message', (e) => {
  const m = e.data || {};
  if (m.type === 'open') {
    work = work.then(() => caches.open(CACHE)).then((c) => c.delete(KEY));
    e.waitUntil(work);
  } else if (m.type === 'ended') {
    const page = new Response(screen(m), { headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    } });
    work = work.then(() => caches.open(CACHE)).then((c) => c.put(KEY, page)).then(() => {
      if (e.source) e.source.postMessage({ type: 'kept' });
    });
    e.waitUntil(work);
  }
});

self.addEventListener('fetch', (e) => {
  if (e.request.mode !== 'navigate') return;
  e.respondWith(fetch(e.request).catch(() => caches.open(CACHE)
    .then((c) => c.match(KEY))
    .then((kept) => kept || Response.error())));
});
