// Part of the page's script (assets.rs joins the parts inside one function, in the order
// it lists them). Every string the page shows, in one place: from the form's message
// catalogue, in the form's language (the view's `texts`, by key; the terminal's settings
// overlay may switch the language while the page is open).
  function t(key, fill) {
    const texts = (view && view.texts) || {};
    let text = texts[key] || key;
    for (const [k, v] of Object.entries(fill || {})) text = text.split('{' + k + '}').join(v);
    return text;
  }
  const WHERE = ['browser', 'terminal', 'control', 'scripted'];
  const TEXT = {
    get answered() { return '✓ ' + t('web.answered'); },
    get recommended() { return t('option.recommended'); },
    get note() { return t('web.note'); },
    noteOnOption: (label) => t('web.note_on', { label }),
    noteButtonLabel: (label) => t('web.note_on_plain', { label }),
    get noteOnQuestion() { return t('web.question_note'); },
    get typeYourOwn() { return t('option.custom'); },
    get yourAnswer() { return t('web.your_answer'); },
    get yourOwnAnswer() { return t('web.your_own_answer'); },
    get preview() { return t('preview.title'); },
    get review() { return t('tab.review'); },
    get submit() { return t('review.submit'); },
    get elaborate() { return t('review.elaborate'); },
    get cancel() { return t('review.cancel'); },
    get notAnswered() { return t('web.not_answered'); },
    suggested: (text) => t('web.not_answered_suggested', { text }),
    get prefilled() { return t('web.prefilled'); },
    get fixFirst() { return t('web.fix_first'); },
    refused: (status) => t('web.not_taken', { status }),
    get closed() { return t('web.closed'); },
    // `where` is how the form was answered (`browser`, `terminal`, ...), or nothing.
    answeredWhere: (where) => (WHERE.includes(where) ? t('web.answered_in.' + where) : t('web.ended')),
    get ended() { return t('web.ended'); },
    get timedOut() { return t('web.timed_out'); },
    cancelledWhere: (where) => (WHERE.includes(where) ? t('web.cancelled_in.' + where) : t('web.cancelled')),
    get closeThePage() { return ' ' + t('web.close_page'); },
    get lost() { return t('web.connection_lost'); },
    get unavailable() { return t('web.unavailable'); },
    get addNote() { return t('web.add_note'); },
    get cancelConfirm() { return t('web.cancel_confirm'); },
    get cancelYes() { return t('web.cancel_yes'); },
    get cancelNo() { return t('web.cancel_no'); },
    get reconnecting() { return t('web.reconnecting'); },
    get gone() { return t('web.gone'); },
    rejected: (text, problem) => t('web.rejected', { text, problem }),
    example: (text) => t('web.example', { text }),
  };

  // Untrusted text as the terminal shows it: control characters become visible
  // pictures (ESC -> ␛), DEL -> ␡, C1 and bidi controls (which reorder what the person
  // reads: "Safe \u202eexe.tnemucod\u202c" would read "Safe document.exe") and
  // invisible characters (zero-width space, word joiner, BOM) -> U+FFFD. Newlines and
  // tabs stay; zero-width joiners stay (emoji sequences use them).
  const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
  function clean(text) {
    return String(text).replace(UNSAFE, (c) => {
      const code = c.charCodeAt(0);
      if (code < 0x20) return String.fromCharCode(0x2400 + code);
      if (code === 0x7f) return '\u2421';
      return '\ufffd';
    });
  }

  // The page's own lines in the form's language (the shell came in it; a switch on the
  // terminal redraws them).
  function sayHeader() {
    document.documentElement.lang = view.locale || 'en';
    document.getElementById('title').textContent = clean(view.title || t('web.heading'));
    document.title = clean(view.title || t('web.page_title'));
    const keys = document.querySelector('header .keys');
    if (!keys) return;
    const kbd = (k) => el('kbd', {}, k);
    keys.textContent = '';
    keys.append(t('web.keys') + ' ', kbd('1'), '–', kbd('9'), ' ' + t('web.keys_pick') + ', ', kbd('n'),
      ' ' + t('web.keys_option_note') + ', ', kbd('Shift'), '+', kbd('N'), ' ' + t('web.keys_question_note') + ', ',
      kbd('y'), ' / ', kbd('n'), ' ' + t('web.keys_yes_no') + ', ', kbd('Enter'), ' ' + t('web.keys_enter') + '.');
  }
