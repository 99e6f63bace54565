// Part of the page's script: answers and commands to the form, which judges them (the
// view it sends back says any problem).
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

  // Sends one command; resolves to the form's refusal (the control protocol's error
  // line) when it refused it, else to nothing.
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
        if (built) update();
        let refusal = { message: TEXT.refused(r.status) };
        try { refusal = Object.assign(refusal, await r.json()); } catch (e) { /* keep */ }
        say(refusal.message);
        return refusal;
      }
      let revision = null;
      try { revision = (await r.json()).revision; } catch (e) { /* none */ }
      hold(command, typeof revision === 'number' ? revision : null);
      // The view that shows it may have come first: draw it again now that it counts.
      if (built) update();
      return null;
    }).catch(() => {
      hold(command, null);
      // No connection (a laptop that slept, a network change): kept, and sent again
      // once the page is connected again; an end (Submit...) is pressed again then.
      if (command.type === 'answer') unsent.set(Object.keys(command.answers).join('\n'), command);
      say(TEXT.reconnecting);
      return null;
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

  // What the page shows for question i, as an answer for the form to judge: sent as a
  // draft, so text or a count that breaks a rule is kept there unanswered and the view
  // says why (the form's rules are the only ones; the page has none of its own).
  function answerOf(i) {
    const q = view.questions[i];
    const b = box(i);
    const answer = { draft: true };
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
    if (q.input) {
      // An untouched suggested answer is not an answer until taken.
      if (!prefilled.has(i)) {
        const text = typedText(q, typedInput(i));
        if (text.trim()) answer.value = text;
      }
      return answer;
    }
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

  function send(i) {
    timers.delete(i);
    dirty.delete(i);
    const q = view.questions[i];
    return post({ type: 'answer', answers: { [q.id]: answerOf(i) } });
  }

  function sendAnswer(i, later) {
    dirty.add(i);
    clearTimeout(timers.get(i));
    if (later) timers.set(i, setTimeout(() => send(i), 120)); else send(i);
  }

  function flush() {
    for (const [i, t] of timers) { clearTimeout(t); send(i); }
    return queue;
  }

  // Submit and Elaborate go to the form once what is typed was sent; the form holds
  // them back while an answer breaks its rule (the view's `blocked` names it), and the
  // page then points at that answer. Cancel is never held back.
  function finish(type) {
    flush().then(() => post({ type })).then((refusal) => {
      if (!refusal || refusal.code !== 'notReady') return;
      say(TEXT.fixFirst);
      const bad = view.blocked ? view.blocked.index : view.questions.findIndex((q) => q.problem);
      const b = bad >= 0 && ensure(bad);
      const target = b && (typedInput(bad) || b.querySelector('input'));
      if (target) target.focus();
    });
  }
