// Part of the page's script: answers and commands to the form, typed answers and item
// counts checked first.
  // ---- sending ----

  // Questions whose answer from here is on its way: views older than the one that shows
  // it leave them as they are here (by question index: the revision, or Infinity until
  // the form took it).
  function hold(command, revision) {
    for (const id of Object.keys(command.answers || {})) {
      const i = view.questions.findIndex((q) => q.id === id);
      if (i < 0) continue;
      if (revision === null) held.delete(i); else held.set(i, revision);
    }
  }

  function post(command) {
    hold(command, Infinity);
    queue = queue.then(() => fetch('/api/command', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.assign({ v: 1 }, command)),
    }).then(async (r) => {
      if (!r.ok) {
        hold(command, null);
        let message = TEXT.refused(r.status);
        try { message = (await r.json()).message || message; } catch (e) { /* keep */ }
        say(message);
        return;
      }
      let revision = null;
      try { revision = (await r.json()).revision; } catch (e) { /* none */ }
      hold(command, typeof revision === 'number' ? revision : null);
    }).catch(() => {
      hold(command, null);
      // No connection (a laptop that slept, a network change): kept, and sent again
      // once the page is connected again; an end (Submit...) is pressed again then.
      if (command.type === 'answer') unsent.set(Object.keys(command.answers).join('\n'), command);
      say(TEXT.reconnecting);
    }));
    return queue;
  }

  // Answers that could not be sent, by question; sent again after a reconnect.
  const unsent = new Map();
  function resend() {
    const commands = [...unsent.values()];
    unsent.clear();
    for (const command of commands) post(command);
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
