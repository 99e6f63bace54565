// Part of the page's script (assets.rs joins the parts inside one function, in the order
// it lists them): the page's state and helpers, drawing the view model, the keys.
  const form = document.getElementById('form');
  const status = document.getElementById('status');
  const app = document.getElementById('app');
  let view = null;
  let built = false;
  // True once no answer can go from here (see `freeze`).
  let frozen = false;
  let current = 0;
  let queue = Promise.resolve();
  const timers = new Map();
  const dirty = new Set();
  // The fields whose suggested answer is still untouched, and the questions whose answer
  // from here is on its way (see `hold`).
  const prefilled = new Set();
  const held = new Map();

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === 'class') node.className = v;
      else node.setAttribute(k, v === true ? '' : String(v));
    }
    if (text !== undefined) node.textContent = clean(text);
    return node;
  }

  function say(text, done) {
    status.textContent = clean(text);
    status.classList.toggle('done', Boolean(done));
  }

  function box(i) { return document.getElementById('q' + i); }
  function typedInput(i) { const b = box(i); return b && b.querySelector('[data-typed]'); }
  function isChoice(q) { return !q.input && q.type !== 'confirm'; }

  // ---- updating from the view ----

  function showPreview(i, j) {
    const b = box(i);
    const pre = b && b.querySelector('pre[data-preview]');
    if (!pre) return;
    const o = view.questions[i].options[j];
    // `true`: the option has a preview whose text comes with the next view.
    const text = o && typeof o.preview === 'string' ? o.preview : '';
    pre.hidden = !text;
    pre.textContent = clean(text);
  }

  // The preview of the focused option (its text came with this view).
  function showFocusedPreview() {
    const a = document.activeElement;
    const b = a && a.dataset && a.dataset.option !== undefined && a.closest('fieldset[data-index]');
    if (b) showPreview(Number(b.dataset.index), Number(a.dataset.option));
  }

  function setValue(area, value) {
    if (!area || document.activeElement === area) return;
    if (area.value !== (value || '')) area.value = value || '';
  }

  function updateTyped(q, i) {
    const input = typedInput(i);
    if (document.activeElement === input) return;
    if (q.customText) {
      input.value = shown(q, q.customText);
      showPrefill(i, false);
    } else if (!prefilled.has(i)) {
      input.value = '';
    }
  }

  function update() {
    view.questions.forEach(refresh);
    summarize();
    if (view.state === 'completed') completed();
  }

  // Question i as the view has it (a question whose body is not built yet is drawn from
  // the view of its time when it is, see lazy.js).
  function refresh(q, i) {
    const b = box(i);
    if (!b || b.hasAttribute('data-pending') || dirty.has(i)) return;
    if (held.has(i)) {
      if (view.revision < held.get(i)) return;
      held.delete(i);
    }
    // The form keeps what breaks a rule as the question's draft, so the view shows
    // what was sent from here, with the problem the form found in it.
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
    showProblem(i, q.problem || null);
    q.options.forEach((o, j) => {
      const note = b.querySelector('textarea[data-note="' + j + '"]');
      setValue(note, o.note);
      if (o.note) note.parentElement.hidden = false;
    });
    const qnote = b.querySelector('textarea[data-question-note]');
    setValue(qnote, q.note);
    if (q.note) qnote.parentElement.hidden = false;
    if (q.note || q.options.some((o) => o.note)) openNotes(b);
    b.querySelector('[data-mark]').hidden = !q.answered;
    const selected = q.options.findIndex((o) => o.selected);
    if (selected >= 0 && !b.contains(document.activeElement)) showPreview(i, selected);
  }

  // The review: each question's answer, or "Not answered" (with why, for text the form
  // refused).
  function summarize() {
    const summary = document.getElementById('summary');
    summary.textContent = '';
    view.questions.forEach((q, i) => {
      summary.appendChild(el('dt', {}, q.label));
      const chosen = q.options.filter((o) => o.selected).map((o) => o.label);
      if (q.customSelected && q.customText) chosen.push(q.input ? shown(q, q.customText) : q.customText);
      if (chosen.length && q.input && q.input.unit) chosen[0] += ' ' + q.input.unit;
      let none = q.suggestion ? TEXT.suggested(q.suggestion) : TEXT.notAnswered;
      // Text the form refused (kept unanswered): not answered, and why.
      if (q.input && q.problem && q.customText) none = TEXT.rejected(shown(q, q.customText), q.problem);
      else if (!chosen.length && q.problem) none = TEXT.notAnswered + ': ' + q.problem;
      const dd = el('dd', { 'data-summary': i }, chosen.length ? chosen.join(', ') : none);
      if (!chosen.length) dd.classList.add('unanswered');
      summary.appendChild(dd);
    });
  }

  // No more answers from here (the form ended, or its server is gone): every control
  // disabled, those of questions built later too.
  function freeze() {
    frozen = true;
    for (const control of form.querySelectorAll('input, textarea, button')) control.disabled = true;
  }

  function completed() {
    freeze();
    const result = view.result || { details: {} };
    const where = view.answeredVia;
    let text = TEXT.answeredWhere(where);
    if (result.details.timedOut) text = TEXT.timedOut;
    else if (result.details.cancelled) text = TEXT.cancelledWhere(where);
    say(text + TEXT.closeThePage, true);
    // The done screen: the line at the top of the page, brought into view and focused
    // (a phone shows the end of the form when Submit is pressed); it stays readable
    // after ask exited, since nothing more is fetched.
    status.setAttribute('tabindex', '-1');
    window.scrollTo(0, 0);
    status.focus({ preventScroll: true });
  }

  function mark() {
    for (const b of form.querySelectorAll('fieldset')) b.classList.toggle('current', Number(b.dataset.index) === current);
  }

  function apply(next) {
    // A view the page has drawn is skipped, unless the page's own lacked the previews'
    // texts (`previewsLater`, see page.rs).
    const later = Boolean(view && view.previewsLater);
    if (view && (next.revision < view.revision || (built && next.revision === view.revision && !later))) return;
    const before = view && view.locale;
    if (built && before !== next.locale) {
      // The language changed on the terminal: draw the form again in it, keeping what
      // is typed here (sent first, so the view brings it back).
      flush();
      form.textContent = '';
      built = false;
    }
    view = next;
    if (!built) { build(); sayHeader(); say(''); }
    update();
    if (later && !view.previewsLater) showFocusedPreview();
  }


  // ---- keys: the terminal's digits, note keys and y/n ----

  // Esc in a text field: focus goes back to what the field belongs to (the option a
  // note is on, the question's note button, the "type your own" choice), never to the
  // page itself, so the keys go on working where the person was.
  function leaveField(field) {
    const b = field.closest('fieldset');
    if (!b) { field.blur(); return; }
    let target = null;
    if (field.dataset.note !== undefined) target = b.querySelector('input[data-option="' + field.dataset.note + '"]');
    else if (field.dataset.questionNote !== undefined) target = b.querySelector('button[data-question-note-button]');
    else if (field.dataset.customText !== undefined) target = b.querySelector('input[data-custom]');
    if (!target && field.dataset.typed !== undefined) return; // the field is the answer: stay
    target = target || b.querySelector('input:checked') || b.querySelector('input, button');
    if (target) target.focus(); else field.blur();
  }

  function pick(b, input) {
    input.focus();
    if (input.type === 'radio') { if (!input.checked) input.click(); } else input.click();
  }

  document.addEventListener('keydown', (e) => {
    if (!view || view.state === 'completed' || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t instanceof HTMLTextAreaElement || (t instanceof HTMLInputElement && t.dataset.typed !== undefined)) {
      if (e.key === 'Escape') { leaveField(t); e.preventDefault(); }
      return;
    }
    const b = ensure(current);
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
      openNotes(b);
      if (wrap.hidden) openNote(wrap, button); else wrap.querySelector('textarea').focus();
      e.preventDefault();
    } else if (e.key === 'N') {
      const wrap = b.querySelector('textarea[data-question-note]').parentElement;
      const button = b.querySelector('button[data-question-note-button]');
      openNotes(b);
      if (wrap.hidden) openNote(wrap, button); else wrap.querySelector('textarea').focus();
      e.preventDefault();
    }
  });
