// The browser form of `ask`: draws the view model from /api/view and /api/events,
// sends control-protocol commands to /api/command. Payload text is only ever set
// with textContent or .value, never parsed as HTML.
'use strict';

(function () {
  const form = document.getElementById('form');
  const status = document.getElementById('status');
  const app = document.getElementById('app');
  let view = null;
  let built = false;
  // The page's texts in the form's language: first from the page, then from each view
  // (the terminal's settings overlay may switch the language while the page is open).
  let texts = {};
  try { texts = JSON.parse(document.getElementById('texts').textContent); } catch (e) { /* keys */ }
  let builtLocale = null;

  function t(key, fill) {
    let text = (view && view.texts && view.texts[key]) || texts[key] || key;
    for (const [k, v] of Object.entries(fill || {})) text = text.split('{' + k + '}').join(v);
    return text;
  }
  let current = 0;
  let queue = Promise.resolve();
  const timers = new Map();
  const dirty = new Set();

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === 'class') node.className = v;
      else node.setAttribute(k, v === true ? '' : String(v));
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function say(text, done) {
    status.textContent = text;
    status.classList.toggle('done', Boolean(done));
  }

  // ---- sending ----

  function post(command) {
    queue = queue.then(() => fetch('/api/command', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.assign({ v: 1 }, command)),
    }).then(async (r) => {
      if (!r.ok) {
        let message = t('web.not_taken', { status: r.status });
        try { message = (await r.json()).message || message; } catch (e) { /* keep */ }
        say(message);
      }
    }).catch(() => say(t('web.closed'))));
    return queue;
  }

  function answerOf(i) {
    const q = view.questions[i];
    const box = document.getElementById('q' + i);
    const answer = {};
    const values = [];
    const optionNotes = {};
    q.options.forEach((o, j) => {
      const input = box.querySelector('input[data-option="' + j + '"]');
      if (input && input.checked) values.push(o.value);
      const note = box.querySelector('textarea[data-note="' + j + '"]');
      if (note && note.value.trim()) optionNotes[o.value] = note.value;
    });
    answer.values = values;
    const custom = box.querySelector('input[data-custom]');
    const text = box.querySelector('textarea[data-custom-text]');
    if (text && text.value.trim() && (!custom || custom.checked)) {
      answer.customText = text.value;
      if (!q.multiple) answer.values = [];
    }
    const note = box.querySelector('textarea[data-question-note]');
    if (note && note.value.trim()) answer.note = note.value;
    if (Object.keys(optionNotes).length) answer.optionNotes = optionNotes;
    answer.presentedType = q.presentedType;
    return answer;
  }

  function sendAnswer(i, later) {
    dirty.add(i);
    clearTimeout(timers.get(i));
    const go = () => {
      timers.delete(i);
      dirty.delete(i);
      post({ type: 'answer', answers: { [view.questions[i].id]: answerOf(i) } });
    };
    if (later) timers.set(i, setTimeout(go, 120)); else go();
  }

  function flush() {
    for (const [i, t] of timers) { clearTimeout(t); timers.delete(i); dirty.delete(i); post({ type: 'answer', answers: { [view.questions[i].id]: answerOf(i) } }); }
  }

  function finish(type) {
    flush();
    post({ type });
  }

  // ---- building ----

  function noteBox(label, attrs, value) {
    const wrap = el('label', { class: 'note-label' }, label);
    const area = el('textarea', attrs);
    area.value = value || '';
    wrap.appendChild(area);
    return wrap;
  }

  function toggleButton(text, target) {
    const b = el('button', { type: 'button', class: 'small', 'aria-expanded': 'false' }, text);
    b.addEventListener('click', () => openNote(target, b));
    return b;
  }

  function openNote(wrap, button) {
    const open = wrap.hidden;
    wrap.hidden = !open;
    if (button) button.setAttribute('aria-expanded', String(open));
    if (open) wrap.querySelector('textarea').focus();
  }

  function buildQuestion(q, i) {
    const box = el('fieldset', { id: 'q' + i, 'data-index': i });
    const legend = el('legend');
    legend.appendChild(el('span', {}, q.label));
    legend.appendChild(el('span', { class: 'answered-mark', 'data-mark': true, hidden: true }, '✓ ' + t('web.answered')));
    box.appendChild(legend);
    box.appendChild(el('p', { class: 'prompt', id: 'p' + i }, q.prompt));
    const kind = q.multiple ? 'checkbox' : 'radio';
    const name = 'q' + i;
    q.options.forEach((o, j) => {
      const row = el('div', { class: 'option' });
      const label = el('label');
      const input = el('input', { type: kind, name, value: o.value, 'data-option': j, 'aria-describedby': o.description ? 'd' + i + '-' + j : null });
      input.addEventListener('change', () => { showPreview(i, j); sendAnswer(i, false); });
      input.addEventListener('focus', () => { current = i; mark(); showPreview(i, j); });
      label.appendChild(input);
      label.appendChild(el('span', { class: 'digit', 'aria-hidden': 'true' }, (j + 1) + '.'));
      const text = el('span', {}, o.label);
      if (o.recommended) text.appendChild(el('span', { class: 'recommended' }, t('option.recommended')));
      label.appendChild(text);
      row.appendChild(label);
      if (o.description) row.appendChild(el('p', { class: 'description', id: 'd' + i + '-' + j }, o.description));
      const note = noteBox(t('web.note_on', { label: o.label }), { 'data-note': j }, o.note);
      note.hidden = !o.note;
      note.querySelector('textarea').addEventListener('input', () => sendAnswer(i, true));
      const button = toggleButton(t('web.note'), note);
      button.setAttribute('aria-label', t('web.note_on_plain', { label: o.label }));
      button.setAttribute('data-note-button', j);
      row.appendChild(button);
      row.appendChild(note);
      box.appendChild(row);
    });
    if (q.options.some((o) => o.preview)) {
      box.appendChild(el('pre', { class: 'preview', 'data-preview': true, tabindex: 0, 'aria-label': t('preview.title'), hidden: true }));
    }
    const custom = el('div', { class: 'custom' });
    let customInput = null;
    if (!q.freeform) {
      const label = el('label');
      customInput = el('input', { type: kind, name, 'data-custom': true });
      customInput.addEventListener('change', () => { if (customInput.checked) custom.querySelector('textarea').focus(); sendAnswer(i, false); });
      label.appendChild(customInput);
      label.appendChild(el('span', { class: 'digit', 'aria-hidden': 'true' }, (q.options.length + 1) + '.'));
      label.appendChild(el('span', {}, t('option.custom')));
      custom.appendChild(label);
    }
    const text = noteBox(t(q.freeform ? 'web.your_answer' : 'web.your_own_answer'), { 'data-custom-text': true }, q.customText);
    text.querySelector('textarea').addEventListener('input', (e) => {
      if (customInput && e.target.value.trim() && !customInput.checked) customInput.checked = true;
      sendAnswer(i, true);
    });
    custom.appendChild(text);
    box.appendChild(custom);
    const qnote = noteBox(t('web.question_note'), { 'data-question-note': true }, q.note);
    qnote.hidden = !q.note;
    qnote.querySelector('textarea').addEventListener('input', () => sendAnswer(i, true));
    const qbutton = toggleButton(t('web.question_note'), qnote);
    qbutton.setAttribute('data-question-note-button', true);
    box.appendChild(qbutton);
    box.appendChild(qnote);
    box.addEventListener('focusin', () => { current = i; mark(); });
    return box;
  }

  function buildReview() {
    const box = el('section', { class: 'review', 'aria-labelledby': 'review-title' });
    box.appendChild(el('h2', { id: 'review-title' }, t('tab.review')));
    box.appendChild(el('dl', { id: 'summary' }));
    const actions = el('div', { class: 'actions' });
    const submit = el('button', { type: 'button', class: 'primary', id: 'submit' }, t('review.submit'));
    const elaborate = el('button', { type: 'button', id: 'elaborate' }, t('review.elaborate'));
    const cancel = el('button', { type: 'button', id: 'cancel' }, t('review.cancel'));
    submit.addEventListener('click', () => finish('submit'));
    elaborate.addEventListener('click', () => finish('elaborate'));
    cancel.addEventListener('click', () => finish('cancel'));
    actions.append(submit, elaborate, cancel);
    box.appendChild(actions);
    return box;
  }

  function build() {
    builtLocale = view.locale;
    document.documentElement.lang = view.locale;
    document.getElementById('title').textContent = view.title || t('web.heading');
    document.title = view.title || t('web.page_title');
    const keys = document.querySelector('header .keys');
    if (keys) {
      const kbd = (k) => el('kbd', {}, k);
      keys.textContent = '';
      keys.append(t('web.keys') + ' ', kbd('1'), '–', kbd('9'), ' ' + t('web.keys_pick') + ', ', kbd('n'),
        ' ' + t('web.keys_option_note') + ', ', kbd('Shift'), '+', kbd('N'), ' ' + t('web.keys_question_note') + '.');
    }
    view.questions.forEach((q, i) => form.appendChild(buildQuestion(q, i)));
    form.appendChild(buildReview());
    form.addEventListener('submit', (e) => e.preventDefault());
    built = true;
    app.removeAttribute('aria-busy');
  }

  // ---- updating from the view ----

  function showPreview(i, j) {
    const box = document.getElementById('q' + i);
    const pre = box && box.querySelector('pre[data-preview]');
    if (!pre) return;
    const o = view.questions[i].options[j];
    pre.hidden = !(o && o.preview);
    pre.textContent = (o && o.preview) || '';
  }

  function setValue(area, value) {
    if (!area || document.activeElement === area) return;
    if (area.value !== (value || '')) area.value = value || '';
  }

  function update() {
    view.questions.forEach((q, i) => {
      const box = document.getElementById('q' + i);
      if (!box || dirty.has(i)) return;
      q.options.forEach((o, j) => {
        const input = box.querySelector('input[data-option="' + j + '"]');
        if (input) input.checked = o.selected;
        const note = box.querySelector('textarea[data-note="' + j + '"]');
        setValue(note, o.note);
        if (o.note) note.parentElement.hidden = false;
      });
      const custom = box.querySelector('input[data-custom]');
      if (custom) custom.checked = q.customSelected;
      setValue(box.querySelector('textarea[data-custom-text]'), q.customText);
      const qnote = box.querySelector('textarea[data-question-note]');
      setValue(qnote, q.note);
      if (q.note) qnote.parentElement.hidden = false;
      box.querySelector('[data-mark]').hidden = !q.answered;
      const selected = q.options.findIndex((o) => o.selected);
      if (selected >= 0 && !box.contains(document.activeElement)) showPreview(i, selected);
    });
    const summary = document.getElementById('summary');
    summary.textContent = '';
    view.questions.forEach((q) => {
      summary.appendChild(el('dt', {}, q.label));
      const chosen = q.options.filter((o) => o.selected).map((o) => o.label);
      if (q.customSelected && q.customText) chosen.push(q.customText);
      summary.appendChild(el('dd', {}, chosen.length ? chosen.join(', ') : t('web.not_answered')));
    });
    if (view.state === 'completed') completed();
  }

  function completed() {
    for (const control of form.querySelectorAll('input, textarea, button')) control.disabled = true;
    const result = view.result || { details: {} };
    const where = ['browser', 'terminal', 'control', 'scripted'].includes(view.answeredVia) ? view.answeredVia : null;
    let text = where ? t('web.answered_in.' + where) : t('web.ended');
    if (result.details.timedOut) text = t('web.timed_out');
    else if (result.details.cancelled) text = where ? t('web.cancelled_in.' + where) : t('web.cancelled');
    say(text + ' ' + t('web.close_page'), true);
  }

  function mark() {
    for (const box of form.querySelectorAll('fieldset')) box.classList.toggle('current', Number(box.dataset.index) === current);
  }

  function apply(next) {
    if (view && next.revision < view.revision) return;
    view = next;
    if (built && view.locale !== builtLocale) {
      // The language changed on the terminal: draw the form again in it, keeping what
      // is typed here (sent first, so the view brings it back).
      flush();
      form.textContent = '';
      built = false;
    }
    if (!built) { build(); say(''); }
    update();
  }

  // ---- keys: the terminal's digits and note keys ----

  document.addEventListener('keydown', (e) => {
    if (!view || view.state === 'completed' || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t instanceof HTMLTextAreaElement) {
      if (e.key === 'Escape') { t.blur(); e.preventDefault(); }
      return;
    }
    const box = document.getElementById('q' + current);
    if (!box) return;
    const q = view.questions[current];
    if (/^[1-9]$/.test(e.key)) {
      const n = Number(e.key);
      if (n <= q.options.length) {
        const input = box.querySelector('input[data-option="' + (n - 1) + '"]');
        input.focus();
        if (input.type === 'radio') { if (!input.checked) input.click(); } else input.click();
        e.preventDefault();
      } else if (n === q.options.length + 1) {
        const custom = box.querySelector('input[data-custom]');
        if (custom && !custom.checked) custom.click();
        box.querySelector('textarea[data-custom-text]').focus();
        e.preventDefault();
      }
    } else if (e.key === 'n' && t instanceof HTMLInputElement && t.dataset.option !== undefined) {
      const wrap = box.querySelector('textarea[data-note="' + t.dataset.option + '"]').parentElement;
      const button = box.querySelector('button[data-note-button="' + t.dataset.option + '"]');
      if (wrap.hidden) openNote(wrap, button); else wrap.querySelector('textarea').focus();
      e.preventDefault();
    } else if (e.key === 'N') {
      const wrap = box.querySelector('textarea[data-question-note]').parentElement;
      const button = box.querySelector('button[data-question-note-button]');
      if (wrap.hidden) openNote(wrap, button); else wrap.querySelector('textarea').focus();
      e.preventDefault();
    }
  });

  // ---- loading ----

  fetch('/api/view', { credentials: 'same-origin' })
    .then((r) => { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
    .then((v) => {
      apply(v);
      const first = form.querySelector('input');
      if (first && view.state !== 'completed') { current = 0; mark(); }
      if (view.state === 'completed') return;
      const events = new EventSource('/api/events');
      events.addEventListener('view', (e) => {
        apply(JSON.parse(e.data));
        if (view.state === 'completed') events.close();
      });
      events.addEventListener('problem', (e) => {
        try { say(JSON.parse(e.data).message); } catch (err) { /* ignore */ }
      });
      events.onerror = () => { if (view.state !== 'completed') say(t('web.connection_lost')); };
    })
    .catch(() => say(t('web.unavailable')));
}());
