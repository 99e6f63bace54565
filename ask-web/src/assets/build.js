// Part of the page's script: the form's elements, built from the view (a question's body
// when lazy.js says).
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

  // Notes fold away: a question shows one "Add a note" button; it opens the question's
  // note and shows a note button on each option (a question with a note is open).
  function openNotes(b) {
    if (b.classList.contains('notes-open')) return false;
    b.classList.add('notes-open');
    for (const button of b.querySelectorAll('button[data-note-button], button[data-question-note-button]')) button.hidden = false;
    const add = b.querySelector('button[data-add-note]');
    if (add) add.hidden = true;
    return true;
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
      button.setAttribute('aria-label', clean(TEXT.noteButtonLabel(o.label)));
      button.setAttribute('data-note-button', j);
      button.hidden = true;
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
      // An example, said as one (and styled apart), never taken for a value.
      placeholder: spec.placeholder ? clean(TEXT.example(spec.placeholder)) : null,
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

  // A question's head: its fieldset, label and prompt. Until its body is built (see
  // lazy.js) it stands in for the question, marked pending and busy.
  function buildHead(q, i) {
    const b = el('fieldset', { id: 'q' + i, 'data-index': i, 'data-type': q.type, 'data-pending': true, 'aria-busy': 'true' });
    const legend = el('legend');
    legend.appendChild(el('span', {}, q.label));
    legend.appendChild(el('span', { class: 'answered-mark', 'data-mark': true, hidden: true }, TEXT.answered));
    b.appendChild(legend);
    b.appendChild(el('p', { class: 'prompt', id: 'p' + i }, q.prompt));
    b.addEventListener('focusin', () => { current = i; mark(); });
    return b;
  }

  // The rest of question i into its head `b`: the rule, the choices or the field, the
  // problem line and the notes.
  function buildBody(q, i, b) {
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
    qbutton.hidden = true;
    const add = el('button', { type: 'button', class: 'small add-note', 'data-add-note': true }, TEXT.addNote);
    add.addEventListener('click', () => {
      openNotes(b);
      qbutton.hidden = false;
      openNote(qnote, qbutton);
    });
    b.appendChild(add);
    b.appendChild(qbutton);
    b.appendChild(qnote);
    b.removeAttribute('data-pending');
    b.removeAttribute('aria-busy');
    // Built after the form ended (or its server went): shown as the rest, not answerable.
    if (frozen) for (const control of b.querySelectorAll('input, textarea, button')) control.disabled = true;
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
    cancel.addEventListener('click', () => {
      // With answers or notes given, Cancel asks once more, as the terminal does.
      const given = view.questions.some((q) => q.answered || q.note || q.options.some((o) => o.note));
      if (given) confirmCancel(); else finish('cancel');
    });
    actions.append(submit, elaborate, cancel);
    b.appendChild(actions);
    const confirm = el('div', { id: 'cancel-confirm', class: 'confirm', role: 'group', 'aria-labelledby': 'cancel-question', hidden: true });
    confirm.appendChild(el('p', { id: 'cancel-question' }, TEXT.cancelConfirm));
    const yes = el('button', { type: 'button', id: 'cancel-yes' }, TEXT.cancelYes);
    const no = el('button', { type: 'button', class: 'primary', id: 'cancel-no' }, TEXT.cancelNo);
    yes.addEventListener('click', () => { confirm.hidden = true; finish('cancel'); });
    no.addEventListener('click', () => { confirm.hidden = true; cancel.focus(); });
    const choices = el('div', { class: 'actions' });
    choices.append(no, yes);
    confirm.appendChild(choices);
    b.appendChild(confirm);
    return b;
  }

  function confirmCancel() {
    const confirm = document.getElementById('cancel-confirm');
    confirm.hidden = false;
    document.getElementById('cancel-no').focus();
    confirm.scrollIntoView({ block: 'nearest' });
  }

  function build() {
    // Every question's head, the first questions' bodies and the review, built off the
    // document and added at once (one layout); the other bodies follow (lazy.js).
    const parts = document.createDocumentFragment();
    const heads = view.questions.map((q, i) => parts.appendChild(buildHead(q, i)));
    parts.appendChild(buildReview());
    for (const i of firstQuestions()) buildBody(view.questions[i], i, heads[i]);
    form.appendChild(parts);
    form.addEventListener('submit', (e) => e.preventDefault());
    built = true;
    app.removeAttribute('aria-busy');
    buildLater();
  }
