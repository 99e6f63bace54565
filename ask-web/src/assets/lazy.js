// Part of the page's script: a question's body (its choices or field, notes, preview) is
// built when it is needed, so the first paint costs the same for a form of three
// questions as for thirty of forty options each. The first paint has every question's
// head (label and prompt) and the bodies of the first questions; a body is then built
// when its question comes near the screen, when Tab or Shift+Tab is about to enter it,
// when something focuses it, before printing, and otherwise in the browser's idle time,
// in order. A body is drawn from the view of the moment it is built, so no change from
// the server is lost meanwhile.
  // ---- building on demand ----

  // The first paint builds the questions from the top while their cost (their options,
  // and four for the rest of a question) stays within this, at least one question, and
  // the question the terminal shows (a restored draft may be on any).
  const FIRST_COST = 64;
  // Goes up when the form is drawn anew (a language switch): work planned for the
  // drawing before stops.
  let drawing = 0;
  let watcher = null;

  function cost(q) { return 4 + q.options.length; }

  // The questions whose bodies the first paint has.
  function firstQuestions() {
    const out = [];
    let total = 0;
    for (let i = 0; i < view.questions.length; i++) {
      const c = cost(view.questions[i]);
      if (out.length && total + c > FIRST_COST) break;
      out.push(i);
      total += c;
    }
    if (view.tab < view.questions.length && !out.includes(view.tab)) out.push(view.tab);
    return out;
  }

  // Question i's fieldset, its body built first if it was not yet. What the person
  // reads stays where it is on the screen: a question built above it would push it
  // down (scroll anchoring, where the browser has it, does not cover a change this
  // large in every case, and Safari has none), so the page scrolls by what it moved.
  function ensure(i) {
    const b = box(i);
    if (b && b.hasAttribute('data-pending')) {
      if (watcher) watcher.unobserve(b);
      const mark = readingPoint();
      const top = mark && mark.getBoundingClientRect().top;
      buildBody(view.questions[i], i, b);
      refresh(view.questions[i], i);
      const moved = mark ? mark.getBoundingClientRect().top - top : 0;
      if (moved) window.scrollBy(0, moved);
    }
    return b;
  }

  // The first part of the form (a question or the review) that reaches into the screen.
  function readingPoint() {
    for (const part of form.children) if (part.getBoundingClientRect().bottom > 0) return part;
    return null;
  }

  // Whether `b` is within half a screen's height of the screen.
  function near(b) {
    const r = b.getBoundingClientRect();
    const margin = window.innerHeight / 2;
    return r.bottom > -margin && r.top < window.innerHeight + margin;
  }

  // The bodies not built by the first paint: those coming into view first, the others
  // in idle time (one question at a time, while the idle period lasts longer than the
  // last one took).
  function buildLater() {
    const now = ++drawing;
    if (watcher) watcher.disconnect();
    watcher = null;
    const pending = form.querySelectorAll('fieldset[data-pending]');
    if (!pending.length) return;
    if ('IntersectionObserver' in window) {
      // Within half a screen's height of the screen: built before the person gets
      // there (in order, each while it is still that near: one built in view pushes
      // the others away).
      watcher = new IntersectionObserver((entries) => {
        for (const e of entries) if (e.isIntersecting && near(e.target)) ensure(Number(e.target.dataset.index));
      }, { rootMargin: '50% 0px' });
      for (const b of pending) watcher.observe(b);
    }
    const idle = window.requestIdleCallback
      ? (f) => window.requestIdleCallback(f)
      : (f) => setTimeout(() => { const end = performance.now() + 10; f({ timeRemaining: () => end - performance.now() }); }, 0);
    let next = 0;
    let took = 0;
    const step = (deadline) => {
      if (now !== drawing) return;
      do {
        while (next < view.questions.length && !box(next).hasAttribute('data-pending')) next += 1;
        if (next >= view.questions.length) return;
        const start = performance.now();
        ensure(next);
        took = performance.now() - start;
      } while (deadline.timeRemaining() > took);
      idle(step);
    };
    idle(step);
  }

  // Tab and Shift+Tab move to the next or previous question's controls: that question's
  // body is built before the browser moves the focus (from the review, Shift+Tab goes
  // to the last question).
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab' || !built || !(e.target instanceof Element)) return;
    const at = e.target.closest('fieldset[data-index], .review');
    if (!at) return;
    const i = at.matches('.review') ? view.questions.length : Number(at.dataset.index);
    const to = e.shiftKey ? i - 1 : i + 1;
    if (to >= 0 && to < view.questions.length) ensure(to);
  });

  // A printed form has every question whole.
  window.addEventListener('beforeprint', () => {
    if (built) view.questions.forEach((q, i) => ensure(i));
  });
