// The browser form of `ask`: draws the view model (embedded in the page, then from
// /api/events), sends control-protocol commands to /api/command and has typed input
// judged by /api/check (the terminal's own checks). Payload text is only ever set with
// textContent or .value, never parsed as HTML.
'use strict';

(function () {
  // Every string the page shows, in one place (a message catalogue can replace it).
  const TEXT = {
    answered: '✓ answered',
    recommended: '(Recommended)',
    note: 'Note',
    noteOnOption: (label) => 'Note on “' + label + '”',
    noteButtonLabel: (label) => 'Note on ' + label,
    noteOnQuestion: 'Note on this question',
    typeYourOwn: 'Type your own',
    yourAnswer: 'Your answer',
    yourOwnAnswer: 'Your own answer',
    preview: 'Preview',
    review: 'Review',
    submit: 'Submit',
    elaborate: 'Elaborate',
    cancel: 'Cancel',
    notAnswered: 'Not answered',
    suggested: (text) => 'Not answered (suggested: ' + text + ')',
    prefilled: 'A suggested answer: press Enter to take it, or change it.',
    fixFirst: 'Fix the marked answers first.',
    refused: (status) => 'The form did not take that (' + status + ').',
    closed: 'The form is closed.',
    where: { browser: 'in the browser', terminal: 'in the terminal', control: 'by a control client', scripted: 'by scripted answers' },
    answeredWhere: (where) => 'Answered ' + where + '.',
    ended: 'The form ended.',
    timedOut: 'The form timed out.',
    cancelledWhere: (where) => 'Cancelled' + (where ? ' ' + where : '') + '.',
    closeThePage: ' You can close this page.',
    lost: 'Connection to ask lost; the form may have closed.',
    unavailable: 'This form is not available (it may have been answered already).',
  };

  const form = document.getElementById('form');
  const status = document.getElementById('status');
  const app = document.getElementById('app');
  let view = null;
  let built = false;
  let current = 0;
  let queue = Promise.resolve();
  const timers = new Map();
  const dirty = new Set();
  // The rule a question's answer here breaks now (typed text, a multi count), the typed
  // sends under way, the fields whose suggested answer is still untouched, and each
  // question's answer as last seen in a view.
  const problems = new Map();
  const sending = new Map();
  const prefilled = new Set();
  const seen = new Map();

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

  function box(i) { return document.getElementById('q' + i); }
  function typedInput(i) { const b = box(i); return b && b.querySelector('[data-typed]'); }
  function isChoice(q) { return !q.input && q.type !== 'confirm'; }

  // ---- sending ----

  function post(command) {
    queue = queue.then(() => fetch('/api/command', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.assign({ v: 1 }, command)),
    }).then(async (r) => {
      if (!r.ok) {
        let message = TEXT.refused(r.status);
        try { message = (await r.json()).message || message; } catch (e) { /* keep */ }
        say(message);
      }
    }).catch(() => say(TEXT.closed)));
    return queue;
  }

  // ---- typed values ----

  function pad(n) { return String(n).padStart(2, '0'); }

  // "2026-12-01T09:30" (the browser's local time) -> "2026-12-01T09:30:00+02:00".
  function toRfc3339(local) {
    const d = new Date(local);
    if (Number.isNaN(d.getTime())) return local;
    const offset = -d.getTimezoneOffset();
    const abs = Math.abs(offset);
    const clock = local.length === 16 ? local + ':00' : local;
    return clock + (offset >= 0 ? '+' : '-') + pad(Math.floor(abs / 60)) + ':' + pad(abs % 60);
  }

  // An RFC 3339 date-time -> the local "YYYY-MM-DDTHH:MM[:SS]" a datetime-local shows.
  function fromRfc3339(text) {
    const d = new Date(text || '');
    if (!text || Number.isNaN(d.getTime())) return '';
    const day = d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate());
    const seconds = d.getSeconds() ? ':' + pad(d.getSeconds()) : '';
    return day + 'T' + pad(d.getHours()) + ':' + pad(d.getMinutes()) + seconds;
  }

  // What the field holds, as the text the form checks.
  function typedText(q, input) {
    if (q.input.control === 'datetime-local') return input.value ? toRfc3339(input.value) : '';
    // A number field gives '' for text it cannot read; '?' makes the check say so.
    if (q.input.control === 'number' && input.validity.badInput) return '?';
    return input.value;
  }

  // An answer's text as the field shows it.
  function shown(q, text) {
    if (!text) return '';
    return q.input.control === 'datetime-local' ? fromRfc3339(text) : text;
  }

  function showProblem(i, problem) {
    const b = box(i);
    if (!b) return;
    const input = typedInput(i);
    const line = b.querySelector('[data-problem]');
    if (problem) problems.set(i, problem); else problems.delete(i);
    line.textContent = problem || '';
    line.hidden = !problem;
    if (input) input.setAttribute('aria-invalid', problem ? 'true' : 'false');
  }

  function showPrefill(i, on) {
    if (on) prefilled.add(i); else prefilled.delete(i);
    const hint = box(i).querySelector('[data-prefill-hint]');
    if (hint) hint.hidden = !on;
  }

  // ---- answers ----

  function answerOf(i) {
    const q = view.questions[i];
    const b = box(i);
    const answer = {};
    const note = b.querySelector('textarea[data-question-note]');
    if (note && note.value.trim()) answer.note = note.value;
    const optionNotes = {};
    const values = [];
    q.options.forEach((o, j) => {
      const input = b.querySelector('input[data-option="' + j + '"]');
      if (input && input.checked) values.push(o.value);
      const n = b.querySelector('textarea[data-note="' + j + '"]');
      if (n && n.value.trim()) optionNotes[o.value] = n.value;
    });
    if (Object.keys(optionNotes).length) answer.optionNotes = optionNotes;
    if (q.input) return answer; // the value is added once it is checked
    answer.values = values;
    if (isChoice(q)) {
      const custom = b.querySelector('input[data-custom]');
      const text = b.querySelector('textarea[data-custom-text]');
      if (text && text.value.trim() && (!custom || custom.checked)) {
        answer.customText = text.value;
        if (!q.multiple) answer.values = [];
      }
      answer.presentedType = q.presentedType;
    }
    return answer;
  }

  // A typed question: check the field's text, then send it as the answer (or no answer
  // while it breaks a rule, so nothing unchecked is ever kept).
  function sendTyped(i) {
    const q = view.questions[i];
    const input = typedInput(i);
    const text = typedText(q, input);
    const work = fetch('/api/check', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: q.id, text }),
    }).then((r) => r.json()).then((verdict) => {
      showProblem(i, verdict.ok ? null : verdict.problem);
      const answer = answerOf(i);
      if (verdict.ok && verdict.value !== null) answer.value = text.trim();
      return post({ type: 'answer', answers: { [q.id]: answer } });
    }).catch(() => say(TEXT.closed)).finally(() => {
      if (sending.get(i) === work) sending.delete(i);
    });
    sending.set(i, work);
    return work;
  }

  // A multi question with minItems or maxItems: the count is checked first; one outside
  // the rule is shown and sent as no answer (the choices stay ticked here).
  function sendCounted(i) {
    const q = view.questions[i];
    const answer = answerOf(i);
    const chosen = answer.values.length + (answer.customText ? 1 : 0);
    const work = fetch('/api/check', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: q.id, chosen }),
    }).then((r) => r.json()).then((verdict) => {
      showProblem(i, verdict.ok ? null : verdict.problem);
      if (!verdict.ok) { answer.values = []; delete answer.customText; }
      return post({ type: 'answer', answers: { [q.id]: answer } });
    }).catch(() => say(TEXT.closed)).finally(() => {
      if (sending.get(i) === work) sending.delete(i);
    });
    sending.set(i, work);
    return work;
  }

  function send(i) {
    timers.delete(i);
    dirty.delete(i);
    const q = view.questions[i];
    if (q.input && !prefilled.has(i)) return sendTyped(i);
    if (q.type === 'multi' && q.multiple && q.rule) return sendCounted(i);
    return post({ type: 'answer', answers: { [q.id]: answerOf(i) } });
  }

  function sendAnswer(i, later) {
    dirty.add(i);
    clearTimeout(timers.get(i));
    if (later) timers.set(i, setTimeout(() => send(i), 120)); else send(i);
  }

  function flush() {
    const work = [];
    for (const [i, t] of timers) { clearTimeout(t); work.push(send(i)); }
    return Promise.all(work.concat([...sending.values()]));
  }

  // Submit and Elaborate wait for typed answers to be checked and, like the terminal,
  // are held back while an answer breaks its rule; Cancel never is.
  function finish(type) {
    flush().then(() => {
      if (type !== 'cancel') {
        const bad = view.questions.findIndex((q, i) => problems.has(i) || q.problem);
        if (bad >= 0) {
          say(TEXT.fixFirst);
          const b = box(bad);
          const target = typedInput(bad) || b.querySelector('input');
          if (target) target.focus();
          return null;
        }
      }
      return post({ type });
    });
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

  function buildOptions(q, i, b) {
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
      if (o.recommended) text.appendChild(el('span', { class: 'recommended' }, TEXT.recommended));
      label.appendChild(text);
      row.appendChild(label);
      if (o.description) row.appendChild(el('p', { class: 'description', id: 'd' + i + '-' + j }, o.description));
      const note = noteBox(TEXT.noteOnOption(o.label), { 'data-note': j }, o.note);
      note.hidden = !o.note;
      note.querySelector('textarea').addEventListener('input', () => sendAnswer(i, true));
      const button = toggleButton(TEXT.note, note);
      button.setAttribute('aria-label', TEXT.noteButtonLabel(o.label));
      button.setAttribute('data-note-button', j);
      row.appendChild(button);
      row.appendChild(note);
      b.appendChild(row);
    });
    if (q.options.some((o) => o.preview)) {
      b.appendChild(el('pre', { class: 'preview', 'data-preview': true, tabindex: 0, 'aria-label': TEXT.preview, hidden: true }));
    }
    if (!q.customRow && !q.freeform) return;
    const custom = el('div', { class: 'custom' });
    let customInput = null;
    if (q.customRow) {
      const label = el('label');
      customInput = el('input', { type: kind, name, 'data-custom': true });
      customInput.addEventListener('change', () => { if (customInput.checked) custom.querySelector('textarea').focus(); sendAnswer(i, false); });
      label.appendChild(customInput);
      label.appendChild(el('span', { class: 'digit', 'aria-hidden': 'true' }, (q.options.length + 1) + '.'));
      label.appendChild(el('span', {}, TEXT.typeYourOwn));
      custom.appendChild(label);
    }
    const text = noteBox(q.freeform ? TEXT.yourAnswer : TEXT.yourOwnAnswer, { 'data-custom-text': true }, q.customText);
    text.querySelector('textarea').addEventListener('input', (e) => {
      if (customInput && e.target.value.trim() && !customInput.checked) customInput.checked = true;
      sendAnswer(i, true);
    });
    custom.appendChild(text);
    b.appendChild(custom);
  }

  // A typed question's native input, with its rules as attributes.
  function buildTyped(q, i, b, describedBy) {
    const spec = q.input;
    const wrap = el('div', { class: 'typed' });
    const id = 't' + i;
    wrap.appendChild(el('label', { for: id, class: 'typed-label' }, TEXT.yourAnswer));
    const row = el('div', { class: 'typed-row' });
    const types = { text: 'text', email: 'email', url: 'url', date: 'date', 'datetime-local': 'datetime-local', number: 'number', path: 'text' };
    const attrs = {
      id,
      'data-typed': spec.control,
      placeholder: spec.placeholder,
      minlength: spec.minLength,
      maxlength: spec.maxLength,
      min: spec.min,
      max: spec.max,
      step: spec.step,
      'aria-describedby': describedBy.concat(spec.unit ? ['u' + i] : []).join(' '),
      'aria-invalid': 'false',
    };
    if (spec.control === 'path') Object.assign(attrs, { autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off' });
    if (spec.control === 'number') attrs.inputmode = spec.step === '1' ? 'numeric' : 'decimal';
    let input;
    if (spec.control === 'textarea') input = el('textarea', attrs);
    else input = el('input', Object.assign({ type: types[spec.control] }, attrs));
    row.appendChild(input);
    if (spec.unit) row.appendChild(el('span', { class: 'unit', id: 'u' + i }, spec.unit));
    wrap.appendChild(row);
    const hint = el('p', { class: 'hint', 'data-prefill-hint': true, hidden: true }, TEXT.prefilled);
    wrap.appendChild(hint);
    b.appendChild(wrap);
    input.addEventListener('input', () => { showPrefill(i, false); sendAnswer(i, true); });
    input.addEventListener('keydown', (e) => {
      const take = e.key === 'Enter' && (spec.control !== 'textarea' || e.ctrlKey || e.metaKey);
      if (!take) return;
      e.preventDefault();
      showPrefill(i, false);
      sendAnswer(i, false);
    });
    input.addEventListener('blur', () => { if (timers.has(i)) { clearTimeout(timers.get(i)); send(i); } });
    if (q.customText) input.value = shown(q, q.customText);
    else if (spec.prefill) { input.value = shown(q, spec.prefill); prefilled.add(i); hint.hidden = false; }
  }

  function buildQuestion(q, i) {
    const b = el('fieldset', { id: 'q' + i, 'data-index': i, 'data-type': q.type });
    const legend = el('legend');
    legend.appendChild(el('span', {}, q.label));
    legend.appendChild(el('span', { class: 'answered-mark', 'data-mark': true, hidden: true }, TEXT.answered));
    b.appendChild(legend);
    b.appendChild(el('p', { class: 'prompt', id: 'p' + i }, q.prompt));
    const describedBy = ['p' + i];
    if (q.rule) {
      b.appendChild(el('p', { class: 'rule', id: 'r' + i }, q.rule));
      describedBy.push('r' + i);
    }
    describedBy.push('e' + i);
    if (q.input) buildTyped(q, i, b, describedBy);
    else buildOptions(q, i, b);
    b.appendChild(el('p', { class: 'problem', id: 'e' + i, 'data-problem': true, 'aria-live': 'polite', hidden: true }));
    const qnote = noteBox(TEXT.noteOnQuestion, { 'data-question-note': true }, q.note);
    qnote.hidden = !q.note;
    qnote.querySelector('textarea').addEventListener('input', () => sendAnswer(i, true));
    const qbutton = toggleButton(TEXT.noteOnQuestion, qnote);
    qbutton.setAttribute('data-question-note-button', true);
    b.appendChild(qbutton);
    b.appendChild(qnote);
    b.addEventListener('focusin', () => { current = i; mark(); });
    return b;
  }

  function buildReview() {
    const b = el('section', { class: 'review', 'aria-labelledby': 'review-title' });
    b.appendChild(el('h2', { id: 'review-title' }, TEXT.review));
    b.appendChild(el('dl', { id: 'summary' }));
    const actions = el('div', { class: 'actions' });
    const submit = el('button', { type: 'button', class: 'primary', id: 'submit' }, TEXT.submit);
    const elaborate = el('button', { type: 'button', id: 'elaborate' }, TEXT.elaborate);
    const cancel = el('button', { type: 'button', id: 'cancel' }, TEXT.cancel);
    submit.addEventListener('click', () => finish('submit'));
    elaborate.addEventListener('click', () => finish('elaborate'));
    cancel.addEventListener('click', () => finish('cancel'));
    actions.append(submit, elaborate, cancel);
    b.appendChild(actions);
    return b;
  }

  function build() {
    if (view.title) {
      document.getElementById('title').textContent = view.title;
      document.title = view.title;
    }
    // Built off the document and added at once: one layout for the whole form.
    const parts = document.createDocumentFragment();
    view.questions.forEach((q, i) => parts.appendChild(buildQuestion(q, i)));
    parts.appendChild(buildReview());
    form.appendChild(parts);
    form.addEventListener('submit', (e) => e.preventDefault());
    built = true;
    app.removeAttribute('aria-busy');
  }

  // ---- updating from the view ----

  function showPreview(i, j) {
    const b = box(i);
    const pre = b && b.querySelector('pre[data-preview]');
    if (!pre) return;
    const o = view.questions[i].options[j];
    pre.hidden = !(o && o.preview);
    pre.textContent = (o && o.preview) || '';
  }

  function setValue(area, value) {
    if (!area || document.activeElement === area) return;
    if (area.value !== (value || '')) area.value = value || '';
  }

  // What a question's answer is in a view, to tell a change from the same answer again.
  function signature(q) {
    return JSON.stringify([q.options.map((o) => o.selected), q.customSelected, q.customText || null]);
  }

  function updateTyped(q, i) {
    const input = typedInput(i);
    if (document.activeElement === input || sending.has(i)) return;
    if (q.customText) {
      input.value = shown(q, q.customText);
      showPrefill(i, false);
    } else if (!prefilled.has(i)) {
      input.value = '';
    }
  }

  function update() {
    view.questions.forEach((q, i) => {
      const b = box(i);
      if (!b || dirty.has(i)) return;
      const sig = signature(q);
      const changed = sig !== seen.get(i);
      seen.set(i, sig);
      // An answer here that breaks a rule stays on the page until someone else answers
      // the question (the form holds no answer for it meanwhile).
      let follow = true;
      if (problems.has(i)) {
        if (changed && q.answered) showProblem(i, null); else follow = false;
      }
      if (follow) {
        q.options.forEach((o, j) => {
          const input = b.querySelector('input[data-option="' + j + '"]');
          if (input) input.checked = o.selected;
        });
        if (q.input) updateTyped(q, i);
        else {
          const custom = b.querySelector('input[data-custom]');
          if (custom) custom.checked = q.customSelected;
          setValue(b.querySelector('textarea[data-custom-text]'), q.customText);
        }
      }
      if (!q.input && !problems.has(i)) {
        const line = b.querySelector('[data-problem]');
        line.textContent = q.problem || '';
        line.hidden = !q.problem;
      }
      q.options.forEach((o, j) => {
        const note = b.querySelector('textarea[data-note="' + j + '"]');
        setValue(note, o.note);
        if (o.note) note.parentElement.hidden = false;
      });
      const qnote = b.querySelector('textarea[data-question-note]');
      setValue(qnote, q.note);
      if (q.note) qnote.parentElement.hidden = false;
      b.querySelector('[data-mark]').hidden = !q.answered;
      const selected = q.options.findIndex((o) => o.selected);
      if (selected >= 0 && !b.contains(document.activeElement)) showPreview(i, selected);
    });
    const summary = document.getElementById('summary');
    summary.textContent = '';
    view.questions.forEach((q) => {
      summary.appendChild(el('dt', {}, q.label));
      const chosen = q.options.filter((o) => o.selected).map((o) => o.label);
      if (q.customSelected && q.customText) chosen.push(q.input ? shown(q, q.customText) : q.customText);
      if (chosen.length && q.input && q.input.unit) chosen[0] += ' ' + q.input.unit;
      const none = q.suggestion ? TEXT.suggested(q.suggestion) : TEXT.notAnswered;
      summary.appendChild(el('dd', {}, chosen.length ? chosen.join(', ') : none));
    });
    if (view.state === 'completed') completed();
  }

  function completed() {
    for (const control of form.querySelectorAll('input, textarea, button')) control.disabled = true;
    const result = view.result || { details: {} };
    const where = TEXT.where[view.answeredVia];
    let text = where ? TEXT.answeredWhere(where) : TEXT.ended;
    if (result.details.timedOut) text = TEXT.timedOut;
    else if (result.details.cancelled) text = TEXT.cancelledWhere(where);
    say(text + TEXT.closeThePage, true);
  }

  function mark() {
    for (const b of form.querySelectorAll('fieldset')) b.classList.toggle('current', Number(b.dataset.index) === current);
  }

  function apply(next) {
    if (view && (next.revision < view.revision || (built && next.revision === view.revision))) return;
    view = next;
    if (!built) { build(); say(''); }
    update();
  }

  // ---- keys: the terminal's digits, note keys and y/n ----

  function pick(b, input) {
    input.focus();
    if (input.type === 'radio') { if (!input.checked) input.click(); } else input.click();
  }

  document.addEventListener('keydown', (e) => {
    if (!view || view.state === 'completed' || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t instanceof HTMLTextAreaElement || (t instanceof HTMLInputElement && t.dataset.typed !== undefined)) {
      if (e.key === 'Escape') { t.blur(); e.preventDefault(); }
      return;
    }
    const b = box(current);
    if (!b) return;
    const q = view.questions[current];
    if (q.type === 'confirm' && (e.key === 'y' || e.key === 'n')) {
      const j = q.options.findIndex((o) => o.value === (e.key === 'y' ? 'yes' : 'no'));
      if (j >= 0) { pick(b, b.querySelector('input[data-option="' + j + '"]')); e.preventDefault(); }
    } else if (/^[1-9]$/.test(e.key)) {
      const n = Number(e.key);
      if (n <= q.options.length) {
        pick(b, b.querySelector('input[data-option="' + (n - 1) + '"]'));
        e.preventDefault();
      } else if (n === q.options.length + 1 && q.customRow) {
        const custom = b.querySelector('input[data-custom]');
        if (custom && !custom.checked) custom.click();
        b.querySelector('textarea[data-custom-text]').focus();
        e.preventDefault();
      }
    } else if (e.key === 'n' && t instanceof HTMLInputElement && t.dataset.option !== undefined) {
      const wrap = b.querySelector('textarea[data-note="' + t.dataset.option + '"]').parentElement;
      const button = b.querySelector('button[data-note-button="' + t.dataset.option + '"]');
      if (wrap.hidden) openNote(wrap, button); else wrap.querySelector('textarea').focus();
      e.preventDefault();
    } else if (e.key === 'N') {
      const wrap = b.querySelector('textarea[data-question-note]').parentElement;
      const button = b.querySelector('button[data-question-note-button]');
      if (wrap.hidden) openNote(wrap, button); else wrap.querySelector('textarea').focus();
      e.preventDefault();
    }
  });

  // ---- loading: the view came with the page; changes come as events ----

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
}());
