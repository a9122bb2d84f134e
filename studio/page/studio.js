// The studio page's script (docs/STUDIO.md). Everything about the games —
// validation, the board, the legal events, canonical text, conversion, the
// entry of a move into the record — is asked of the WebAssembly module
// (studio/binding.cpp over the beyt library); this script only shows its
// answers and turns clicks and keys into its questions.
'use strict';
(() => {
  const $ = id => document.getElementById(id);
  const text = $('text'), backdrop = $('backdrop');

  // --- the module and window.beyt ---------------------------------------
  let module = null;
  const call = (fn, ...args) => JSON.parse(module[fn](...args));
  const ready = createBeytModule().then(m => { module = m; });

  // The page's state: the record (its text, and the bytes of a file as it
  // was opened until the first edit, so that what is checked is the file
  // itself, byte for byte), what the module said of it, and where we are.
  const st = {
    name: '',            // the file's name: its extension decides the format until the first edit
    edited: true,        // typed into since it was opened (then the content decides)
    bytes: null,         // Uint8Array of the opened file, until edited
    diagnostics: [],     // the first LIST of them (check.errors + check.warnings in all)
    check: null,         // where the checking stands (the module's check: done, errors, warnings, games, format)
    outline: { games: [], format: 'text' },  // the game at the cursor (gameAt), alone
    game: 1, path: '0',
    view: null,
    clicks: [],          // the cells clicked so far for a move
    events: [],          // a turn entered event by event: its events so far (throws, uses, sowings, counts)
    eventsAt: '',        // where that turn is entered ("game:path")
    history: [],         // undo: {text, bytes, name, cursor}
    future: [],          // redo: what undo took back, as history holds it
    futureEvents: [],    // redo within a turn being entered: the events undo took back
    timings: { firstBoard: null, lastRefresh: null, lastValidate: null, checkedAt: null },
    games: null,
    formats: null,       // the table of formats (the module's formats()): the Open… list, the downloads, Save's name
  };
  const input = () => st.bytes || ed.value();
  const fileName = () => (st.edited ? '' : st.name);

  let warnedLegalMoves = false;  // beyt.legalMoves (the old name) has warned
  window.beyt = {
    ready,
    /** The diagnostics of `beyt validate --diagnostics json`, as objects. */
    validate(record, options = {}) {
      return call('validate', record, options.file || '', !!options.strict);
    },
    /** The events that may come next at a position text (render --format position) under rules (State::legal_events). */
    legalEvents(game, rules, position) {
      const r = call('legalEvents', game, rules || '', position || '');
      if (r.error) throw new Error(r.error);
      return r.events;
    },
    /** The old name of legalEvents, kept for one release: warns once (console.warn), then answers as legalEvents. */
    legalMoves(game, rules, position) {
      if (!warnedLegalMoves) console.warn('beyt.legalMoves is deprecated: use beyt.legalEvents');
      warnedLegalMoves = true;
      return window.beyt.legalEvents(game, rules, position);
    },
    /** The SVG `beyt render --format svg --ply PLY` draws (default: the end of the main line). */
    render(record, ply, options = {}) {
      const file = options.file || '', game = options.game || 1;
      if (ply === undefined || ply === null || ply === '') ply = String(mainLineLength(call('outline', record, file), game));
      const v = call('view', record, file, game, String(ply), '[]', !!options.flipped);
      if (v.error) throw new Error(v.error);
      if (v.problem && v.path !== String(ply)) throw new Error(v.problem.message);
      return v.svg;
    },
    /** The position text (render --format position) after PLY, and who is to move and the legal moves there. */
    position(record, ply, options = {}) {
      const v = call('view', record, options.file || '', options.game || 1, String(ply), '[]', false);
      if (v.error) throw new Error(v.error);
      if (v.problem && v.path !== String(ply)) throw new Error(v.problem.message);
      return { position: v.position, toMove: v.toMove, terminal: v.terminal, moves: v.moves.map(m => m.move) };
    },
    outline: (record, file = '') => call('outline', record, file),
    format: (record, file = '') => call('format', record, file),
    convert: (record, to, file = '') => call('convert', record, file, to),
    games: () => call('games').games,
    /** The table of formats, in its order: [{name, aliases, extensions, description, mediaType, available}]. */
    formats: () => call('formats').formats,
  };
  // For the tests and the curious: the page's state and figures.
  window.beytStudio = {
    state: st, timings: st.timings, setText: (t, name) => load(t, name || '', null), refresh: () => refresh(),
    checked: () => !!st.check && st.check.done,  // the text is checked to its end (a long one is checked in slices)
    text: () => ed.value(),                      // the whole text (a long one is in the editor a window at a time)
    cursorTo: i => { text.focus(); ed.setCursor(i); pickFromCursor(); showView(); },
    keys: m => entry.keys(st.view, m),  // the cells clicked for a move of the board shown
    throwEntry: t => enterThrow(t),      // a throw entered as the source records it
  };

  function mainLineLength(outline, game) {
    const g = outline.games.find(x => x.index === game);
    return g ? g.moves.filter(m => !m.path.includes('.')).length : 0;
  }

  // --- the editor: the whole text, or a window of it -----------------------
  // A long text (more than LONG characters) is not put whole into the
  // textarea, which lays all of it out again at every keystroke (Chromium:
  // about a tenth of a second per megabyte, 0.35 ms per KB on a loaded
  // machine: 16 ms of a keystroke in a 3 000-turn record of 45 KB): the textarea holds a window of
  // whole lines around the cursor (about WINDOW characters), moved where the
  // cursor goes and when it is scrolled to an edge, and the note over the
  // editor says which lines it shows. The page keeps the whole text (ed.full);
  // a paste over all the editor holds replaces the whole text.
  const LONG = 32768, WINDOW = 16384;
  // What the module checked (checkText): the whole text (`synced`) but the
  // window's edits since (`dirty`); the window's place in it in UTF-8 bytes
  // (aBytes, winBytes): a keystroke sends the window alone.
  const ed = {
    full: '', a: 0, b: 0,  // the textarea holds full[a, b)
    whole: false,          // the next input replaces the whole text (a paste over all the window)
    synced: false, dirty: false, aBytes: 0, winBytes: 0,
    value() { return this.full; },
    cursor() { return this.a + text.selectionStart; },
    // The text is `value`; the window (if any) where the cursor is put next.
    set(value) { this.full = value; this.synced = false; this.a = 0; this.b = -1; this.place(0); },
    // The window around index i (whole lines), or the whole text when it is short.
    place(i) {
      const s = this.full;
      let a = 0, b = s.length;
      if (s.length > LONG) {
        a = Math.max(0, i - WINDOW / 2);
        a = a > 0 ? s.lastIndexOf('\n', a) + 1 : 0;
        b = s.indexOf('\n', Math.min(s.length, a + WINDOW));
        b = b < 0 ? s.length : b + 1;
      }
      if (a === this.a && b === this.b) return;
      this.a = a;
      this.b = b;
      if (this.dirty) this.synced = false;
      if (this.synced) { this.aBytes = utf8Length(s, 0, a); this.winBytes = utf8Length(s, a, b); }
      text.value = a === 0 && b === s.length ? s : s.slice(a, b);
      const note = $('window-note');
      if (a === 0 && b === s.length) { note.hidden = true; return; }
      const ls = textStarts(), line = x => placeOf(s, x).line;
      note.hidden = false;
      note.textContent = `A long text: lines ${line(a).toLocaleString('en')}–${line(Math.max(a, b - 1)).toLocaleString('en')} of ` +
        `${ls.length.toLocaleString('en')} are in the editor (scroll to its edge, or click a problem or a move, to go elsewhere).`;
    },
    setCursor(i) {
      if (i < this.a || i > this.b) this.place(i);
      text.setSelectionRange(i - this.a, i - this.a);
    },
    // The textarea was edited: its window spliced into the whole text.
    edited() {
      if (this.whole) {
        this.whole = false;
        this.synced = false;
        const v = text.value, i = text.selectionStart;
        this.full = v;
        this.a = 0;
        this.b = v.length;
        if (v.length > LONG) { this.place(i); text.setSelectionRange(i - this.a, i - this.a); }
        return;
      }
      const i = this.cursor(), was = this.full, oldB = this.b;
      this.full = was.slice(0, this.a) + text.value + was.slice(this.b);
      this.b = this.a + text.value.length;
      if (startsOf === was) { spliceStarts(starts, this.full, this.a, oldB, this.b); startsOf = this.full; }
      this.dirty = true;
      if ((this.full.length > LONG) !== (this.b - this.a < this.full.length)) { this.synced = false; this.b = -1; this.place(i); this.setCursor(i); }
    },
    // Scrolled to an edge of the window: the window moves on, the line at the edge kept in view.
    scrolled() {
      if (this.a === 0 && this.b === this.full.length) return;
      const lh = parseFloat(getComputedStyle(text).lineHeight) || 19;
      const top = text.scrollTop < lh && this.a > 0, bottom = text.scrollTop + text.clientHeight > text.scrollHeight - lh && this.b < this.full.length;
      if (!top && !bottom) return;
      const edge = top ? this.a : this.b, i = this.cursor();
      this.place(edge);
      const before = (this.full.slice(this.a, edge).match(/\n/g) || []).length;
      text.scrollTop = Math.max(0, before * lh - (top ? 0 : text.clientHeight - 2 * lh));
      if (i >= this.a && i <= this.b) text.setSelectionRange(i - this.a, i - this.a);
      showMarks();
    },
  };

  // The length in UTF-8 of s[a, b).
  function utf8Length(s, a, b) {
    let n = b - a;
    for (let i = a; i < b; ++i) {
      const c = s.charCodeAt(i);
      if (c < 0x80) continue;
      if (c < 0x800) n += 1;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < b && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n += 2; ++i; }  // a pair: 4 bytes
      else n += 2;  // (a lone surrogate: U+FFFD, 3 bytes, as TextEncoder writes it)
    }
    return n;
  }

  // --- places: (line, column in code points) <-> index in the text --------
  function lineStarts(s) {
    const starts = [0];
    for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  function indexOf(s, starts, line, column) {
    if (line < 1) return 0;
    let i = starts[Math.min(line, starts.length) - 1];
    for (let c = 1; c < column && i < s.length && s[i] !== '\n'; ++c) i += s.codePointAt(i) > 0xffff ? 2 : 1;
    return i;
  }
  // The line starts of the editor's text, kept until it changes.
  let startsOf = null, starts = [0];
  function textStarts() {
    if (startsOf !== ed.full) { startsOf = ed.full; starts = lineStarts(startsOf); }
    return starts;
  }
  // The line starts `ls` of a text made those of text s, whose [a, b) was
  // [a, oldB) in it (a: a line's start), in place: those up to a kept,
  // those in [a, b) found again, those after it moved (a keystroke in a
  // text of megabytes does not look for every line end again).
  function spliceStarts(ls, s, a, oldB, b) {
    const upTo = x => { let lo = 0, hi = ls.length; while (lo < hi) { const mid = (lo + hi) >> 1; if (ls[mid] <= x) lo = mid + 1; else hi = mid; } return lo; };
    const first = upTo(a), after = upTo(oldB), d = b - oldB, inside = [];
    for (let i = s.indexOf('\n', a); i >= 0 && i < b; i = s.indexOf('\n', i + 1)) inside.push(i + 1);
    if (inside.length === after - first) for (let k = 0; k < inside.length; ++k) ls[first + k] = inside[k];
    else ls.splice(first, after - first, ...inside);
    if (d) for (let k = first + inside.length; k < ls.length; ++k) ls[k] += d;
  }
  function placeOf(s, index) {
    const ls = s === ed.full ? textStarts() : lineStarts(s);
    let lo = 0, hi = ls.length - 1;  // the last line that starts at or before index
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ls[mid] <= index) lo = mid; else hi = mid - 1; }
    return { line: lo + 1, column: [...s.slice(ls[lo], index)].length + 1 };
  }

  // --- checking and showing ----------------------------------------------
  // The module checks the text as it changes, reading again only the games
  // a change touches (notation::IncrementalValidator), for SLICE ms at a
  // time: a change that touches much (a long paste, a '{' that opens a
  // comment up to the end) is checked on in later turns of the event loop,
  // the page answering in between. At most LIST problems are listed and
  // underlined (the summary says how many there are).
  const SLICE = 40, LIST = 200;
  let checking = 0;
  function refresh(typed = false) {
    if (!module) return;
    clearTimeout(checking);
    const t0 = performance.now();
    st.check = checkText();
    const t1 = performance.now();
    showChecked(typed);
    st.timings.lastValidate = t1 - t0;
    st.timings.lastRefresh = performance.now() - t0;
    if (!st.check.done) checking = setTimeout(checkMore, 0);
  }
  // The text to the module's check: a file's bytes as they are; the editor's
  // text as UTF-8 put straight into the module's memory.
  const encoder = new TextEncoder();
  let checks = 0;  // the module's answers change with each check
  function checkText() {
    ++checks;
    const strict = $('strict').checked;
    if (st.bytes) { ed.synced = false; return call('check', st.bytes, fileName(), strict, SLICE); }
    const windowOnly = ed.synced && (ed.a !== 0 || ed.b !== ed.full.length);
    const s = windowOnly ? text.value : ed.value(), room = s.length * 3 + 1, at = module._malloc(room);
    try {
      const { written } = encoder.encodeInto(s, module.HEAPU8.subarray(at, at + room));
      const r = JSON.parse(windowOnly ? module.checkWindow(ed.aBytes, ed.aBytes + ed.winBytes, at, written, fileName(), strict, SLICE)
                                      : module.checkBytes(at, written, fileName(), strict, SLICE));
      if (windowOnly) ed.winBytes = written;
      else { ed.synced = true; ed.aBytes = utf8Length(s, 0, ed.a); ed.winBytes = written - ed.aBytes - utf8Length(s, ed.b, s.length); }
      ed.dirty = false;
      return r;
    } finally {
      module._free(at);
    }
  }
  function checkMore() {
    ++checks;
    st.check = call('checkMore', SLICE);
    if (st.check.done) return showChecked();
    showSummary();
    checking = setTimeout(checkMore, 0);
  }
  // What the checking found: the problems (the list drawn again only when
  // it changed), the game at the cursor, its board. In a long text (over
  // LONG characters) a keystroke (`typed`) has its problems listed and
  // underlined at once, and the board and the entry panel drawn when the
  // typing pauses (VIEW_PAUSE ms; a click on the board draws them first):
  // typing in a game's tag pairs or comments of a collection of megabytes
  // or a record of thousands of turns does not redraw its board at each key.
  const VIEW_PAUSE = 120;
  let problemsListed = '', viewLater = 0;
  function showChecked(typed = false) {
    if (st.check.done) st.timings.checkedAt = performance.now();
    const listed = module.problems(0, LIST);
    st.diagnostics = JSON.parse(listed);
    pickFromCursor();
    if (listed !== problemsListed) showProblems();
    else showSummary();
    problemsListed = listed;
    if (!typed || ed.full.length <= LONG) return showView();
    showMarks();
    clearTimeout(viewLater);
    viewLater = setTimeout(showView, VIEW_PAUSE);
  }

  // (Written only when it changed: a keystroke that changes nothing in them
  // leaves the page's layout alone.)
  function writeText(element, text) { if (element.textContent !== text) element.textContent = text; }
  function showSummary() {
    const c = st.check, summary = $('summary');
    const { errors, warnings, games } = c;
    const listed = st.diagnostics.length < errors + warnings ? ` (the first ${st.diagnostics.length} listed and underlined)` : '';
    const mb = n => (n / 1048576).toFixed(1);
    const checking = c.done ? '' : `Checking… ${mb(c.checked)} of ${mb(c.size)} MB` + (errors + warnings ? ' so far: ' : '.');
    if (!ed.value() && !st.bytes) {
      writeText(summary, '');
    } else if (errors + warnings === 0) {
      writeText(summary, checking || `Valid: ${games} ${games === 1 ? 'game' : 'games'}, as beyt validate${$('strict').checked ? ' --strict' : ''} finds.`);
    } else {
      writeText(summary, checking + `${errors} ${errors === 1 ? 'error' : 'errors'}` +
        (warnings ? `, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : '') + listed);
    }
    const cls = !c.done ? '' : errors + warnings === 0 ? 'ok' : errors ? 'bad' : '';
    if (summary.className !== cls) summary.className = cls;
  }

  function showProblems() {
    const list = $('problems');
    list.textContent = '';
    showSummary();
    for (const d of st.diagnostics) {
      const li = document.createElement('li');
      li.className = d.severity;
      li.dataset.line = d.line;
      li.dataset.column = d.column;
      const place = document.createElement('span');
      place.className = 'place';
      place.textContent = d.line ? `${d.line}:${d.column}` + (d.pointer ? ` ${d.pointer}` : '') : '(file)';
      const code = document.createElement('span');
      code.className = 'code';
      code.textContent = `${d.severity}[${d.code}]`;
      const where = d.game ? ` game ${d.game}` + (d.turn ? `, turn ${d.turn}` : '') + (d.player ? `, ${d.player}` : '') + ':' : '';
      li.append(place, code, document.createTextNode(`${where} ${d.message}`));
      li.addEventListener('click', () => { if (d.line) moveCursor(d.line, d.column); });
      list.append(li);
    }
  }

  // The offending spans underlined (those listed): from the diagnostic's
  // column to the end of the word there (at least one character); and the
  // move whose position the board shows. The backdrop mirrors the text in
  // blocks of whole lines, each rewritten only when its text or marks change:
  // a keystroke in a long text redraws the block it is in.
  const BLOCK = 8192;
  let blocks = [];  // {key, node}
  function showMarks() {
    const full = ed.value(), starts = textStarts(), s = text.value;  // the whole text; the window the textarea holds
    const spans = [];
    for (const d of st.diagnostics) {
      if (!d.line) continue;
      const a = indexOf(full, starts, d.line, d.column);
      let b = a;
      while (b < full.length && !/[\s,;(){}[\]<>"]/.test(full[b])) ++b;
      if (b === a && a < full.length && full[a] !== '\n') ++b;
      spans.push({ a, b, cls: d.severity });
    }
    const g = currentGame();
    const m = !g || st.path === '0' ? null : g.at && g.at.path === st.path ? g.at : g.moves.find(x => x.path === st.path);
    if (m && m.line) {
      const a = indexOf(full, starts, m.line, m.column);
      spans.push({ a, b: a + m.move.length, cls: 'cur' });
    }
    for (const sp of spans) { sp.a -= ed.a; sp.b -= ed.a; }
    spans.sort((x, y) => x.a - y.a);
    while (spans.length && spans[0].a < 0) spans.shift();  // before the window
    // The blocks wanted: [a, b) ends after a line end (or at the end of the text).
    const want = [];
    let k = 0;
    for (let a = 0; ;) {
      let b = s.indexOf('\n', a + BLOCK);
      b = b < 0 ? s.length : b + 1;
      const marks = [];
      while (k < spans.length && spans[k].a < b) marks.push(spans[k++]);
      want.push({ a, b, marks, key: s.slice(a, b) + '\u0000' + marks.map(x => `${x.a - a},${Math.min(x.b, b) - a},${x.cls}`).join(';') + (b === s.length ? '\u0000end' : '') });
      if (b >= s.length) break;
      a = b;
    }
    // The blocks that did not change, at the start and at the end, stay.
    let same = 0;
    while (same < want.length && same < blocks.length && blocks[same].key === want[same].key) ++same;
    let tail = 0;
    while (tail < want.length - same && tail < blocks.length - same &&
           blocks[blocks.length - 1 - tail].key === want[want.length - 1 - tail].key) ++tail;
    const esc = t => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const fresh = want.slice(same, want.length - tail).map(w => {
      let html = '', at = w.a;
      for (const sp of w.marks) {
        const a = Math.max(sp.a, w.a), b = Math.min(sp.b, w.b);
        if (a < at) continue;
        html += esc(s.slice(at, a)) + `<mark class="${sp.cls}">` + (b > a ? esc(s.slice(a, b)) : ' ') + '</mark>';
        at = Math.max(b, a);
      }
      const node = document.createElement('div');
      node.innerHTML = html + esc(s.slice(at, w.b)) + (w.b === s.length ? '\n ' : '');
      return { key: w.key, node };
    });
    const old = blocks.slice(same, blocks.length - tail);
    const next = blocks[blocks.length - tail] ? blocks[blocks.length - tail].node : null;
    for (const o of old) o.node.remove();
    for (const f of fresh) backdrop.insertBefore(f.node, next);
    blocks = blocks.slice(0, same).concat(fresh, blocks.slice(blocks.length - tail));
    requestAnimationFrame(() => { backdrop.scrollTop = text.scrollTop; });  // (in the frame: no layout forced here)
  }

  // The game and position at the cursor: the last game that starts before
  // it, and in it the last move that starts before it (none: the start).
  let gameAt = {}, gameAtKey = '', pickedAt = '';
  function pickFromCursor() {
    pickedAt = `${checks}:${ed.cursor()}`;
    const here = placeOf(ed.value(), ed.cursor());
    // (The same question after the same check, as a keyup after its input asks it: the same answer.)
    const key = `${checks}:${here.line}:${here.column}`;
    if (key !== gameAtKey) { gameAtKey = key; gameAt = st.check ? call('gameAt', here.line, here.column) : {}; if (gameAt.index) movesLater(gameAt); }
    const g = gameAt;
    st.outline = { format: st.check ? st.check.format : 'text', games: g.index ? [g] : [] };
    if (!g.index) { st.game = 1; st.path = '0'; return; }
    st.game = g.index;
    st.path = g.at ? g.at.path : '0';  // the last move that starts at or before the cursor
  }
  // The game's moves (gameOutline's), asked of the module when first read
  // (stepping through the game, a comment added): a keystroke in a game of
  // thousands of moves has the move at the cursor alone (gameAt's `at`).
  function movesLater(g) {
    Object.defineProperty(g, 'moves', {
      configurable: true, enumerable: true,
      get() {
        const moves = call('gameOutline', g.index).moves || [];
        Object.defineProperty(g, 'moves', { value: moves, enumerable: true });
        return moves;
      },
    });
  }

  function currentGame() { return st.outline.games.find(g => g.index === st.game); }

  // The cursor to a place (`focus`: into the editor, as a problem clicked
  // does; stepping through the game leaves the keys to the page).
  function moveCursor(line, column, focus = true) {
    const i = indexOf(ed.value(), textStarts(), line, column);
    if (focus) text.focus();
    ed.setCursor(i);
    const lh = parseFloat(getComputedStyle(text).lineHeight) || 19;
    const top = (line - placeOf(ed.value(), ed.a).line) * lh;
    if (top < text.scrollTop || top > text.scrollTop + text.clientHeight - 2 * lh) text.scrollTop = Math.max(0, top - text.clientHeight / 3);
    backdrop.scrollTop = text.scrollTop;
    pickFromCursor();
    showView();
  }

  // Goes to the position `path` of the current game: the cursor moves to its move.
  function go(path) {
    const g = currentGame();
    if (!g) return;
    if (path === '0') return moveCursor(g.line || 1, g.column || 1, false);  // the game's first token: no move before it
    const m = g.moves.find(x => x.path === path);
    if (m) moveCursor(m.line, m.column, false);
  }

  function step(where) {
    const g = currentGame();
    if (!g) return;
    const has = p => p === '0' || g.moves.some(m => m.path === p);
    const steps = st.path.split('.').map(Number);
    const last = steps.length - 1;
    if (where === 'first') return go('0');
    if (where === 'next') {
      const s = steps.slice();
      s[last] += 1;
      if (has(s.join('.'))) go(s.join('.'));
      return;
    }
    if (where === 'prev') {
      if (st.path === '0') return;
      const s = steps.slice();
      s[last] -= 1;
      if (last > 0 && s[last] < s[last - 2]) {  // out of the variation: the position before it
        const parent = s.slice(0, last - 1);
        parent[parent.length - 1] = s[last - 2] - 1;
        return go(parent.length === 1 || parent[parent.length - 1] > 0 ? parent.join('.') : '0');
      }
      return go(s[last] === 0 && last === 0 ? '0' : s.join('.'));
    }
    if (where === 'last') {
      const s = steps.slice();
      if (st.path === '0') s[0] = 0;
      while (has([...s.slice(0, last), s[last] + 1].join('.'))) s[last] += 1;
      go(s.join('.') === '0' ? '0' : s.join('.'));
    }
  }

  // --- the board -----------------------------------------------------------
  // Where no board can be drawn (no game can be read at the cursor, as
  // while a tag pair is half typed), the last board drawn stays, dimmed and
  // said to be the last that could be read: the page does not jump. A game
  // with a slip (a syntax error, a '{' not yet closed) shows the last
  // position the slip leaves readable (the module's viewAt).
  let shownSvg = null, shownLegend = null;
  function showView() {
    clearTimeout(viewLater);
    viewLater = 0;
    const board = $('board');
    st.clicks = [];
    if (!st.events.length) $('entry-error').textContent = '';
    const g = currentGame();
    const stale = why => {
      st.view = null;
      const kept = board.querySelector('svg');
      board.classList.toggle('stale', !!kept);
      $('where').textContent = kept ? 'the last board that could be read' : '';
      $('caption').textContent = ed.value() || st.bytes ? why + (kept ? ' The board above is the last that could be read.' : '') : '';
      showEntry();
      showMarks();
    };
    if (!g) return stale(st.check && !st.check.done ? 'Checking the text…' : 'No game can be read here: see the problems listed.');
    // A turn entered event by event belongs to the position where it began.
    const at = `${st.game}:${st.path}`;
    if (st.eventsAt !== at) { st.events = []; st.futureEvents = []; st.eventsAt = at; $('throw').value = ''; }
    let v = call('viewAt', st.game, st.path, JSON.stringify(st.events), $('flip').checked);
    if (v.error && st.events.length) {  // the record changed under the turn: it starts again
      $('entry-error').textContent = `The turn being entered was dropped: ${v.error}`;
      st.events = [];
      v = call('viewAt', st.game, st.path, '[]', $('flip').checked);
    }
    if (!v.svg) return stale(v.error ? v.error : v.problem ? `No board: ${v.problem.code} ${v.problem.message}` : v.caption || 'No board here.');
    st.view = v;
    if (v.svg !== shownSvg) { board.innerHTML = shownSvg = v.svg; fitBoard(); }  // (a keystroke in a comment leaves the board as it is: not drawn again)
    // The legend of the pieces and marks on this board (the library's, as render --legend draws it).
    const legend = v.legend || '';
    if (legend !== shownLegend) {
      shownLegend = legend;
      $('legend').innerHTML = legend || '<p>No piece or mark on this board needs words.</p>';
    }
    board.classList.toggle('stale', !!v.slip);
    board.dataset.game = st.game;
    board.dataset.path = v.path;
    if (st.timings.firstBoard === null) st.timings.firstBoard = performance.now();
    const title = v.title ? `${v.title}, game ${st.game}` : `game ${st.game}`;
    writeText($('where'), `${title}: ${v.path === '0' ? 'the start' : 'after turn ' + v.path}` +
      (v.slip ? ' (the last position that can be read)' : '') + (st.events.length ? ', a turn being entered' : '') +
      (v.terminal ? ` — game over (${v.outcome})` : v.toMove ? ` — ${v.toMove} to move` : ''));
    // The caption is under the board in the SVG; here only what stopped it.
    writeText($('caption'), v.slip ? `A slip at ${v.slip.line}:${v.slip.column} (${v.slip.code}): the last position that can be read is shown.` :
      v.problem ? `The board stops before an illegal move: ${v.problem.code} ${v.problem.message}` : '');
    showEntry();
    showMarks();
  }

  // The board group's offset in the page (the first translate() group: the
  // board with its margins), to go from the board's frame to the page's.
  // On a narrow screen (under 700 px: one column) the board is scaled to the
  // width, but never below a legible size: its smallest letter LETTER px
  // high, a cell CELL px (a finger's width). A board that is then wider
  // than the screen (Dleb's 20 lines, Tâb's 9 columns) scrolls in its own
  // box (#board-scroll); the rest of the page stays within the width.
  const narrow = window.matchMedia('(max-width: 700px)');
  const LETTER = 10, CELL = 44;
  function fitBoard() {
    const box = $('board-box'), svg = $('board').querySelector('svg');
    if (!narrow.matches || !svg) { box.style.width = ''; return; }
    const vb = svg.viewBox && svg.viewBox.baseVal, room = $('board-scroll').clientWidth;
    if (!vb || !vb.width || !room) return;
    let letter = Infinity;  // the smallest letter, in the board's units
    for (const t of svg.querySelectorAll('text')) { const h = t.getBBox().height; if (h > 0) letter = Math.min(letter, h); }
    const cell = st.view && st.view.cell;
    const least = Math.max(cell ? CELL / cell : 0, letter < Infinity ? LETTER / letter : 0);
    box.style.width = `${Math.ceil(vb.width * Math.max(room / vb.width, least))}px`;
  }

  function boardOffset(svg) {
    const g = svg.querySelector('g[transform^="translate"]');
    const m = g && /translate\(([-\d.]+)[ ,]([-\d.]+)\)/.exec(g.getAttribute('transform'));
    return m ? { x: +m[1], y: +m[2] } : { x: 0, y: 0 };
  }

  // --- entering moves: one adapter, one function per need ------------------
  // keys(game, move): the cells a person clicks, in order, for a move the
  // engine lists (whole turns, State::legal_events); a move with no keys is a
  // button (a pass, turning the board, the end of a board or stage).
  // throwOutcomes / decisions: what may happen next (the engine's chance
  // outcomes; the legal moves, or in a turn entered event by event (Tâb, Dleb,
  // an Um el-Banât turn that may peck, a Mankalah tebweez) the events listed
  // one at a time, each with the cells it touches). apply(text): the move
  // written into the record (notation::enter_move), or one event of the turn
  // being entered (State::apply; the turn is written when it ends). Tâb and
  // Dleb: a use is clicked as its piece and where it goes (`piece`: what the
  // prompt calls a piece); a throw is entered as the source records it: a
  // count, or the faces its sticks or billets fell with, which the engine
  // lists (the view's `faces` and `pieces`, State::throw_faces) and writes
  // as a throw (throwAt: Tâb `WBBB` is `1WBBB`).
  // What is clicked and what the prompts say are the game's (v.entry and each
  // move's keys and anyOrder: the game's row in the library's table of games).
  const entry = {
    adapter(v) {
      const e = v.entry;
      if (!e || !e.clicks) return { keys: () => [], typed: true };
      return { keys: m => m.keys || [], unordered: m => m.anyOrder, piece: e.piece, clickHelp: e.clickEvent,
        clickTurn: e.clickTurn || 'a piece and where it goes', eventHelp: e.eventHelp && (() => e.eventHelp) };
    },
    keys(v, m) { return this.adapter(v).keys(m); },
    throwOutcomes(v) { return v.chance || []; },
    decisions(v) { return v.moves || []; },
    apply(move) { return st.view && st.view.byEvent ? playEvent(move) : play(move); },
  };

  function matches(v, m, seq) {
    const keys = entry.keys(v, m);
    if (seq.length > keys.length) return false;
    const ad = entry.adapter(v);
    if (ad.unordered && ad.unordered(m)) return seq.every((c, i) => keys.includes(c) && seq.indexOf(c) === i);
    return seq.every((c, i) => keys[i] === c);
  }

  function showEntry() {
    const v = st.view;
    const choices = $('choices'), throws = $('throws'), prompt = $('prompt');
    choices.textContent = '';
    throws.textContent = '';
    $('faces').textContent = '';
    $('turn-box').hidden = true;
    const board = $('board');
    board.classList.remove('clickable');
    drawTargets();
    if (!v || v.error || !v.svg) { prompt.textContent = ''; return; }
    if (v.slip) { prompt.textContent = 'Correct the slip in the text to enter moves here.'; return; }
    if (v.problem) { prompt.textContent = 'Correct the illegal move to go on from here.'; return; }
    if (v.terminal) { prompt.textContent = `The game is over (${v.outcome}).`; return; }
    const moves = entry.decisions(v);
    const clickable = moves.filter(m => entry.keys(v, m).length > 0);
    const buttons = moves.filter(m => entry.keys(v, m).length === 0);
    const ad = entry.adapter(v);
    if (clickable.length) board.classList.add('clickable');
    if (v.byEvent) {
      showTurn(v, ad, clickable.length, buttons.length);
    } else if (ad.typed) {
      prompt.textContent = `${v.toMove} to play: type the ${ad.typed ? 'turn (its throws as recorded, then its moves)' : 'move'} below` +
        (clickable.length ? ', or click the board' : '') + '.';
    } else if (clickable.length) {
      prompt.textContent = `${v.toMove} to play: click ${ad.clickTurn}` +
        (buttons.length ? ', or choose below' : '') + '.';
    } else {
      prompt.textContent = `${v.toMove} to play: choose below.`;
    }
    // Many events without a cell (a tebweez count: up to 73): a list to pick from.
    if (v.byEvent && buttons.length > 16) {
      const sel = document.createElement('select');
      sel.id = 'event-pick';
      sel.setAttribute('aria-label', 'the next event');
      for (const m of buttons) sel.append(new Option(m.move, m.move));
      const b = document.createElement('button');
      b.id = 'event-play';
      b.textContent = 'Enter';  // (not a second Play: that one plays the move typed)
      b.title = `Enter the ${ad.eventHelp ? ad.eventHelp(st.events.length) : 'event'} picked in the list`;
      b.setAttribute('aria-label', b.title);
      b.addEventListener('click', () => entry.apply(sel.value));
      choices.append(sel, b);
      return;
    }
    for (const m of buttons) {
      const b = document.createElement('button');
      b.textContent = m.move;
      b.dataset.move = m.move;
      b.title = m.says || `play ${m.move}`;
      b.setAttribute('aria-label', b.title);
      b.addEventListener('click', () => entry.apply(m.move));
      choices.append(b);
    }
  }

  // A turn event by event: the turn so far and the throws still to be used;
  // at a throw, the field for it as the source records it, with the engine's
  // outcomes as buttons and the faces to click in.
  function showTurn(v, ad, clickable, buttons) {
    const so = $('turn-so-far');
    so.textContent = '';
    const turnNo = v.path.split('.').map(Number);
    turnNo[turnNo.length - 1] += 1;
    const head = document.createElement('b');
    head.textContent = `Turn ${turnNo[turnNo.length - 1]}, ${v.toMove}: `;
    const code = document.createElement('code');
    code.textContent = v.turnSoFar || (v.chance.length ? '(no throw yet)' : '(nothing yet)');
    so.append(head, code);
    if (v.throwsLeft && v.throwsLeft.length) so.append(document.createTextNode(` — throws still to use: ${v.throwsLeft.join(', ')}`));
    if (v.describeTurn) so.append(document.createTextNode(` — ${v.describeTurn}`));  // the engine's words (a tebweez: the hasa left)
    if (st.events.length) so.append(document.createTextNode(' (Undo takes back the last event)'));
    $('turn-box').hidden = false;
    const outcomes = entry.throwOutcomes(v);
    $('throw-form').hidden = !outcomes.length;
    if (outcomes.length) {
      // The faces the engine lists for this throw (State::throw_faces), each a button.
      const faces = v.faces || [];
      const facesHelp = faces.length ? `the faces of its ${v.pieces} pieces as they fell (${faces.map(f => `${f.letter} ${f.says}`).join(', ')}), then Throw; or ` : '';
      $('prompt').textContent = `${v.toMove} throws: enter the throw as the source records it — ${facesHelp}click a throw below (${outcomes.map(o => o.text).join(' ')}), or type it.`;
      $('throw').placeholder = faces.length ? `${v.pieces} faces (${faces.map(f => f.letter).join(' ')}) or ${outcomes.map(o => o.text).join(' ')}` : outcomes.map(o => o.text).join(' ');
      for (const f of faces) {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = f.letter;
        b.dataset.face = f.letter;
        b.title = `${f.letter}: a piece ${f.says} (added to the throw; ${v.pieces} pieces make it)`;
        b.setAttribute('aria-label', b.title);
        b.addEventListener('click', () => { $('throw').value += f.letter; $('entry-error').textContent = ''; });
        $('faces').append(b);
      }
      for (const o of outcomes) {
        const b = document.createElement('button');
        b.textContent = o.text;
        b.dataset.throw = o.text;
        b.title = `a throw of ${o.text} (chance ${o.p.toFixed(3)})`;
        b.setAttribute('aria-label', b.title);
        b.addEventListener('click', () => entry.apply(o.text));
        $('throws').append(b);
      }
    } else {
      $('prompt').textContent = `${v.toMove} to play: ` + (clickable ? `click ${ad.clickHelp || `the ${ad.piece || 'piece'} and where it goes`}` : '') +
        (clickable && buttons ? ', or ' : '') + (buttons ? `choose ${ad.eventHelp ? ad.eventHelp(st.events.length) + ' ' : ''}below` : '') + '.';
    }
  }

  // The cells to click next (dashed rings) and those clicked (filled).
  function drawTargets() {
    const marks = $('marks');
    marks.textContent = '';
    const v = st.view, svg = $('board').querySelector('svg');
    if (!v || !svg || !v.moves || v.terminal || v.problem || v.slip) return drawCells(new Set());
    marks.setAttribute('viewBox', svg.getAttribute('viewBox'));
    marks.setAttribute('preserveAspectRatio', svg.getAttribute('preserveAspectRatio') || 'xMidYMid meet');
    const off = boardOffset(svg), r = v.cell * 0.42;
    const next = new Set();
    for (const m of v.moves) {
      if (!matches(v, m, st.clicks)) continue;
      const keys = entry.keys(v, m);
      if (keys.length > st.clicks.length) {
        const ad = entry.adapter(v);
        if (ad.unordered && ad.unordered(m)) keys.filter(k => !st.clicks.includes(k)).forEach(k => next.add(k));
        else next.add(keys[st.clicks.length]);
      }
    }
    const ring = (cell, cls) => {
      const c = v.cells[cell];
      if (!c) return;
      const e = document.createElementNS(marks.namespaceURI, 'circle');
      e.setAttribute('cx', off.x + c[0]);
      e.setAttribute('cy', off.y + c[1]);
      e.setAttribute('r', r);
      e.setAttribute('class', cls);
      e.dataset.cell = cell;
      marks.append(e);
    };
    for (const c of st.clicks) ring(c, 'picked');
    for (const c of next) ring(c, 'can');
    drawCells(next);
  }

  function cellAt(event) {
    const v = st.view, svg = $('board').querySelector('svg');
    if (!v || !svg || !v.cells) return null;
    const p = svg.createSVGPoint();
    p.x = event.clientX;
    p.y = event.clientY;
    const q = p.matrixTransform(svg.getScreenCTM().inverse());
    const off = boardOffset(svg);
    let best = null, bestD = Infinity;
    for (const [name, c] of Object.entries(v.cells)) {
      const d = Math.hypot(q.x - off.x - c[0], q.y - off.y - c[1]);
      if (d < bestD) { best = name; bestD = d; }
    }
    return bestD <= v.cell * 0.75 ? best : null;
  }

  function clickCell(cell) {
    const v = st.view;
    if (!v || !v.moves) return;
    const say = t => { $('entry-error').textContent = t; };
    say('');
    let seq = st.clicks.concat([cell]);
    let cands = v.moves.filter(m => matches(v, m, seq));
    // A picked cell clicked again, where no move goes on through it (as a
    // Seega capture may come back to where it began), is unpicked, with the
    // cells picked after it.
    const picked = st.clicks.lastIndexOf(cell);
    if (!cands.length && picked >= 0) {
      st.clicks = st.clicks.slice(0, picked);
      $('choices').querySelectorAll('.stop').forEach(b => b.remove());
      drawTargets();
      say(`${cell} unpicked` + (st.clicks.length ? ` (still picked: ${st.clicks.join(', ')})` : '') + '.');
      return;
    }
    // A turn entered event by event: a piece clicked, then where several of
    // the throws left take it one after another (Lane's I to Q by táb, four and two).
    if (!cands.length && st.clicks.length === 1 && v.byEvent && throughPath(v, st.clicks[0], cell)) return;
    const from = st.clicks[0];
    if (!cands.length && st.clicks.length) {
      seq = [cell];
      cands = v.moves.filter(m => matches(v, m, seq));
    }
    if (!cands.length) {
      st.clicks = [];
      drawTargets();
      // Why, in the engine's words: the event that would start (or end) there, as apply() refuses it.
      const why = call('whyNotAt', st.game, st.path, JSON.stringify(st.events), from || '', cell);
      const ends = from ? `${from} to ${cell}` : `${cell}`;
      say(why.reason ? `Not ${ends}: ${why.reason} (${why.code}).` :
        from ? `Nothing the engine lists goes from ${from} to ${cell}: the rings show where a click can go.` :
               `Nothing the engine lists starts at ${cell} here: the rings show where a click can start.`);
      return;
    }
    st.clicks = seq;
    const exact = cands.filter(m => entry.keys(v, m).length === seq.length);
    if (exact.length === 1 && cands.length === 1) { entry.apply(exact[0].move); return; }
    drawTargets();
    offerStops(exact.map(m => ({ label: v.byEvent ? m.move : `${m.move} (end the move here)`, move: m.move, play: () => entry.apply(m.move) })));
  }

  // Buttons for the moves the cells clicked so far could be (a Seega
  // capture that could go on; two uses of the same cells; several ways
  // through a path), before the other choices.
  function offerStops(stops) {
    const choices = $('choices');
    choices.querySelectorAll('.stop').forEach(b => b.remove());
    for (const s of stops) {
      const b = document.createElement('button');
      b.className = 'stop';
      b.textContent = s.label;
      b.dataset.move = s.move;
      b.title = `play ${s.move}`;
      b.setAttribute('aria-label', b.title);
      b.addEventListener('click', s.play);
      choices.prepend(b);
    }
  }

  // The piece on `from` clicked, then `to`, which no one event reaches: the
  // sequences of the events listed that take it there (the module's
  // pathsAt). One, or several that leave the same position (nothing taken
  // on the way): the first (the throws' order) played, event by event;
  // several others: offered; none: false.
  function throughPath(v, from, to) {
    const r = call('pathsAt', st.game, st.path, JSON.stringify(st.events), from, to);
    if (r.error || !r.paths || !r.paths.length) return false;
    const playAll = events => () => { for (const e of events) if (!playEvent(e)) return; };
    if (r.paths.length === 1 || r.same) { playAll(r.paths[0])(); return true; }
    st.clicks = [from];
    drawTargets();
    offerStops(r.paths.map(p => ({ label: p.join(', '), move: p.join(','), play: playAll(p) })));
    $('entry-error').textContent = `${r.paths.length} ways take the ${entry.adapter(v).piece || 'piece'} from ${from} to ${to}: choose one below.`;
    return true;
  }

  // A move written into the record at the position shown.
  function play(move) {
    const r = call('enterAt', st.game, st.path, move);
    if (r.error) {
      $('entry-error').textContent = r.diagnostic ? `${r.diagnostic.code}: ${r.error}` : r.error;
      return false;
    }
    written(r);
    return true;
  }

  // One event of a turn at the position shown (a throw as the source records
  // it, a use, a sowing, a tebweez count): the turn goes on, or, ended, is written
  // into the record as the engine assembles it.
  function playEvent(event) {
    const r = call('eventAt', st.game, st.path, JSON.stringify(st.events), event);
    if (r.error) {  // (the throw field keeps what was typed, to be put right)
      $('entry-error').textContent = r.code ? `${r.code}: ${r.error}` : r.error;
      return false;
    }
    $('throw').value = '';
    $('entry-error').textContent = '';
    st.futureEvents = [];
    if (r.text === undefined) {
      st.events = r.events;
      showView();
      return true;
    }
    st.events = [];
    written(r);
    return true;
  }

  // A throw typed or clicked into the throw field: made of the faces the
  // engine lists for it (`WBBB`), written as the notation writes a throw by
  // the engine (throwAt: `1WBBB`); else entered as it is (`1`, `1WBBB`).
  function enterThrow(typed) {
    const v = st.view, faces = (v && v.faces) || [];
    if (!faces.length || ![...typed].every(c => faces.some(f => f.letter === c))) return playEvent(typed);
    const r = call('throwAt', st.game, st.path, JSON.stringify(st.events), typed);
    if (r.error) {
      $('entry-error').textContent = `${r.code}: ${r.error}`;
      return false;
    }
    return playEvent(r.throw);
  }

  // A move written into the record: the text, and the cursor on the move.
  function written(r) {
    remember();
    setText(r.text);
    clearTimeout(checking);
    st.check = checkText();
    const g = call('gameOutline', st.game);
    const m = g.moves && g.moves.find(x => x.path === r.path);
    if (m) {
      ed.setCursor(indexOf(ed.value(), textStarts(), m.line, m.column));
    }
    $('move').value = '';
    refresh();
  }

  // --- the text: load, edit, keep, undo --------------------------------------
  function setText(value) {
    ed.set(value);
    st.bytes = null;
    st.edited = true;
    save();
  }
  // Undo and redo of what was done here (a move or event clicked, a
  // format, a new record): the record as it was (st.history), and what Undo
  // took back (st.future, st.futureEvents), which any new change forgets.
  const snapshot = () => ({ text: ed.value(), bytes: st.bytes, name: st.name, edited: st.edited, cursor: ed.cursor(), keep: keep.id });
  function remember() {
    st.history.push(snapshot());
    if (st.history.length > 200) st.history.shift();
    st.future = [];
  }
  function restore(h) {
    ed.set(h.text);
    st.bytes = h.bytes;
    st.name = h.name;
    st.edited = h.edited;
    $('file-name').textContent = st.name;
    ed.setCursor(h.cursor);
    if (h.keep !== keep.id) { keepNow(); keepStart(h.keep, (keptRecords().find(r => r.id === h.keep) || { rev: 0 }).rev); }
    save();
    refresh();
  }
  function undo() {
    if (st.events.length) {  // the last event of the turn being entered
      st.futureEvents.push(st.events[st.events.length - 1]);
      st.events = st.events.slice(0, -1);
      showView();
      return;
    }
    const h = st.history.pop();
    if (!h) { $('entry-error').textContent = 'Nothing to undo here (typing has its own undo: Ctrl+Z in the editor).'; return; }
    st.future.push(snapshot());
    restore(h);
  }
  function redo() {
    if (st.futureEvents.length) {  // an event of the turn being entered, taken back
      const events = st.futureEvents;
      const e = events.pop();
      if (playEvent(e)) st.futureEvents = events;
      return;
    }
    const h = st.future.pop();
    if (!h) { $('entry-error').textContent = 'Nothing to redo here (typing has its own redo: Ctrl+Shift+Z in the editor).'; return; }
    st.history.push(snapshot());
    restore(h);
  }
  // --- your work is kept: each record under its own key -------------------
  // Every record is kept in the browser's local storage under a key of its
  // own (KEEP + 'text:' + id), its name, size and when it was kept in a
  // list (KEEP + 'records', the most recent first), which *Records…*
  // shows to reopen one. Each tab remembers which record it shows (session
  // storage: a reload shows the same one); a new tab opens the one kept
  // last. Another record (a file opened, a new record, an example, a paste
  // over the whole text) is kept under a new key: the one before stays.
  // Tabs on the same record see each other's changes (the storage event);
  // a change made in another tab while this one has changes not yet kept
  // is never written over: this tab's text is kept as a record of its own,
  // and the page says so. A change is kept when the typing pauses (short
  // texts after KEEP_PAUSE ms, long ones after KEEP_PAUSE_LONG, at the
  // latest after KEEP_WAIT), and only when there is one. Storage that
  // refuses (full: a text of megabytes; off) is said at once, with the
  // remedy: save the record to a file.
  const KEEP = 'beyt-studio:', KEEP_PAUSE = 300, KEEP_PAUSE_LONG = 1000, KEEP_LONG = 262144, KEEP_WAIT = 3000;
  const keep = {
    id: '', rev: 0,           // the record this tab shows, and the revision of it last kept or read here
    writer: Math.random().toString(36).slice(2, 10),  // this tab, as the writer of a revision
    dirty: false, since: 0,   // a change not yet kept, and since when
    timer: 0,
    failed: 0,                // the size of the text storage last refused (0: none); tried again when smaller
    handle: null,             // the file the record was opened from or saved to (File System Access), if any
    savedGen: -1, gen: 0,     // the change last saved to a file; the changes counted
    writes: 0,                // the texts written to storage (for the tests: a change is written once)
  };
  const keepText = id => KEEP + 'text:' + id;
  const newId = () => Date.now().toString(36) + '-' + Math.random().toString(36).slice(2, 8);
  function keptRecords() {
    try { const r = JSON.parse(localStorage.getItem(KEEP + 'records') || '[]'); return Array.isArray(r) ? r : []; } catch (e) { return []; }
  }
  function writeRecords(list) { localStorage.setItem(KEEP + 'records', JSON.stringify(list)); }
  const timeText = t => new Date(t).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
  const sizeText = n => n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`;

  // The record's name, from its first game's tag pairs (the module's
  // reading of them): its Event (else its Game) and Date.
  function keepTitle() {
    let tags = [];
    try { if (st.check) tags = call('gameAt', 1, 1).tags || []; } catch (e) { tags = []; }
    const tag = n => { const t = tags.find(x => x[0] === n); return t && t[1] && !/^[?.]*$/.test(t[1]) ? t[1] : ''; };
    const head = tag('Event') || tag('Game') || (st.name ? st.name : ed.value().trim().split('\n')[0].slice(0, 60) || '(empty)');
    const more = [tag('Event') && tag('Game'), tag('Date')].filter(Boolean);
    return head + (more.length ? ` (${more.join(', ')})` : '');
  }

  // A change to keep: when the typing pauses (and at the latest KEEP_WAIT ms after the first).
  function save() {
    ++keep.gen;
    if (!keep.dirty) keep.since = Date.now();
    keep.dirty = true;
    clearTimeout(keep.timer);
    const pause = ed.value().length > KEEP_LONG ? KEEP_PAUSE_LONG : KEEP_PAUSE;
    keep.timer = setTimeout(keepNow, Math.max(0, Math.min(pause, keep.since + KEEP_WAIT - Date.now())));
  }
  // Keeps the change now: true when the record is kept (or nothing was to keep).
  function keepNow() {
    clearTimeout(keep.timer);
    if (!keep.dirty) return true;
    const value = ed.value();
    if (keep.failed && value.length >= keep.failed) return false;  // refused before at this size: said, not tried again
    const t0 = performance.now();
    const list = keptRecords();
    let entry = list.find(r => r.id === keep.id);
    if (!keep.id || (entry && entry.rev !== keep.rev && entry.writer !== keep.writer)) {
      // Changed in another tab since this one last read it: this tab's text is a record of its own.
      if (keep.id && entry) keepSay(`This record was changed in another tab while this one had changes not yet kept: ` +
                                    `this tab's text is kept as a record of its own (Records… reopens either).`);
      keep.id = newId();
      keep.rev = 0;
      entry = null;
      try { sessionStorage.setItem(KEEP + 'open', keep.id); } catch (e) { /* no session storage: a reload opens the last kept */ }
    }
    const rev = keep.rev + 1;
    const record = { id: keep.id, title: keepTitle(), name: st.name, size: value.length, saved: Date.now(), rev, writer: keep.writer };
    // The list first, then the text: another tab that hears of the text finds its revision in the list.
    try {
      writeRecords([record].concat(list.filter(r => r.id !== keep.id)));
      localStorage.setItem(keepText(keep.id), value);
    } catch (e) {
      try { writeRecords(list); } catch (e2) { /* the list as it was, if it can be */ }
      keep.failed = value.length;
      keepRefused(e, value.length, entry);
      return false;
    }
    try { sessionStorage.removeItem(KEEP + 'lost'); } catch (e) { /* no session storage */ }
    keep.rev = rev;
    ++keep.writes;
    keep.dirty = false;
    keep.failed = 0;
    if ($('keep-alert').dataset.refused) keepSay('');  // what storage refused is kept now
    st.timings.lastKeep = performance.now() - t0;
    return true;
  }
  // Storage refused the text: said at once, with the remedy; the list says
  // that the record's last change is not kept (a reload says so too).
  function keepRefused(e, size, entry) {
    const why = e && e.name === 'QuotaExceededError' ? 'the browser\'s storage for this page is full' : `the browser's storage refused it (${e && e.name || e})`;
    try {
      if (entry) writeRecords(keptRecords().map(r => r.id === entry.id ? { ...r, lost: { size, at: Date.now() } } : r));
    } catch (e2) { /* the list itself cannot be written: the alert says all */ }
    // (A reload of this tab says it too, for a record never kept.)
    try { sessionStorage.setItem(KEEP + 'lost', JSON.stringify({ id: keep.id, size, at: Date.now() })); } catch (e2) { /* no session storage */ }
    keepSay(`Not kept in the browser: this record (${sizeText(size)}) could not be kept because ${why} ` +
      `(${e && e.message ? e.message : 'no reason given'}). Save it to a file now (Save, or Download ${formatRow('text').extensions[0]}): ` +
      `a reload would show ${entry ? `the text kept at ${timeText(entry.saved)}` : 'no text of it'}. ` +
      `Forgetting older records (Records…) makes room.`);
    $('keep-alert').dataset.refused = 'true';
  }
  // A word on what was kept or changed, in the alert's line.
  function keepSay(text) {
    $('keep-alert').hidden = !text;
    delete $('keep-alert').dataset.refused;
    $('keep-alert-text').textContent = text;
  }
  // The record before another is shown: kept, or (storage refused it and it is
  // not saved to a file) replaced only if the person says so.
  function keepLeave() {
    if (keepNow() || keep.savedGen === keep.gen || !ed.value()) return true;
    return window.confirm(`The record in the editor (${sizeText(ed.value().length)}) is not kept in the browser (its storage refused it) ` +
                          `and not saved to a file. Replace it anyway? (Undo brings it back while this page is open.)`);
  }
  // Another record is shown from now on: kept under a new key (the one before stays).
  function keepStart(id = '', rev = 0) {
    keep.id = id;
    keep.rev = rev;
    keep.failed = 0;
    keep.handle = null;
    keep.dirty = false;
    try { if (id) sessionStorage.setItem(KEEP + 'open', id); } catch (e) { /* no session storage */ }
  }
  // The record to show when the page opens: this tab's (a reload), else the
  // one kept last; a text kept by the page before records had keys of their
  // own is kept as one. Null: nothing kept (a first visit).
  function keptAtStart() {
    try {
      const old = localStorage.getItem('beyt-studio');
      if (old !== null) {
        const o = JSON.parse(old);
        if (o && typeof o.text === 'string') {
          const id = newId();
          localStorage.setItem(keepText(id), o.text);
          writeRecords([{ id, title: o.name || o.text.trim().split('\n')[0].slice(0, 60), name: o.name || '', size: o.text.length, saved: Date.now(), rev: 1, writer: keep.writer }].concat(keptRecords()));
        }
        localStorage.removeItem('beyt-studio');
      }
    } catch (e) { /* storage off: nothing kept */ }
    const list = keptRecords();
    let mine = '', lost = null;
    try { mine = sessionStorage.getItem(KEEP + 'open') || ''; lost = JSON.parse(sessionStorage.getItem(KEEP + 'lost') || 'null'); } catch (e) { mine = ''; }
    if (lost && lost.id === mine && !list.some(x => x.id === mine)) {
      keepSay(`The record this tab showed (${sizeText(lost.size)}, ${timeText(lost.at)}) could not be kept in the browser (its storage refused it): ` +
              `it is not here. ` + (list.length ? 'The record shown is the one kept last (Records… lists them all).' : ''));
    }
    for (const r of [list.find(x => x.id === mine), ...list]) {
      if (!r) continue;
      let text = null;
      try { text = localStorage.getItem(keepText(r.id)); } catch (e) { text = null; }
      if (text !== null) return { record: r, text };
    }
    return null;
  }
  // A record kept (the list's entry and its text) shown in this tab.
  function keepShow(r, text) {
    keepStart(r.id, r.rev);
    st.name = r.name || '';
    $('file-name').textContent = st.name;
    ed.set(text);
    st.bytes = null;
    st.edited = true;
    ed.setCursor(text.length);
    if (r.lost) keepSay(`The last change to this record (${sizeText(r.lost.size)}, ${timeText(r.lost.at)}) could not be kept in the browser: ` +
                        `this is its text kept at ${timeText(r.saved)}.`);
  }
  // Another tab changed the storage: the record shown here changed there
  // (shown here, unless this tab has changes not yet kept: then this tab's
  // text becomes a record of its own), was forgotten there (kept again), or
  // the list changed (the Records dialog, if open, shows it).
  function keepHeard(e) {
    if (e.storageArea !== localStorage) return;
    if (e.key === null || e.key === keepText(keep.id)) {
      if (e.key === null || e.newValue === null) {  // forgotten in another tab: still shown here, so kept again
        keep.rev = 0;
        keep.id = '';
        if (ed.value()) { save(); keepSay('This record was forgotten in another tab; it is shown here, so it is kept again.'); }
        return;
      }
      if (keep.dirty) { keepNow(); return; }  // (a record of its own, said)
      const r = keptRecords().find(x => x.id === keep.id);
      remember();
      const cursor = Math.min(ed.cursor(), e.newValue.length);
      ed.set(e.newValue);
      st.bytes = null;
      st.edited = true;
      if (r) { keep.rev = r.rev; st.name = r.name || ''; $('file-name').textContent = st.name; }
      ed.setCursor(cursor);
      refresh();
      keepSay(`This record was changed in another tab (${timeText(Date.now())}): its text is shown here. Undo brings back what this tab showed.`);
    }
    if (e.key === KEEP + 'records' && $('records-dialog').open) showRecords();
    if (e.key === KEEP + 'records' && keep.failed) keep.failed = Number.MAX_SAFE_INTEGER;  // room may have been made: try again
  }

  // The Records dialog: the records kept, the most recent first, each to
  // open here or forget.
  function showRecords() {
    const list = $('records-list');
    list.textContent = '';
    const records = keptRecords();
    $('records-none').hidden = records.length > 0;
    for (const r of records) {
      const li = document.createElement('li');
      li.dataset.id = r.id;
      const name = document.createElement('b');
      name.textContent = r.title || '(untitled)';
      li.append(name, document.createTextNode(` — kept ${timeText(r.saved)}, ${sizeText(r.size)}` + (r.name ? `, from ${r.name}` : '') +
                                              (r.id === keep.id ? ' (shown here)' : '') + (r.lost ? ` (its last change, ${timeText(r.lost.at)}, could not be kept)` : '')));
      const open = document.createElement('button');
      open.type = 'button';
      open.textContent = 'Open';
      open.className = 'records-open';
      open.title = open.ariaLabel = `Show ${r.title || 'this record'} here (the record shown now stays kept)`;
      open.addEventListener('click', () => { if (openKept(r.id)) $('records-dialog').close(); });
      const forget = document.createElement('button');
      forget.type = 'button';
      forget.textContent = 'Forget';
      forget.className = 'records-forget';
      forget.title = forget.ariaLabel = `Remove ${r.title || 'this record'} from the browser's storage`;
      forget.addEventListener('click', () => {
        if (!window.confirm(`Forget ${r.title || 'this record'} (${sizeText(r.size)}, kept ${timeText(r.saved)})? Its text is removed from the browser.`)) return;
        try { localStorage.removeItem(keepText(r.id)); writeRecords(keptRecords().filter(x => x.id !== r.id)); } catch (e) { /* said by the list */ }
        if (r.id === keep.id) { keep.id = ''; keep.rev = 0; }
        if (keep.failed) keep.failed = Number.MAX_SAFE_INTEGER;  // room made: try again
        showRecords();
      });
      li.append(' ', open, ' ', forget);
      list.append(li);
    }
  }
  function openKept(id) {
    const r = keptRecords().find(x => x.id === id);
    let text = null;
    try { text = r && localStorage.getItem(keepText(id)); } catch (e) { text = null; }
    if (text === null || text === undefined) { keepSay('That record is no longer kept (forgotten in another tab?).'); return false; }
    if (id !== keep.id && !keepLeave()) return false;
    remember();
    keepShow(r, text);
    refresh();
    return true;
  }

  // Save: the record written back to the file it was opened from (File
  // System Access API, where the browser has it: the browser writes a
  // copy and puts it in the file's place when complete), else to a file
  // chosen (showSaveFilePicker), else downloaded.
  async function saveRecord() {
    const content = st.bytes && !st.edited ? st.bytes : ed.value();
    const gen = keep.gen;
    const f = formatRow(st.outline.format);
    const name = st.name || baseName() + f.extensions[0];
    try {
      if (!keep.handle && window.showSaveFilePicker) keep.handle = await window.showSaveFilePicker({ suggestedName: name });
      if (keep.handle) {
        const w = await keep.handle.createWritable();
        await w.write(content);
        await w.close();
        keep.savedGen = gen;
        if (keep.handle.name && keep.handle.name !== st.name) { st.name = keep.handle.name; $('file-name').textContent = st.name; }
        $('entry-error').textContent = `Saved to ${keep.handle.name || 'the file'}.`;
        if ($('keep-alert').dataset.refused) keepSay(`Saved to ${keep.handle.name || 'the file'} (the browser's storage still cannot keep it).`);
        return true;
      }
    } catch (e) {
      if (e && e.name === 'AbortError') return false;  // the person closed the picker
      $('entry-error').textContent = `The file could not be written (${e && e.message || e}): the record is downloaded instead.`;
      keep.handle = null;
    }
    download(content, name, f.mediaType);
    keep.savedGen = gen;
    return true;
  }
  // Open… where the browser has showOpenFilePicker: the file's handle is
  // kept, so that Save writes back to it.
  async function openWithPicker(e) {
    if (!window.showOpenFilePicker) return;  // the file input does it (Save then downloads)
    e.preventDefault();
    let handle;
    try { [handle] = await window.showOpenFilePicker({ multiple: false }); } catch (err) { return; }
    const f = await handle.getFile();
    if (openBytes(f.name, new Uint8Array(await f.arrayBuffer())) !== false) keep.handle = handle;
  }
  // For the tests: where the keeping stands, and a change kept now.
  Object.assign(window.beytStudio, {
    kept: () => ({ id: keep.id, rev: keep.rev, dirty: keep.dirty, failed: keep.failed, writes: keep.writes, records: keptRecords() }),
    keepNow: () => keepNow(),
    // The change not yet kept stays so until keepNow (as while the typing
    // goes on): two tabs with changes at once, whatever the machine's pace.
    keepHold: () => clearTimeout(keep.timer),
  });
  function wireKeep() {
    window.addEventListener('storage', keepHeard);
    $('save').addEventListener('click', saveRecord);
    $('keep-alert-save').addEventListener('click', saveRecord);
    $('records').addEventListener('click', () => { showRecords(); $('records-dialog').showModal(); });
    $('records-close').addEventListener('click', () => $('records-dialog').close());
    $('open').addEventListener('click', openWithPicker);
    // Leaving the page: the change kept now; one that cannot be kept, nor is saved, asks first.
    window.addEventListener('beforeunload', e => {
      if (keepNow() || keep.savedGen === keep.gen || !ed.value()) return;
      e.preventDefault();
      e.returnValue = '';
    });
  }

  // A file's bytes: shown as text; checked as they are until the first edit
  // (a byte-order mark, CR line ends or bytes that are not UTF-8 are what
  // beyt validate reports on, and a text box would change them).
  function load(value, name, bytes) {
    if (!keepLeave()) return false;
    remember();
    keepStart(newId());
    st.name = name;
    st.edited = !name;
    $('file-name').textContent = name;
    ed.set(value);
    st.bytes = bytes;
    ed.setCursor(value.length);
    save();
    refresh();
    return true;
  }
  function openBytes(name, bytes) {
    let decoded, exact = false;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
      exact = !decoded.includes('\r');
    } catch (e) {
      decoded = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    }
    return load(decoded, name, exact ? null : bytes);
  }

  function download(content, name, type) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([content], { type }));
    a.download = name;
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }
  function baseName() { return recordStem(); }
  // The row of the table of formats named `name` (the first row, text, for an unknown name).
  function formatRow(name) { return st.formats.find(f => f.name === name) || st.formats[0]; }
  // The Open… list and a download button for each format, from the table of
  // formats: the button names the usual extension (the first), the download
  // has the format's media type; a format this page cannot write (XML
  // without pugixml) has its button, disabled, saying what does.
  function wireFormats() {
    const readable = st.formats.filter(f => f.available);
    $('open').accept = readable.flatMap(f => f.extensions).join(',');
    $('open-label').title = `Open a record file (${readable.map(f => f.extensions[0]).join(', ')}), or drop one on the page`;
    for (const f of st.formats) {
      const ext = f.extensions[0], b = document.createElement('button');
      b.id = `save-${ext.slice(1)}`;
      b.textContent = ext;
      b.title = `The record in ${f.description}`;
      if (f.available) {
        b.addEventListener('click', () => saveAs(f.name, ext, f.mediaType));
      } else {
        b.disabled = true;
        b.title = `This page was built without ${f.name.toUpperCase()}: convert with the command line (beyt convert --to ${f.name})`;
      }
      $('downloads').append(' ', b);
    }
  }
  function saveAs(format, ext, type) {
    if (st.outline.format === format && !st.bytes) return download(ed.value(), baseName() + ext, type);
    const r = call('convert', input(), fileName(), format);
    if (r.error) { $('entry-error').textContent = r.error + ' (see the problems listed)'; return; }
    download(r.text, baseName() + ext, type);
    sayWarnings(r.warnings, `Saved as ${ext}`);
  }

  // The reader's warnings when the record is written anew (format, a
  // download in another format): what was dropped, as beyt format and
  // beyt convert say it (W103: an XML comment).
  function sayWarnings(warnings, done) {
    if (!warnings || !warnings.length) return;
    $('entry-error').textContent = `${done}, with ${warnings.length === 1 ? 'a warning' : warnings.length + ' warnings'}: ` +
      warnings.map(w => `${w.severity}[${w.code}] ${w.line ? w.line + ':' + w.column + ' ' : ''}${w.message}`).join('; ');
  }

  function copySvg() {
    const svg = st.view && st.view.svg;
    if (!svg) return;
    const done = () => { $('entry-error').textContent = 'The board is on the clipboard as SVG.'; };
    if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(svg).then(done, () => fallbackCopy(svg, done)); return; }
    fallbackCopy(svg, done);
  }
  function fallbackCopy(value, done, refused = 'The browser refused to copy: use the .svg button.') {
    const t = document.createElement('textarea');
    t.value = value;
    document.body.append(t);
    t.select();
    const ok = document.execCommand('copy');
    t.remove();
    if (ok) done();
    else $('entry-error').textContent = refused;
  }

  function addComment(comment) {
    const g = currentGame();
    if (!comment) return;
    if (st.outline.format !== 'text') { $('entry-error').textContent = `Comments are added to text records: convert this one to text (${formatRow('text').extensions[0]}) first.`; return; }
    if (/[{}]/.test(comment)) { $('entry-error').textContent = 'A comment cannot hold { or }.'; return; }
    const m = g && g.moves.find(x => x.path === st.path);
    if (!m) { $('entry-error').textContent = 'Put the cursor on a move to comment on it.'; return; }
    const s = ed.value();
    let i = indexOf(s, textStarts(), m.line, m.column) + m.move.length;
    while (i < s.length && /[!?]/.test(s[i])) ++i;
    remember();
    setText(s.slice(0, i) + ` {${comment}}` + s.slice(i));
    ed.setCursor(i);
    $('comment').value = '';
    refresh();
  }

  function formatRecord() {
    const r = call('format', input(), fileName());
    if (r.error) { $('entry-error').textContent = r.error + ': correct the syntax errors first.'; return; }
    remember();
    const cursor = ed.cursor();
    setText(r.text);
    ed.setCursor(Math.min(cursor, r.text.length));
    refresh();
    if (r.diagnostics.length) $('entry-error').textContent = `${r.diagnostics.length} game(s) do not replay and were kept as they were.`;
    else sayWarnings(r.warnings, 'Formatted');
  }

  // --- a new record: the tag pairs, Game and Rules from the game table -------
  function fillNewForm() {
    if (!st.games) st.games = call('games').games;
    const sel = $('new-game');
    if (!sel.options.length) for (const g of st.games) sel.append(new Option(`${g.title} (${g.name})`, g.name));
    showGameOptions();
  }
  function showGameOptions() {
    const g = st.games.find(x => x.name === $('new-game').value);
    $('new-sources').textContent = `Sources: ${g.sources}`;
    const presets = $('new-preset');
    presets.textContent = '';
    for (const p of g.presets) presets.append(new Option(p.name + (p.settings ? ` (${p.settings})` : ''), p.name));
    const fs = $('new-options');
    fs.querySelectorAll('label, small').forEach(e => e.remove());
    for (const o of g.options) {
      const label = document.createElement('label');
      label.title = `${o.help}\nsource: ${o.source}`;
      label.append(document.createTextNode(o.name + ' '));
      let field;
      if (o.values.length) {
        field = document.createElement('select');
        field.append(new Option('(from the preset)', ''));
        for (const v of o.values) field.append(new Option(v, v));
      } else {
        field = document.createElement('input');
        field.placeholder = `(from the preset; default ${o.default})`;
      }
      field.dataset.option = o.name;
      field.addEventListener('change', rulesText);
      label.append(field);
      const note = document.createElement('small');
      note.textContent = `${o.help} — ${o.source}`;
      fs.append(label, note);
    }
    rulesText();
  }
  function rulesText() {
    const g = st.games.find(x => x.name === $('new-game').value);
    const preset = g.presets.find(p => p.name === $('new-preset').value);
    $('new-preset-help').textContent = preset ? `${preset.name}: ${preset.help}` : '';
    let rules = $('new-preset').value;
    for (const f of $('new-options').querySelectorAll('[data-option]')) if (f.value) rules += `; ${f.dataset.option}=${f.value}`;
    const r = call('rules', g.name, rules);
    $('new-rules').value = r.canonical || rules;
    $('new-error').textContent = r.error ? `Rules: ${r.error}` : '';
    $('new-create').disabled = !!r.error;
    return r;
  }
  function createRecord() {
    const f = $('new-form');
    const tags = [];
    for (const name of ['Event', 'Site', 'Date', 'Round', 'South', 'North']) tags.push([name, f.elements[name].value.trim() || '?']);
    tags.push(['Result', '*'], ['Game', $('new-game').value], ['Rules', $('new-rules').value]);
    for (const name of ['Source', 'SetUp']) if (f.elements[name].value.trim()) tags.push([name, f.elements[name].value.trim()]);
    const r = call('newRecord', JSON.stringify(tags));
    if (r.error) { $('new-error').textContent = r.error; return false; }
    load(r.text, '', null);
    return true;
  }

  // A short example record of a game (the module's exampleRecord: beyt
  // generate --seed 1 --max-turns EXAMPLE), loaded as a new record is.
  const EXAMPLE = 12;
  function example(game) {
    const r = call('exampleRecord', game, EXAMPLE);
    if (r.error) { $('entry-error').textContent = r.error; return false; }
    if (!load(r.text, '', null)) return false;
    const g = st.games.find(x => x.name === game);
    $('entry-error').textContent = `An example record of ${g ? g.title : game}: ${EXAMPLE} turns at most of beyt's random player ` +
      `(beyt generate --game ${game} --seed 1 --max-turns ${EXAMPLE}). Paste or open your own record, or start a New record.`;
    return true;
  }

  // --- the board from the keyboard (issue 31, item 5) -----------------------
  // Over the board a layer of its cells (the view's cells: every cell the
  // library names, BoardDrawing::cell_names), each labelled with its name for
  // a screen reader. One of them takes the Tab (a roving tab stop); the arrow
  // keys move the focus to the nearest cell that way; Enter or Space is a
  // click on it (clickCell: the mouse's code path); Escape unpicks.
  let cellsKey = '', focusCell = '';
  function drawCells(next) {
    const layer = $('cells'), v = st.view, svg = $('board').querySelector('svg');
    if (!v || !svg || !v.cells) { if (cellsKey) { layer.textContent = ''; cellsKey = ''; } return; }
    const key = svg.getAttribute('viewBox') + JSON.stringify(v.cells);
    let refocus = false;
    if (key !== cellsKey) {
      const had = layer.contains(document.activeElement) ? document.activeElement.dataset.cell : '';
      cellsKey = key;
      layer.textContent = '';
      layer.setAttribute('viewBox', svg.getAttribute('viewBox'));
      layer.setAttribute('preserveAspectRatio', svg.getAttribute('preserveAspectRatio') || 'xMidYMid meet');
      const off = boardOffset(svg), r = v.cell * 0.46;
      for (const [name, c] of Object.entries(v.cells)) {
        const e = document.createElementNS(layer.namespaceURI, 'circle');
        e.setAttribute('cx', off.x + c[0]);
        e.setAttribute('cy', off.y + c[1]);
        e.setAttribute('r', r);
        e.setAttribute('class', 'cell');
        e.setAttribute('role', 'button');
        e.dataset.cell = name;
        layer.append(e);
      }
      if (had && v.cells[had]) { focusCell = had; refocus = true; }
    }
    if (!v.cells[focusCell]) focusCell = next.size ? [...next][0] : Object.keys(v.cells)[0] || '';
    const picked = new Set(st.clicks);
    const set = (e, name, value) => { if (e.getAttribute(name) !== value) e.setAttribute(name, value); };  // (a keystroke changes none)
    for (const e of layer.children) {
      const n = e.dataset.cell;
      set(e, 'aria-label', `cell ${n}` + (picked.has(n) ? ', picked (Enter unpicks it)' : next.has(n) ? ', a move can go on here' : ''));
      set(e, 'tabindex', n === focusCell ? '0' : '-1');
    }
    if (refocus) focusOn(focusCell);
  }
  function focusOn(cell) {
    const e = $('cells').querySelector(`[data-cell="${CSS.escape(cell)}"]`);
    if (!e) return;
    for (const o of $('cells').children) o.setAttribute('tabindex', o === e ? '0' : '-1');
    focusCell = cell;
    e.focus();
    e.scrollIntoView({ block: 'nearest', inline: 'nearest' });  // (a board larger than the screen scrolls in its box)
  }
  // The nearest cell from `from` in the direction (dx, dy) on the screen (the view's centres are the board's as drawn, flipped or not).
  function nearestCell(from, dx, dy) {
    const cells = st.view.cells, p = cells[from];
    let best = '', bestScore = Infinity;
    for (const [n, q] of Object.entries(cells)) {
      const ax = q[0] - p[0], ay = q[1] - p[1], along = ax * dx + ay * dy, across = Math.abs(ax * dy - ay * dx);
      if (n === from || along <= 0.01) continue;
      const score = along + 3 * across;
      if (score < bestScore) { best = n; bestScore = score; }
    }
    return best;
  }
  function unpick() {
    if (!st.clicks.length) return;
    const was = st.clicks.join(', ');
    st.clicks = [];
    $('choices').querySelectorAll('.stop').forEach(b => b.remove());
    drawTargets();
    $('entry-error').textContent = `${was} unpicked.`;
  }
  function cellKeys(e) {
    const cell = e.target.dataset && e.target.dataset.cell;
    if (!cell || !st.view) return;
    const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    const act = dir ? () => { const n = nearestCell(cell, dir[0], dir[1]); if (n) focusOn(n); }
      : e.key === 'Enter' || e.key === ' ' ? () => { focusCell = cell; clickCell(cell); if (!$('cells').contains(document.activeElement)) focusOn(focusCell); }
      : e.key === 'Escape' ? unpick : null;
    if (!act) return;
    e.preventDefault();
    e.stopPropagation();
    act();
  }

  // --- names of downloads ----------------------------------------------------
  // A file name safe on every system: letters (any script), digits, '.', '_'
  // and '-', at most 80 characters, no name Windows keeps for itself.
  function safeName(s) {
    const n = s.normalize('NFC').replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/-{2,}/g, '-').slice(0, 80).replace(/^[-._]+|[-._]+$/g, '');
    return /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(n) ? n + '_' : n;
  }
  // The game at the cursor's Event tag (not '?'), made safe.
  function eventName() {
    const g = currentGame(), t = g && g.tags.find(x => x[0] === 'Event');
    return t && t[1] !== '?' ? safeName(t[1]) : '';
  }
  // The whole record: the opened file's name, else the Event, else the game's name.
  function recordStem() { return safeName(st.name.replace(/\.[^.]*$/, '')) || eventName() || safeName(st.view ? st.view.game : '') || 'record'; }
  // A plate of one game: its Event, else as the whole record; then the ply ("-ply-12") or plies ("-plies-0-12-30").
  function plateName(plies, ext) {
    return `${eventName() || recordStem()}-${plies.includes(',') ? 'plies-' + plies.split(',').join('-') : 'ply-' + plies}${ext}`;
  }

  // --- print and share (issue 31, item 8) ---------------------------------
  // The plate or figure sheet and the viewer page are the module's (plate,
  // viewer: what beyt render writes); printing shows the board, its caption
  // and the moves (the print stylesheet; the moves as beyt format writes them).
  function downloadPlate(tikz) {
    const plies = $('plies').value.replace(/\s+/g, '') || (st.view ? st.view.path : '');
    if (!plies) { $('entry-error').textContent = 'No board is shown here: put the cursor in a game, or give the plies.'; return; }
    const r = call('plate', input(), fileName(), st.game, plies, tikz, $('mono').checked, $('flip').checked);
    if (r.error) { $('entry-error').textContent = (r.diagnostic ? `${r.diagnostic.code}: ` : '') + r.error; return; }
    download(r.text, plateName(plies, tikz ? '.tex' : '.svg'), tikz ? 'application/x-tex' : 'image/svg+xml');
    $('entry-error').textContent = r.warnings.length ? `Drawn, with warnings: ${r.warnings.join('; ')}` : '';
  }
  function downloadViewer() {
    const r = call('viewer', input(), fileName(), $('mono').checked, $('flip').checked);
    if (r.error) { $('entry-error').textContent = r.error + (r.diagnostics ? ' (see the problems listed)' : ''); return; }
    download(r.text, `${recordStem()}-viewer.html`, 'text/html');
    $('entry-error').textContent = r.warnings.length ? `Written, with warnings: ${r.warnings.join('; ')}` : '';
  }
  function fillPrint() { $('print-moves').textContent = st.game && module ? module.gameMoves(st.game) : ''; }

  // A share link: the record compressed (deflate-raw) in the address's
  // fragment, base64url; the page opened with it loads the record (nothing
  // is sent anywhere: a fragment never leaves the browser).
  const SHARE = '#record=', SHARE_MAX = 2000000;  // Chromium takes addresses up to 2 MB
  const squeeze = (bytes, stream) => new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer();
  async function shareLink() {
    const z = new Uint8Array(await squeeze(encoder.encode(ed.value()), new CompressionStream('deflate-raw')));
    let b = '';
    for (let i = 0; i < z.length; i += 0x8000) b += String.fromCharCode(...z.subarray(i, i + 0x8000));
    const url = location.href.replace(/#.*$/, '') + SHARE + btoa(b).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const field = $('share-url');
    if (url.length > SHARE_MAX) {
      field.hidden = true;
      $('entry-error').textContent = `The record is too long for a link (${url.length.toLocaleString('en')} characters compressed; browsers take about 2 000 000): download it instead.`;
      return;
    }
    field.value = url;
    field.hidden = false;
    field.select();
    const done = () => { $('entry-error').textContent = 'The share link is on the clipboard (and in the field above): it opens this record in the studio page.'; };
    const refused = 'The link is in the field above: select it and copy it (the browser refused to copy it).';
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(done, () => fallbackCopy(url, done, refused));
    else fallbackCopy(url, done, refused);
  }
  async function openShared() {
    if (!location.hash.startsWith(SHARE)) return;
    try {
      const b = atob(location.hash.slice(SHARE.length).replace(/-/g, '+').replace(/_/g, '/'));
      const bytes = Uint8Array.from(b, c => c.charCodeAt(0));
      const record = new TextDecoder('utf-8', { fatal: true }).decode(await squeeze(bytes, new DecompressionStream('deflate-raw')));
      load(record, '', null);
      $('entry-error').textContent = 'The record of the share link (Undo brings back the text before it).';
    } catch (e) {
      $('entry-error').textContent = `The link does not hold a record this page can read (${e.message || e}): it may have been cut short.`;
    }
    history.replaceState(null, '', location.href.replace(/#.*$/, ''));  // a reload shows the work since, not the link's record again
  }

  function wireScreen() {
    $('cells').addEventListener('keydown', cellKeys);
    $('cells').addEventListener('focusin', e => { if (e.target.dataset.cell) focusCell = e.target.dataset.cell; });
    $('plate-svg').addEventListener('click', () => downloadPlate(false));
    $('plate-tikz').addEventListener('click', () => downloadPlate(true));
    $('viewer-html').addEventListener('click', downloadViewer);
    $('share').addEventListener('click', shareLink);
    $('print').addEventListener('click', () => { fillPrint(); window.print(); });
    window.addEventListener('beforeprint', fillPrint);
    matchMedia('print').addEventListener('change', e => { if (e.matches) fillPrint(); });
    // Buttons named by a sign (the steps' arrows) are named in words for a screen reader: their tooltip.
    for (const b of document.querySelectorAll('button[title]:not([aria-label])')) if (!/\p{L}/u.test(b.textContent)) b.setAttribute('aria-label', b.title);
  }

  // --- a paste, as its bytes ------------------------------------------------
  // A text box makes CR LF line ends LF: a paste over the whole text that
  // holds CRs is checked as its bytes are (as a file opened is: CR line
  // ends are what beyt validate --strict reports), until it is typed into.
  // A paste cannot hold bytes that are not UTF-8 (the clipboard holds text:
  // they have become U+FFFD): the note says that Open… reads the file's bytes.
  let pasted = null;
  function pastedBytes() {
    const p = pasted;
    pasted = null;
    pasteNote = '';
    if (p === null || ed.value() !== p.replace(/\r\n?/g, '\n')) return null;
    const notes = [];
    if (p.includes('\r')) notes.push('The text pasted has CR line ends (the editor shows them as line ends): it is checked with them, as its file would be, until you type into it.');
    if (p.includes('\ufffd')) notes.push('The text pasted holds U+FFFD, the character that stands for bytes that were not UTF-8: to have the file\'s own bytes checked as beyt validate checks them, open the file with Open… (or drop it on the page).');
    pasteNote = notes.join(' ');
    return p.includes('\r') ? encoder.encode(p) : null;
  }
  let pasteNote = '';
  function showPasteNote() {
    const note = $('paste-note');
    if (note.hidden !== !pasteNote) note.hidden = !pasteNote;
    writeText(note, pasteNote);
  }

  // --- wiring -----------------------------------------------------------
  function wire() {
    let pending = 0;
    text.addEventListener('input', () => {
      const typed = !ed.whole;  // (not a paste over the whole text: another record, shown at once)
      ed.edited();
      st.bytes = pastedBytes();  // edited: the text is the record now (a whole paste: its bytes, until typed into)
      st.edited = true;
      save();
      refresh(typed);
      showPasteNote();
    });
    // A paste over the whole text (or into an empty editor) is another record:
    // the name of the file opened before no longer applies, and it is kept
    // under a key of its own (the record before stays kept).
    text.addEventListener('paste', e => {
      if (text.selectionStart === 0 && text.selectionEnd === text.value.length) {
        if (!keepLeave()) { e.preventDefault(); return; }
        keepStart(newId());
        ed.whole = true;
        st.name = '';
        $('file-name').textContent = '';
        pasted = e.clipboardData ? e.clipboardData.getData('text/plain') : null;
      }
    });
    // A key or click that moved the cursor (not one whose input was handled
    // already: a frame asked for by nothing delays the next key's).
    const follow = () => {
      if (pickedAt === `${checks}:${ed.cursor()}`) return;
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => { const p = st.path, g = st.game; pickFromCursor(); if (p !== st.path || g !== st.game) showView(); });
    };
    text.addEventListener('keyup', follow);
    text.addEventListener('click', follow);
    text.addEventListener('scroll', () => { backdrop.scrollTop = text.scrollTop; ed.scrolled(); });
    $('strict').addEventListener('change', refresh);
    $('flip').addEventListener('change', showView);
    narrow.addEventListener('change', fitBoard);
    window.addEventListener('resize', fitBoard);
    for (const b of document.querySelectorAll('#steps [data-go]')) b.addEventListener('click', () => step(b.dataset.go));
    document.addEventListener('keydown', e => {
      const inField = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement;
      // Outside the fields (which have their own), Ctrl+Z undoes what was done here, Ctrl+Shift+Z (or Ctrl+Y) redoes it.
      const z = (e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 'z' || e.key === 'Z' || e.key === 'y');
      if (z && !inField) { e.preventDefault(); (e.shiftKey || e.key === 'y' ? redo : undo)(); return; }
      if (inField && !e.altKey) return;
      const go = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
      if (go) { e.preventDefault(); step(go); }
    });
    $('board').addEventListener('click', e => { if (viewLater) showView(); const c = cellAt(e); if (c) clickCell(c); });
    $('typed').addEventListener('submit', e => { e.preventDefault(); const m = $('move').value.trim(); if (m) (st.events.length ? playEvent : play)(m); });
    $('throw-form').addEventListener('submit', e => {
      e.preventDefault();
      const t = $('throw').value.trim();
      if (t) enterThrow(t);
      else $('entry-error').textContent = 'Click the faces of the throw (or a throw), or type it, then Throw.';
    });
    $('undo').addEventListener('click', undo);
    $('redo').addEventListener('click', redo);
    $('comment-form').addEventListener('submit', e => { e.preventDefault(); addComment($('comment').value.trim()); });
    $('format').addEventListener('click', formatRecord);
    wireFormats();
    $('copy-svg').addEventListener('click', copySvg);
    $('save-svg').addEventListener('click', () => { if (st.view && st.view.svg) download(st.view.svg, plateName(st.view.path, '.svg'), 'image/svg+xml'); });
    $('open').addEventListener('change', async e => {
      const f = e.target.files[0];
      if (f) openBytes(f.name, new Uint8Array(await f.arrayBuffer()));
      e.target.value = '';
    });
    document.addEventListener('dragover', e => { e.preventDefault(); document.body.classList.add('dragging'); });
    document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
    document.addEventListener('drop', async e => {
      e.preventDefault();
      document.body.classList.remove('dragging');
      const f = e.dataTransfer.files[0];
      if (f) openBytes(f.name, new Uint8Array(await f.arrayBuffer()));
    });
    $('new').addEventListener('click', () => { fillNewForm(); $('new-dialog').showModal(); });
    $('new-game').addEventListener('change', showGameOptions);
    $('new-preset').addEventListener('change', rulesText);
    // Create is the form's only submit button: Enter in a field creates (Escape and Cancel close).
    $('new-form').addEventListener('submit', e => { if (!createRecord()) e.preventDefault(); });  // (an error: the dialog stays, saying it)
    $('new-cancel').addEventListener('click', () => $('new-dialog').close());
    $('new-example').addEventListener('click', () => { if (example($('new-game').value)) $('new-dialog').close(); });
  }

  ready.then(() => {
    st.formats = call('formats').formats;
    wire();
    wireKeep();
    const kept = keptAtStart();
    if (kept) keepShow(kept.record, kept.text);
    $('loading').hidden = true;
    refresh();
    // A first visit (nothing kept): an example record of the first game of the table, not an empty page.
    if (!kept) { if (!st.games) st.games = call('games').games; example(st.games[0].name); }
    document.body.dataset.ready = 'true';
  }, e => {
    $('loading').textContent = `The engines could not be loaded: ${e}`;
  });
  // (After the handler above: the page is wired and the kept text shown.)
  ready.then(() => { wireScreen(); return openShared(); }).then(() => { document.body.dataset.shared = 'done'; });
})();
