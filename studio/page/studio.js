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
    diagnostics: [],
    outline: { games: [], format: 'text', readable: true },
    game: 1, path: '0',
    view: null,
    clicks: [],          // the cells clicked so far for a move
    events: [],          // a turn entered event by event: its events so far (throws, uses, sowings, counts)
    eventsAt: '',        // where that turn is entered ("game:path")
    history: [],         // undo: {text, bytes, name, cursor}
    timings: { firstBoard: null, lastRefresh: null, lastValidate: null },
    games: null,
  };
  const input = () => st.bytes || text.value;
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
    keys: m => entry.keys(st.view, m),  // the cells clicked for a move of the board shown
    throwEntry: t => playEvent(t),       // a throw entered as the source records it
  };

  function mainLineLength(outline, game) {
    const g = outline.games.find(x => x.index === game);
    return g ? g.moves.filter(m => !m.path.includes('.')).length : 0;
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
  function placeOf(s, index) {
    const before = s.slice(0, index);
    const line = before.split('\n').length;
    const start = before.lastIndexOf('\n') + 1;
    return { line, column: [...s.slice(start, index)].length + 1 };
  }
  const before = (a, b) => a.line < b.line || (a.line === b.line && a.column <= b.column);

  // --- checking and showing ----------------------------------------------
  function refresh() {
    if (!module) return;
    const t0 = performance.now();
    st.diagnostics = call('validate', input(), fileName(), $('strict').checked);
    const t1 = performance.now();
    st.outline = call('outline', input(), fileName());
    pickFromCursor();
    showProblems();
    showView();
    const t2 = performance.now();
    st.timings.lastValidate = t1 - t0;
    st.timings.lastRefresh = t2 - t0;
  }

  function showProblems() {
    const list = $('problems');
    list.textContent = '';
    const errors = st.diagnostics.filter(d => d.severity === 'error').length;
    const warnings = st.diagnostics.length - errors;
    const games = st.outline.games.length;
    const summary = $('summary');
    if (!text.value && !st.bytes) {
      summary.textContent = '';
    } else if (st.diagnostics.length === 0) {
      summary.textContent = `Valid: ${games} ${games === 1 ? 'game' : 'games'}, as beyt validate${$('strict').checked ? ' --strict' : ''} finds.`;
    } else {
      summary.textContent = `${errors} ${errors === 1 ? 'error' : 'errors'}` + (warnings ? `, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : '');
    }
    summary.className = st.diagnostics.length === 0 ? 'ok' : errors ? 'bad' : '';
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

  // The offending spans underlined: from the diagnostic's column to the end
  // of the word there (at least one character).
  function showMarks() {
    const s = text.value, starts = lineStarts(s);
    const spans = [];
    for (const d of st.diagnostics) {
      if (!d.line) continue;
      const a = indexOf(s, starts, d.line, d.column);
      let b = a;
      while (b < s.length && !/[\s,;(){}[\]<>"]/.test(s[b])) ++b;
      if (b === a && a < s.length && s[a] !== '\n') ++b;
      spans.push({ a, b, cls: d.severity });
    }
    // The move whose position the board shows.
    const g = currentGame(), m = g && g.moves.find(x => x.path === st.path);
    if (m && m.line) {
      const a = indexOf(s, starts, m.line, m.column);
      spans.push({ a, b: a + m.move.length, cls: 'cur' });
    }
    spans.sort((x, y) => x.a - y.a);
    let html = '', at = 0;
    const esc = t => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    for (const sp of spans) {
      if (sp.a < at) continue;
      html += esc(s.slice(at, sp.a)) + `<mark class="${sp.cls}">` + (sp.b > sp.a ? esc(s.slice(sp.a, sp.b)) : ' ') + '</mark>';
      at = Math.max(sp.b, sp.a);
    }
    backdrop.innerHTML = html + esc(s.slice(at)) + '\n ';
    backdrop.scrollTop = text.scrollTop;
  }

  // The game and position at the cursor: the last game that starts before
  // it, and in it the last move that starts before it (none: the start).
  function pickFromCursor() {
    const games = st.outline.games;
    if (!games.length) { st.game = 1; st.path = '0'; return; }
    const here = placeOf(text.value, text.selectionStart);
    let g = games[0];
    for (const x of games) if (x.line && before(x, here)) g = x;
    st.game = g.index;
    st.path = '0';
    for (const m of g.moves) if (m.line && before(m, here)) st.path = m.path;
  }

  function currentGame() { return st.outline.games.find(g => g.index === st.game); }

  // The cursor to a place (`focus`: into the editor, as a problem clicked
  // does; stepping through the game leaves the keys to the page).
  function moveCursor(line, column, focus = true) {
    const i = indexOf(text.value, lineStarts(text.value), line, column);
    if (focus) text.focus();
    text.setSelectionRange(i, i);
    const lh = parseFloat(getComputedStyle(text).lineHeight) || 19;
    const top = (line - 1) * lh;
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
  function showView() {
    const board = $('board');
    st.clicks = [];
    if (!st.events.length) $('entry-error').textContent = '';
    const g = currentGame();
    if (!g) {
      st.view = null;
      board.textContent = '';
      $('where').textContent = '';
      $('caption').textContent = text.value || st.bytes ? 'No game can be read here: see the problems listed.' : '';
      showEntry();
      showMarks();
      return;
    }
    // A turn entered event by event belongs to the position where it began.
    const at = `${st.game}:${st.path}`;
    if (st.eventsAt !== at) { st.events = []; st.eventsAt = at; }
    let v = call('view', input(), fileName(), st.game, st.path, JSON.stringify(st.events), $('flip').checked);
    if (v.error && st.events.length) {  // the record changed under the turn: it starts again
      $('entry-error').textContent = `The turn being entered was dropped: ${v.error}`;
      st.events = [];
      v = call('view', input(), fileName(), st.game, st.path, '[]', $('flip').checked);
    }
    st.view = v;
    if (v.svg) {
      board.innerHTML = v.svg;
      board.dataset.game = st.game;
      board.dataset.path = v.path;
      if (st.timings.firstBoard === null) st.timings.firstBoard = performance.now();
    } else {
      board.textContent = '';
    }
    const title = v.title ? `${v.title}, game ${st.game}` : `game ${st.game}`;
    $('where').textContent = v.error ? v.error : !v.path ? `${title}: no board (${v.problem ? v.problem.code : 'see the problems listed'})` :
      `${title}: ${v.path === '0' ? 'the start' : 'after turn ' + v.path}` + (st.events.length ? ', a turn being entered' : '') +
      (v.terminal ? ` — game over (${v.outcome})` : v.toMove ? ` — ${v.toMove} to move` : '');
    // The caption is under the board in the SVG; here only what stopped it.
    $('caption').textContent = v.problem ? (v.path ? 'The board stops before an illegal move: ' : 'No board: ') +
      `${v.problem.code} ${v.problem.message}` : v.svg ? '' : v.caption || '';
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
  // Dleb: a use is clicked as its piece and where it goes; a throw is entered
  // as the source records it, `faces` being the letters the notation writes
  // the sticks or billets with (NOTATION.md sections 6 and 7), `piece` what
  // the prompt calls a piece.
  const houses = move => /^[A-Fa-f](,[A-Fa-f])*$/.test(move) ? move.split(',') : [];
  const entry = {
    adapters: {
      seega: { keys: m => m.from.concat(m.to), unordered: m => m.from.length === 0 },  // a placement: two cells, either order
      // A tebweez, count by count: the beyts in the notation's order (NOTATION.md section 12).
      mankalah: { keys: m => m.from, eventHelp: n => `the count of hasa for beyt ${'ABCDEFabcdef'[n] || '?'}` },
      umelbanat: { keys: m => houses(m.move), clickHelp: 'a house to sow from (after a peck the turn goes on)' },
      tab: { keys: m => m.from.concat(m.to), piece: 'kelb', faces: 'WB',
             throwHelp: 'the count (1 for táb, 2, 3, 4, 6), or the count and the four sticks as they fell (1WBBB)' },
      dleb: { keys: m => m.from.concat(m.to), piece: 'man', faces: 'BWG',
              throwHelp: 'the billets as they fell: W white, B black, G on its side (BWBB)' },
    },
    adapter(v) { return this.adapters[v.game] || { keys: () => [], typed: true }; },
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
      prompt.textContent = `${v.toMove} to play: click ${v.game === 'seega' ? 'a cell (a placement) or a piece and where it goes' : 'a house to sow from'}` +
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
      b.addEventListener('click', () => entry.apply(sel.value));
      choices.append(sel, b);
      return;
    }
    for (const m of buttons) {
      const b = document.createElement('button');
      b.textContent = m.move;
      b.dataset.move = m.move;
      if (m.says) b.title = m.says;
      else if (v.byEvent) b.title = /--$/.test(m.move) ? `forfeit this throw (${m.move})` : `play ${m.move}`;
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
      $('prompt').textContent = `${v.toMove} throws: enter the throw as the source records it — ${ad.throwHelp || 'as the notation writes it'}.`;
      $('throw').placeholder = outcomes.map(o => o.text).join(' ');
      $('throw').title = ad.throwHelp || '';
      const billets = outcomes.every(o => /^[A-Z]+$/.test(o.text)) ? outcomes[0].text.length : 0;
      for (const f of ad.faces || '') {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = f;
        b.dataset.face = f;
        b.title = `add ${f} to the throw`;
        b.addEventListener('click', () => {
          const t = $('throw');
          t.value += f;
          // A throw of billets is entered when it has as many as the stage throws.
          if (billets && t.value.length === billets) entry.apply(t.value);
        });
        $('faces').append(b);
      }
      for (const o of outcomes) {
        const b = document.createElement('button');
        b.textContent = o.text;
        b.dataset.throw = o.text;
        b.title = `a throw of ${o.text} (chance ${o.p.toFixed(3)})`;
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
    if (!v || !svg || !v.moves || v.terminal || v.problem) return;
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
    $('entry-error').textContent = '';
    let seq = st.clicks.concat([cell]);
    let cands = v.moves.filter(m => matches(v, m, seq));
    if (!cands.length && st.clicks.length) {
      seq = [cell];
      cands = v.moves.filter(m => matches(v, m, seq));
    }
    if (!cands.length) {
      st.clicks = [];
      $('entry-error').textContent = `No legal move ${v.game === 'seega' ? 'starts' : 'is made'} with ${cell} here.`;
      drawTargets();
      return;
    }
    st.clicks = seq;
    const exact = cands.filter(m => entry.keys(v, m).length === seq.length);
    if (exact.length === 1 && cands.length === 1) { entry.apply(exact[0].move); return; }
    drawTargets();
    const choices = $('choices');
    choices.querySelectorAll('.stop').forEach(b => b.remove());
    for (const m of exact) {
      const b = document.createElement('button');
      b.className = 'stop';
      b.textContent = v.byEvent ? m.move : `${m.move} (end the move here)`;
      b.dataset.move = m.move;
      b.addEventListener('click', () => entry.apply(m.move));
      choices.prepend(b);
    }
  }

  // A move written into the record at the position shown.
  function play(move) {
    const r = call('enter', input(), fileName(), st.game, st.path, move);
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
    const r = call('event', input(), fileName(), st.game, st.path, JSON.stringify(st.events), event);
    $('throw').value = '';
    if (r.error) {
      $('entry-error').textContent = r.code ? `${r.code}: ${r.error}` : r.error;
      showEntry();
      return false;
    }
    $('entry-error').textContent = '';
    if (r.text === undefined) {
      st.events = r.events;
      showView();
      return true;
    }
    st.events = [];
    written(r);
    return true;
  }

  // A move written into the record: the text, and the cursor on the move.
  function written(r) {
    remember();
    setText(r.text);
    st.outline = call('outline', input(), fileName());
    const g = currentGame();
    const m = g && g.moves.find(x => x.path === r.path);
    if (m) {
      const i = indexOf(text.value, lineStarts(text.value), m.line, m.column);
      text.setSelectionRange(i, i);
    }
    $('move').value = '';
    refresh();
  }

  // --- the text: load, edit, keep, undo --------------------------------------
  function setText(value) {
    text.value = value;
    st.bytes = null;
    st.edited = true;
    save();
  }
  function remember() {
    st.history.push({ text: text.value, bytes: st.bytes, name: st.name, edited: st.edited, cursor: text.selectionStart });
    if (st.history.length > 200) st.history.shift();
  }
  function undo() {
    if (st.events.length) {  // the last event of the turn being entered
      st.events = st.events.slice(0, -1);
      showView();
      return;
    }
    const h = st.history.pop();
    if (!h) { $('entry-error').textContent = 'Nothing to undo here (typing has its own undo: Ctrl+Z in the editor).'; return; }
    text.value = h.text;
    st.bytes = h.bytes;
    st.name = h.name;
    st.edited = h.edited;
    $('file-name').textContent = st.name;
    text.setSelectionRange(h.cursor, h.cursor);
    save();
    refresh();
  }
  let saveTimer = 0;
  function save() {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      try { localStorage.setItem(STORE, JSON.stringify({ name: st.name, text: text.value })); } catch (e) { /* storage full or off */ }
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
    text.value = value;
    st.bytes = bytes;
    text.setSelectionRange(text.value.length, text.value.length);
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
    if (st.outline.format === format && !st.bytes) return download(text.value, baseName() + ext, type);
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
    const s = text.value;
    let i = indexOf(s, lineStarts(s), m.line, m.column) + m.move.length;
    while (i < s.length && /[!?]/.test(s[i])) ++i;
    remember();
    setText(s.slice(0, i) + ` {${comment}}` + s.slice(i));
    text.setSelectionRange(i, i);
    $('comment').value = '';
    refresh();
  }

  function formatRecord() {
    const r = call('format', input(), fileName());
    if (r.error) { $('entry-error').textContent = r.error + ': correct the syntax errors first.'; return; }
    remember();
    const cursor = text.selectionStart;
    setText(r.text);
    text.setSelectionRange(Math.min(cursor, r.text.length), Math.min(cursor, r.text.length));
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
    if (r.error) { $('new-error').textContent = r.error; return; }
    load(r.text, '', null);
  }

  // --- wiring -----------------------------------------------------------
  function wire() {
    let pending = 0;
    text.addEventListener('input', () => {
      st.bytes = null;  // edited: the text is the record now
      st.edited = true;
      save();
      refresh();
    });
    // A paste over the whole text (or into an empty editor) is another record:
    // the name of the file opened before no longer applies.
    text.addEventListener('paste', () => {
      if (text.selectionStart === 0 && text.selectionEnd === text.value.length) {
        st.name = '';
        $('file-name').textContent = '';
      }
    });
    const follow = () => { cancelAnimationFrame(pending); pending = requestAnimationFrame(() => { const p = st.path, g = st.game; pickFromCursor(); if (p !== st.path || g !== st.game) showView(); }); };
    text.addEventListener('keyup', follow);
    text.addEventListener('click', follow);
    text.addEventListener('scroll', () => { backdrop.scrollTop = text.scrollTop; });
    $('strict').addEventListener('change', refresh);
    $('flip').addEventListener('change', showView);
    for (const b of document.querySelectorAll('#steps [data-go]')) b.addEventListener('click', () => step(b.dataset.go));
    document.addEventListener('keydown', e => {
      const inField = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement;
      if (inField && !e.altKey) return;
      const go = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
      if (go) { e.preventDefault(); step(go); }
    });
    $('board').addEventListener('click', e => { const c = cellAt(e); if (c) clickCell(c); });
    $('typed').addEventListener('submit', e => { e.preventDefault(); const m = $('move').value.trim(); if (m) (st.events.length ? playEvent : play)(m); });
    $('throw-form').addEventListener('submit', e => { e.preventDefault(); const t = $('throw').value.trim(); if (t) playEvent(t); });
    $('undo').addEventListener('click', undo);
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
    $('new-form').addEventListener('submit', e => { if (e.submitter && e.submitter.value === 'create') createRecord(); });
  }

  ready.then(() => {
    wire();
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(STORE) || 'null'); } catch (e) { kept = null; }
    if (kept && typeof kept.text === 'string') {
      st.name = kept.name || '';
      $('file-name').textContent = st.name;
      text.value = kept.text;
      text.setSelectionRange(text.value.length, text.value.length);
    }
    $('loading').hidden = true;
    refresh();
    if (!BEYT_XML) $('open').accept = '.beyt,.txt,.json,.jsonl';
    document.body.dataset.ready = 'true';
  }, e => {
    $('loading').textContent = `The engines could not be loaded: ${e}`;
  });
})();
