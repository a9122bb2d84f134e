// The studio page's script (docs/STUDIO.md). Everything about the games —
// validation, the board, the legal moves, canonical text, conversion, the
// entry of a move into the record — is asked of the WebAssembly module
// (studio/binding.cpp over the beyt library); this script only shows its
// answers and turns clicks and keys into its questions.
'use strict';
(() => {
  const $ = id => document.getElementById(id);
  const text = $('text'), backdrop = $('backdrop');
  const STORE = 'beyt-studio';

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
  };
  const input = () => st.bytes || ed.value();
  const fileName = () => (st.edited ? '' : st.name);

  window.beyt = {
    ready,
    /** The diagnostics of `beyt validate --diagnostics json`, as objects. */
    validate(record, options = {}) {
      return call('validate', record, options.file || '', !!options.strict);
    },
    /** The legal moves of a position text (render --format position) under rules. */
    legalMoves(game, rules, position) {
      const r = call('legalMoves', game, rules || '', position || '');
      if (r.error) throw new Error(r.error);
      return r.moves;
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
  // about a tenth of a second per megabyte): the textarea holds a window of
  // whole lines around the cursor (about WINDOW characters), moved where the
  // cursor goes and when it is scrolled to an edge, and the note over the
  // editor says which lines it shows. The page keeps the whole text (ed.full);
  // a paste over all the editor holds replaces the whole text.
  const LONG = 262144, WINDOW = 32768;
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
      const i = this.cursor();
      this.full = this.full.slice(0, this.a) + text.value + this.full.slice(this.b);
      this.b = this.a + text.value.length;
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
  function placeOf(s, index) {
    const ls = s === ed.full ? textStarts() : lineStarts(s);
    let lo = 0, hi = ls.length - 1;  // the last line that starts at or before index
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ls[mid] <= index) lo = mid; else hi = mid - 1; }
    return { line: lo + 1, column: [...s.slice(ls[lo], index)].length + 1 };
  }
  const before = (a, b) => a.line < b.line || (a.line === b.line && a.column <= b.column);

  // --- checking and showing ----------------------------------------------
  // The module checks the text as it changes, reading again only the games
  // a change touches (notation::IncrementalValidator), for SLICE ms at a
  // time: a change that touches much (a long paste, a '{' that opens a
  // comment up to the end) is checked on in later turns of the event loop,
  // the page answering in between. At most LIST problems are listed and
  // underlined (the summary says how many there are).
  const SLICE = 40, LIST = 200;
  let checking = 0;
  function refresh() {
    if (!module) return;
    clearTimeout(checking);
    const t0 = performance.now();
    st.check = checkText();
    const t1 = performance.now();
    showChecked();
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
  // it changed), the game at the cursor, its board.
  let problemsListed = '';
  function showChecked() {
    if (st.check.done) st.timings.checkedAt = performance.now();
    const listed = module.problems(0, LIST);
    st.diagnostics = JSON.parse(listed);
    pickFromCursor();
    if (listed !== problemsListed) showProblems();
    else showSummary();
    problemsListed = listed;
    showView();
  }

  function showSummary() {
    const c = st.check, summary = $('summary');
    const { errors, warnings, games } = c;
    const listed = st.diagnostics.length < errors + warnings ? ` (the first ${st.diagnostics.length} listed and underlined)` : '';
    const mb = n => (n / 1048576).toFixed(1);
    const checking = c.done ? '' : `Checking… ${mb(c.checked)} of ${mb(c.size)} MB` + (errors + warnings ? ' so far: ' : '.');
    if (!ed.value() && !st.bytes) {
      summary.textContent = '';
    } else if (errors + warnings === 0) {
      summary.textContent = checking || `Valid: ${games} ${games === 1 ? 'game' : 'games'}, as beyt validate${$('strict').checked ? ' --strict' : ''} finds.`;
    } else {
      summary.textContent = checking + `${errors} ${errors === 1 ? 'error' : 'errors'}` +
        (warnings ? `, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : '') + listed;
    }
    summary.className = !c.done ? '' : errors + warnings === 0 ? 'ok' : errors ? 'bad' : '';
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
    const g = currentGame(), m = g && g.moves.find(x => x.path === st.path);
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
  let gameAt = {}, gameAtKey = '';
  function pickFromCursor() {
    const here = placeOf(ed.value(), ed.cursor());
    // (The same question after the same check, as a keyup after its input asks it: the same answer.)
    const key = `${checks}:${here.line}:${here.column}`;
    if (key !== gameAtKey) { gameAtKey = key; gameAt = st.check ? call('gameAt', here.line, here.column) : {}; }
    const g = gameAt;
    st.outline = { format: st.check ? st.check.format : 'text', games: g.index ? [g] : [] };
    if (!g.index) { st.game = 1; st.path = '0'; return; }
    st.game = g.index;
    st.path = '0';
    for (const m of g.moves) if (m.line && before(m, here)) st.path = m.path;
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
    if (v.svg !== shownSvg) board.innerHTML = shownSvg = v.svg;  // (a keystroke in a comment leaves the board as it is: not drawn again)
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
    $('where').textContent = `${title}: ${v.path === '0' ? 'the start' : 'after turn ' + v.path}` +
      (v.slip ? ' (the last position that can be read)' : '') + (st.events.length ? ', a turn being entered' : '') +
      (v.terminal ? ` — game over (${v.outcome})` : v.toMove ? ` — ${v.toMove} to move` : '');
    // The caption is under the board in the SVG; here only what stopped it.
    $('caption').textContent = v.slip ? `A slip at ${v.slip.line}:${v.slip.column} (${v.slip.code}): the last position that can be read is shown.` :
      v.problem ? `The board stops before an illegal move: ${v.problem.code} ${v.problem.message}` : '';
    showEntry();
    showMarks();
  }

  // The board group's offset in the page (the first translate() group: the
  // board with its margins), to go from the board's frame to the page's.
  function boardOffset(svg) {
    const g = svg.querySelector('g[transform^="translate"]');
    const m = g && /translate\(([-\d.]+)[ ,]([-\d.]+)\)/.exec(g.getAttribute('transform'));
    return m ? { x: +m[1], y: +m[2] } : { x: 0, y: 0 };
  }

  // --- entering moves: one adapter, one function per need ------------------
  // keys(game, move): the cells a person clicks, in order, for a move the
  // engine lists (whole turns, State::legal_moves); a move with no keys is a
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
      b.textContent = 'Play';
      b.title = 'Play the event picked in the list';
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
    if (!v || !svg || !v.moves || v.terminal || v.problem || v.slip) return;
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
  const snapshot = () => ({ text: ed.value(), bytes: st.bytes, name: st.name, edited: st.edited, cursor: ed.cursor() });
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
  let saveTimer = 0;
  function save() {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      try { localStorage.setItem(STORE, JSON.stringify({ name: st.name, text: ed.value() })); } catch (e) { /* storage full or off */ }
    }, 200);
  }

  // A file's bytes: shown as text; checked as they are until the first edit
  // (a byte-order mark, CR line ends or bytes that are not UTF-8 are what
  // beyt validate reports on, and a text box would change them).
  function load(value, name, bytes) {
    remember();
    st.name = name;
    st.edited = !name;
    $('file-name').textContent = name;
    ed.set(value);
    st.bytes = bytes;
    ed.setCursor(value.length);
    save();
    refresh();
  }
  function openBytes(name, bytes) {
    let decoded, exact = false;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
      exact = !decoded.includes('\r');
    } catch (e) {
      decoded = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    }
    load(decoded, name, exact ? null : bytes);
  }

  function download(content, name, type) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([content], { type }));
    a.download = name;
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }
  function baseName() { return (st.name || 'record').replace(/\.[^.]*$/, ''); }
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
  function fallbackCopy(value, done) {
    const t = document.createElement('textarea');
    t.value = value;
    document.body.append(t);
    t.select();
    const ok = document.execCommand('copy');
    t.remove();
    if (ok) done();
    else $('entry-error').textContent = 'The browser refused to copy: use the .svg button.';
  }

  function addComment(comment) {
    const g = currentGame();
    if (!comment) return;
    if (st.outline.format !== 'text') { $('entry-error').textContent = 'Comments are added to text records: convert this one to text (.beyt) first.'; return; }
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
    load(r.text, '', null);
    const g = st.games.find(x => x.name === game);
    $('entry-error').textContent = `An example record of ${g ? g.title : game}: ${EXAMPLE} turns at most of beyt's random player ` +
      `(beyt generate --game ${game} --seed 1 --max-turns ${EXAMPLE}). Paste or open your own record, or start a New record.`;
    return true;
  }

  // --- wiring -----------------------------------------------------------
  function wire() {
    let pending = 0;
    text.addEventListener('input', () => {
      ed.edited();
      st.bytes = null;  // edited: the text is the record now
      st.edited = true;
      save();
      refresh();
    });
    // A paste over the whole text (or into an empty editor) is another record:
    // the name of the file opened before no longer applies.
    text.addEventListener('paste', () => {
      if (text.selectionStart === 0 && text.selectionEnd === text.value.length) {
        ed.whole = true;
        st.name = '';
        $('file-name').textContent = '';
      }
    });
    const follow = () => { cancelAnimationFrame(pending); pending = requestAnimationFrame(() => { const p = st.path, g = st.game; pickFromCursor(); if (p !== st.path || g !== st.game) showView(); }); };
    text.addEventListener('keyup', follow);
    text.addEventListener('click', follow);
    text.addEventListener('scroll', () => { backdrop.scrollTop = text.scrollTop; ed.scrolled(); });
    $('strict').addEventListener('change', refresh);
    $('flip').addEventListener('change', showView);
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
    $('board').addEventListener('click', e => { const c = cellAt(e); if (c) clickCell(c); });
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
    $('save-beyt').addEventListener('click', () => saveAs('text', '.beyt', 'text/plain'));
    $('save-json').addEventListener('click', () => saveAs('json', '.json', 'application/json'));
    $('save-xml').addEventListener('click', () => saveAs('xml', '.xml', 'application/xml'));
    if (!BEYT_XML) {
      $('save-xml').disabled = true;
      $('save-xml').title = 'This page was built without XML: convert with the command line (beyt convert --to xml)';
    }
    $('copy-svg').addEventListener('click', copySvg);
    $('save-svg').addEventListener('click', () => { if (st.view && st.view.svg) download(st.view.svg, `${baseName()}-${st.view.path}.svg`, 'image/svg+xml'); });
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
    wire();
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(STORE) || 'null'); } catch (e) { kept = null; }
    if (kept && typeof kept.text === 'string') {
      st.name = kept.name || '';
      $('file-name').textContent = st.name;
      ed.set(kept.text);
      ed.setCursor(kept.text.length);
    }
    $('loading').hidden = true;
    refresh();
    // A first visit (nothing kept): an example record of the first game of the table, not an empty page.
    if (!kept) { if (!st.games) st.games = call('games').games; example(st.games[0].name); }
    if (!BEYT_XML) $('open').accept = '.beyt,.txt,.json,.jsonl';
    document.body.dataset.ready = 'true';
  }, e => {
    $('loading').textContent = `The engines could not be loaded: ${e}`;
  });
})();
