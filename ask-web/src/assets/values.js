// Part of the page's script: typed values between the fields and the form (RFC 3339
// dates), and the inline problem the form found.
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

  // The problem the form found in question i's answer (the view's `problem`), inline.
  function showProblem(i, problem) {
    const b = box(i);
    if (!b) return;
    const input = typedInput(i);
    const line = b.querySelector('[data-problem]');
    line.textContent = clean(problem || '');
    line.hidden = !problem;
    if (input) input.setAttribute('aria-invalid', problem ? 'true' : 'false');
  }

  function showPrefill(i, on) {
    if (on) prefilled.add(i); else prefilled.delete(i);
    const hint = box(i).querySelector('[data-prefill-hint]');
    if (hint) hint.hidden = !on;
  }
