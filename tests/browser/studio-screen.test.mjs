// The studio page (build/studio.html, docs/STUDIO.md) on any screen, by any
// hand, on paper and in a link (issue 31, items 4, 5 and 8), in Debian's
// Chromium, headless, driven by puppeteer-core, the page opened from file://:
//   * any screen: at 390x844 (a phone) one column, the board first, scaled
//     to the width but never below a legible size: for every game its
//     letters at least 10 px high and its cells 44 px, a larger board
//     scrolling in its own box, which stays in the width, and the focus ring
//     of the board's keys scrolled into view in it; every visible control
//     inside the viewport's width and every touch target at least 44 px
//     high; Throw, W, B, Play and Undo on screen; no horizontal scrolling
//     of the page;
//   * any hand: the Tab order (Open… in it); a Seega placement and a
//     Mankalah sowing entered by keys alone (Tab to the board, arrow keys,
//     Enter; Escape unpicks); every cell and button has a name in words;
//   * print and share: the print stylesheet (board, caption and moves
//     only); the mono plate, the TikZ picture, a figure sheet and the
//     viewer page downloaded from the page are byte for byte what `beyt
//     render` writes for the same record and plies; download names from the
//     Event tag and the ply; a share link opens the same record;
//   * the record formats: the Open… list and a download button for each
//     format are the library's table of formats (its names the command
//     line's); each download is `beyt convert --to` with the format's
//     extension and media type;
//   * screenshots of each game at 390x844 and 1366x768 in OUT.
//
//   node tests/browser/studio-screen.test.mjs --beyt build/beyt --page build/studio.html --source . --out build/studio-test --xml ON
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { check, downloadsTo, finish, gameSamples, startBrowser } from './harness.mjs';
import { studioArgs } from './studio-steps.mjs';

const { beyt, page, source, out, xml } = studioArgs('studio-screen.test.mjs', '', { keep: true, xml: true });  // beside Browser.Studio's files
// A record passes `beyt validate --strict`.
const valid = text => spawnSync(beyt, ['validate', '--strict', '-'], { input: text, encoding: 'utf8' }).status === 0;
const run = argv => execFileSync(beyt, argv, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });

const session = await startBrowser({ width: 1366, height: 768 }), tab = session.tab;
const downloads = path.join(out, 'screen-downloads');
await downloadsTo(tab, downloads);
const url = 'file://' + page;
async function open(address = url) {
  await tab.goto(address, { waitUntil: 'load' });
  await tab.waitForFunction(() => document.body.dataset.shared === 'done', { timeout: 60000 });
  await tab.waitForFunction(() => beytStudio.checked(), { timeout: 20000 });
}
await open();
// A record as the page's state (not a user's step: the steps tested follow).
async function setText(text) {
  await tab.evaluate(t => { beytStudio.setText(t); }, text);
  await tab.waitForFunction(() => beytStudio.checked() && (document.querySelector('#board svg') || beytStudio.state.diagnostics.length), { timeout: 20000 });
}
const sample = f => fs.readFileSync(path.join(source, f), 'utf8');
// The file the last click downloaded, once written whole.
async function downloaded(ext) {
  for (let i = 0; i < 100; ++i) {
    const now = fs.readdirSync(downloads).filter(f => f.endsWith(ext));
    if (now.length) {
      await new Promise(r => setTimeout(r, 150));
      return now[0];
    }
    await new Promise(r => setTimeout(r, 100));
  }
  return null;
}
function clearDownloads() { for (const f of fs.readdirSync(downloads)) fs.rmSync(path.join(downloads, f)); }

// --- any screen: a phone (390x844) -------------------------------------------
// Every visible control: inside the viewport's width; a touch target (a
// button, field, list, the Open… label, a summary, a checkbox's label) at
// least 44 px high.
async function controlsFit(what) {
  const r = await tab.evaluate(() => {
    const W = window.innerWidth, bad = [], small = [];
    const name = e => e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 20) || e.tagName;
    const targets = [...document.querySelectorAll('button, select, input, textarea, summary, label.button, #bar label, #print-box label')];
    for (const e of targets) {
      if (e.closest('dialog') || (e.type === 'file') || (e.type === 'checkbox')) continue;
      const b = e.getBoundingClientRect(), style = getComputedStyle(e);
      if (!b.width || !b.height || style.visibility === 'hidden') continue;
      if (b.left < -0.5 || b.right > W + 0.5) bad.push(`${name(e)} [${b.left.toFixed(0)}, ${b.right.toFixed(0)}]`);
      if (e.tagName !== 'TEXTAREA' && b.height < 44 - 0.5) small.push(`${name(e)} ${b.height.toFixed(0)} px`);
    }
    return { bad, small, scroll: document.documentElement.scrollWidth, W, count: targets.length };
  });
  check(r.bad.length === 0, `${what}: every visible control is inside the ${r.W} px width (${r.bad.join('; ')})`);
  check(r.small.length === 0, `${what}: every touch target is at least 44 px high (${r.small.join('; ')})`);
  check(r.scroll <= r.W, `${what}: nothing scrolls sideways (${r.scroll} px wide)`);
}
const games = gameSamples;
// The board at a phone's size: its box in the width, the board as wide as
// the box at least, its smallest letter and its cells as shown (px).
async function boardSize(what) {
  const b = await tab.evaluate(() => {
    const scroll = document.getElementById('board-scroll').getBoundingClientRect(), svg = document.querySelector('#board svg');
    const shown = svg.getBoundingClientRect(), scale = shown.width / svg.viewBox.baseVal.width;
    const letters = [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect().height).filter(h => h > 0);
    return { left: scroll.left, right: scroll.right, box: document.getElementById('board-scroll').clientWidth, width: shown.width,
             letter: Math.min(...letters), cell: beytStudio.state.view.cell * scale, W: innerWidth };
  });
  check(b.left >= 0 && b.right <= b.W + 0.5 && b.width >= b.box - 1,
        `${what}: the board's box is in the width and the board fills it at least (box ${b.left.toFixed(0)}..${b.right.toFixed(0)}, board ${b.width.toFixed(0)} px)`);
  check(b.letter >= 10 - 0.05 && b.cell >= 44 - 0.05,
        `${what}: the board is legible: its smallest letter ${b.letter.toFixed(1)} px high (at least 10), a cell ${b.cell.toFixed(1)} px (at least 44)`);
  return b;
}
async function toPly(ply) {
  await tab.evaluate(p => {
    const g = beytStudio.state.outline.games[0], m = g.moves.find(x => x.path === p);
    const s = beytStudio.text(), starts = [0];
    for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) starts.push(i + 1);
    beytStudio.cursorTo(starts[m.line - 1] + m.column - 1);
    document.getElementById('text').blur();
  }, ply);
}
{
  await tab.setViewport({ width: 390, height: 844, deviceScaleFactor: 1 });
  // Tâb at a throw (the example record of a first visit ends where South or North throws): W, B, Throw, Play, Undo.
  const example = run(['generate', '--game', 'tab', '--seed', '1', '--count', '1', '--max-turns', '12']);
  await setText(example);
  await tab.evaluate(() => window.scrollTo(0, 0));
  const layout = await tab.evaluate(() => {
    const box = id => document.getElementById(id).getBoundingClientRect();
    const svg = document.querySelector('#board svg').getBoundingClientRect();
    // The smallest letter or numeral on the board as shown (px high on the screen).
    const letters = [...document.querySelectorAll('#board svg text')].map(t => t.getBoundingClientRect().height).filter(h => h > 0);
    return { board: box('board-box').top, entry: box('entry').top, text: box('editor').top, width: svg.width, letter: Math.min(...letters) };
  });
  check(layout.board < layout.entry && layout.entry < layout.text,
        `390x844: one column, the board first, then the entry, then the text (tops ${layout.board.toFixed(0)}, ${layout.entry.toFixed(0)}, ${layout.text.toFixed(0)})`);
  check(layout.width >= 350, `390x844: the board is scaled to the width at least (${layout.width.toFixed(0)} px of 390)`);
  check(layout.letter >= 10, `390x844: Tâb's letters are readable (the smallest ${layout.letter.toFixed(1)} px high; 6 to 8 px before)`);
  await boardSize('390x844, Tâb at a throw');
  const due = await tab.evaluate(() => !!beytStudio.state.view && beytStudio.state.view.chance.length > 0);
  check(due, 'the example record of Tâb ends at a throw (the face buttons are shown)');
  for (const sel of ['#throw-enter', '#faces [data-face="W"]', '#faces [data-face="B"]', '#play', '#undo', '#redo', '#new', '#open']) {
    const r = await tab.evaluate(s => {
      const e = document.querySelector(s);
      if (!e) return null;
      (e.type === 'file' ? e.parentElement : e).scrollIntoView({ block: 'center' });
      const b = (e.type === 'file' ? e.parentElement : e).getBoundingClientRect();
      return { left: b.left, right: b.right, top: b.top, bottom: b.bottom, height: b.height, W: innerWidth, H: innerHeight };
    }, sel);
    check(r && r.left >= 0 && r.right <= r.W && r.top >= 0 && r.bottom <= r.H && r.height >= 44,
          `390x844: ${sel} is on screen and at least 44 px high (${r ? `${r.left.toFixed(0)}..${r.right.toFixed(0)} x ${r.top.toFixed(0)}..${r.bottom.toFixed(0)}` : 'missing'})`);
  }
  await controlsFit('390x844, Tâb at a throw');
  // W, B, B, B and Throw by touch, at the phone's size: the táb.
  for (const f of ['W', 'B', 'B', 'B']) await tab.click(`#faces [data-face="${f}"]`);
  await tab.click('#throw-enter');
  const thrown = await tab.evaluate(() => document.getElementById('turn-so-far').textContent);
  check(/1WBBB/.test(thrown), `390x844: W, B, B, B and Throw tapped enter the táb (${thrown})`);
  await tab.evaluate(() => document.getElementById('print-box').open = true);
  await controlsFit('390x844, Print and share open');
  await tab.evaluate(() => document.getElementById('print-box').open = false);
}
// Each game at the phone's size and a laptop's: screenshots.
for (const g of games) {
  await setText(sample(g.file));
  await toPly(g.ply);
  for (const [w, h] of [[390, 844], [1366, 768]]) {
    await tab.setViewport({ width: w, height: h, deviceScaleFactor: 1 });
    await tab.evaluate(() => window.scrollTo(0, 0));
    if (w === 390) {
      await controlsFit(`390x844, ${g.name} at turn ${g.ply}`);
      const b = await boardSize(`390x844, ${g.name} at turn ${g.ply}`);
      if (b.width > b.box + 1) {
        // Larger than the screen: the focus ring of the board's keys is scrolled into view in its box.
        await tab.evaluate(() => { const c = document.querySelector('#cells .cell[tabindex="0"]') || document.querySelector('#cells .cell'); c.focus(); });
        for (let i = 0; i < 12; ++i) await tab.keyboard.press('ArrowRight');
        for (let i = 0; i < 12; ++i) await tab.keyboard.press('ArrowDown');
        const f = await tab.evaluate(() => {
          const e = document.activeElement, box = document.getElementById('board-scroll').getBoundingClientRect(), r = e.getBoundingClientRect();
          return { cell: e.dataset.cell, inside: r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1,
                   scrolled: document.getElementById('board-scroll').scrollLeft, H: innerHeight, top: r.top, bottom: r.bottom };
        });
        check(f.cell && f.inside && f.top >= 0 && f.bottom <= f.H && f.scrolled > 0,
              `390x844, ${g.name}: the focus ring on cell ${f.cell} is scrolled into view in the board's box (${JSON.stringify(f)})`);
        console.log(`ok - 390x844, ${g.name}: the board (${b.width.toFixed(0)} px wide) scrolls in its box, the focus ring on ${f.cell} in view`);
        await tab.evaluate(() => { document.activeElement.blur(); document.getElementById('board-scroll').scrollTo(0, 0); window.scrollTo(0, 0); });
      }
    }
    const shot = path.join(out, `studio-${g.name}-${w}x${h}.png`);
    await tab.screenshot({ path: shot });
  }
  console.log(`ok - ${g.name}: screenshots ${path.join(out, `studio-${g.name}-{390x844,1366x768}.png`)}`);
}

// --- any hand: the Tab order and the board by keys ------------------------------
{
  await tab.setViewport({ width: 1366, height: 768 });
  const seegaTags = sample('samples/seega/walker-5x5.beyt').replace(/\n\n[\s\S]*$/, '\n\n*\n').replace('[Result "0-1"]', '[Result "*"]');
  await setText(seegaTags);
  await tab.evaluate(() => { document.activeElement.blur(); window.scrollTo(0, 0); });
  // Tab from the first control of the page (New record): every control in the order of the page.
  await tab.focus('#new');
  const order = ['new'];
  for (let i = 0; i < 40; ++i) {
    await tab.keyboard.press('Tab');
    order.push(await tab.evaluate(() => {
      const e = document.activeElement;
      return e.dataset.cell ? 'cell' : e.dataset.go ? 'step-' + e.dataset.go : e.id || e.tagName.toLowerCase();
    }));
  }
  const want = ['new', 'open', 'format', 'save-beyt', 'save-json', 'save-xml', 'copy-svg', 'save-svg', 'strict', 'flip', 'text',
                'step-first', 'step-prev', 'step-next', 'step-last', 'cell', 'move', 'play', 'undo', 'redo', 'comment'];
  const at = want.map(w => order.indexOf(w));
  check(at.every(i => i >= 0) && at.every((i, k) => k === 0 || i > at[k - 1]),
        `Tab goes through the page in order, Open… included, the board one stop (${order.join(' ')})`);
  const round = order.slice(0, order.indexOf('new', 1) > 0 ? order.indexOf('new', 1) : order.length);  // once round the page
  check(round.filter(x => x === 'cell').length === 1, `the board is one Tab stop (the arrow keys go over its cells): ${round.join(' ')}`);
  // Every cell and every button has a name in words.
  const unnamed = await tab.evaluate(() => {
    const name = e => e.getAttribute('aria-label') || e.textContent.trim();
    return [...document.querySelectorAll('#cells [data-cell], button')].filter(e => !/\p{L}/u.test(name(e))).map(e => e.outerHTML.slice(0, 60));
  });
  check(unnamed.length === 0, `every cell and button is named in words (${unnamed.join('; ')})`);
  const cellLabel = await tab.evaluate(() => document.querySelector('#cells [data-cell="c3"]').getAttribute('aria-label'));
  check(/^cell c3/.test(cellLabel), `a cell's label is its name (${cellLabel})`);

  // A Seega placement by keys alone: Tab to the board, arrows to a cell, Enter, Escape unpicks, Enter twice.
  async function keysTo(cell) {
    for (let i = 0; i < 30; ++i) {
      const d = await tab.evaluate(c => {
        const v = beytStudio.state.view, a = v.cells[document.activeElement.dataset.cell], b = v.cells[c];
        return { dx: b[0] - a[0], dy: b[1] - a[1] };
      }, cell);
      if (Math.abs(d.dx) < 1 && Math.abs(d.dy) < 1) return true;
      await tab.keyboard.press(Math.abs(d.dx) >= Math.abs(d.dy) ? (d.dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (d.dy > 0 ? 'ArrowDown' : 'ArrowUp'));
    }
    return false;
  }
  await tab.focus('[data-go="last"]');
  await tab.keyboard.press('Tab');
  check(await tab.evaluate(() => !!document.activeElement.dataset.cell), 'Tab after the steps is on a cell of the board');
  const [a, b] = await tab.evaluate(() => { const v = beytStudio.state.view; return beytStudio.keys(v.moves[0]); });
  const ring = await tab.evaluate(() => getComputedStyle(document.activeElement).stroke);
  check(ring && ring !== 'none', `the cell with the focus has a ring (stroke ${ring})`);
  check(await keysTo(a), `the arrow keys reach ${a}`);
  await tab.keyboard.press('Enter');
  check(await tab.evaluate(c => beytStudio.state.clicks.join() === c, a), `Enter on ${a} picks it`);
  await tab.keyboard.press('Escape');
  check(await tab.evaluate(() => beytStudio.state.clicks.length === 0), 'Escape unpicks');
  await tab.keyboard.press('Enter');
  check(await keysTo(b), `the arrow keys reach ${b}`);
  await tab.keyboard.press('Enter');
  await tab.waitForFunction(() => beytStudio.checked(), { timeout: 20000 });
  const placed = await tab.evaluate(() => beytStudio.text());
  const move = await tab.evaluate(() => beytStudio.state.outline.games[0].moves.map(m => m.move).join(' '));
  check(new RegExp(`1\\. ${a},${b}|1\\. ${b},${a}`).test(placed), `a Seega placement entered by keys alone: ${a} and ${b} (${move})`);
  check(await tab.evaluate(() => !!document.activeElement.dataset.cell), 'the focus stays on the board after a move');
  check(valid(placed), 'the record with the placement passes validate --strict');

  // A Mankalah sowing by keys alone (the game of the wise, after its tebweez and the turning of the board).
  const akil = sample('samples/mankalah/akil-board.beyt').replace(/\n\n\{One board[\s\S]*$/, '\n\n1. =0,17,0,11,0,0,0,25,0,19,0,0 2. turn *\n');
  await setText(akil);
  await tab.evaluate(() => document.activeElement.blur());
  await tab.focus('[data-go="last"]');
  await tab.keyboard.press('Tab');
  const house = await tab.evaluate(() => {
    const v = beytStudio.state.view;
    return v.moves.map(m => ({ move: m.move, keys: beytStudio.keys(m) })).find(m => m.keys.length === 1);
  });
  check(!!house && await keysTo(house.keys[0]), `the arrow keys reach a house to sow from (${house && house.keys[0]})`);
  await tab.keyboard.press('Enter');
  await tab.waitForFunction(() => beytStudio.checked(), { timeout: 20000 });
  const sown = await tab.evaluate(() => beytStudio.text());
  check(sown.includes(`2. turn 3. ${house.move}`), `a Mankalah sowing entered by keys alone: 3. ${house.move}`);
  check(valid(sown), 'the record with the sowing passes validate --strict');
}

// --- print: the board, its caption and the moves --------------------------------
{
  const file = path.join(source, 'samples/seega/walker-5x5.beyt');
  await setText(sample('samples/seega/walker-5x5.beyt'));
  await toPly('15');
  await tab.emulateMediaType('print');
  const shown = await tab.evaluate(() => {
    window.dispatchEvent(new Event('beforeprint'));  // what Ctrl+P sends first
    const seen = id => { const e = document.getElementById(id); return !!e && e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none'; };
    return { bar: seen('bar'), editor: seen('left'), entry: seen('entry'), steps: seen('steps'), legend: seen('legend-box'), share: seen('print-box'),
             board: !!document.querySelector('#board svg') && document.querySelector('#board svg').getBoundingClientRect().width > 100,
             caption: seen('caption'), moves: seen('print-moves'), text: document.getElementById('print-moves').textContent };
  });
  const formatted = run(['format', file]);
  const moves = formatted.slice(formatted.indexOf('\n\n') + 2);
  check(!shown.bar && !shown.editor && !shown.entry && !shown.steps && !shown.legend && !shown.share,
        `print: nothing of the interface is printed (${JSON.stringify(shown, (k, v) => k === 'text' ? undefined : v)})`);
  check(shown.board && shown.caption && shown.moves, 'print: the board, its caption and the moves are printed');
  check(shown.text === moves, `print: the moves are those beyt format writes (${shown.text.slice(0, 60)}…)`);
  await tab.screenshot({ path: path.join(out, 'studio-print.png') });
  await tab.emulateMediaType(null);
}

// --- plates, figure sheets, TikZ and the viewer, as beyt render writes them -------
{
  const file = path.join(source, 'samples/tab/lane-9.beyt');
  await setText(sample('samples/tab/lane-9.beyt'));
  await toPly('12');
  const cases = [
    { what: 'the mono plate', button: '#plate-svg', mono: true, plies: '', ext: '.svg', name: 'beyt-samples-ply-12.svg',
      cli: ['render', file, '--format', 'svg', '--mono', '--ply', '12'] },
    { what: 'the TikZ picture', button: '#plate-tikz', mono: false, plies: '', ext: '.tex', name: 'beyt-samples-ply-12.tex',
      cli: ['render', file, '--format', 'tikz', '--ply', '12'] },
    { what: 'a figure sheet', button: '#plate-svg', mono: false, plies: '0, 12,30', ext: '.svg', name: 'beyt-samples-plies-0-12-30.svg',
      cli: ['render', file, '--format', 'svg', '--plies', '0,12,30'] },
    { what: 'the viewer page', button: '#viewer-html', mono: true, plies: '', ext: '.html', name: 'beyt-samples-viewer.html',
      cli: ['render', file, '--format', 'html', '--mono'] },
  ];
  await tab.evaluate(() => document.getElementById('print-box').open = true);
  for (const c of cases) {
    clearDownloads();
    await tab.evaluate((mono, plies) => { document.getElementById('mono').checked = mono; document.getElementById('plies').value = plies; }, c.mono, c.plies);
    await tab.click(c.button);
    const got = await downloaded(c.ext);
    check(got === c.name, `${c.what}: downloaded as ${c.name} (${got})`);
    check(got && fs.readFileSync(path.join(downloads, got), 'utf8') === run(c.cli), `${c.what} is byte for byte beyt ${c.cli.slice(2).join(' ')}`);
  }
  // A ply the game does not have: said, nothing downloaded.
  clearDownloads();
  await tab.evaluate(() => { document.getElementById('plies').value = '400'; });
  await tab.click('#plate-svg');
  const said = await tab.$eval('#entry-error', e => e.textContent);
  check(/game 1 has only 82 turns \(ply 400\)/.test(said) && fs.readdirSync(downloads).length === 0, `a ply the game does not have is said, nothing downloaded (${said})`);
  await tab.evaluate(() => { document.getElementById('plies').value = ''; document.getElementById('mono').checked = false; });
  // Names: the Event made safe, else the game's name; a file opened keeps its own for the record.
  clearDownloads();
  await setText(sample('samples/tab/lane-9.beyt').replace('[Event "beyt samples"]', '[Event "Cairo: Lane\'s game / 1835?"]'));
  await toPly('3');
  await tab.click('#save-svg');
  check(await downloaded('.svg') === 'Cairo-Lane-s-game-1835-ply-3.svg', `the Event made a safe file name (${fs.readdirSync(downloads)})`);
  clearDownloads();
  await setText(sample('samples/tab/lane-9.beyt').replace('[Event "beyt samples"]', '[Event "?"]'));
  await tab.click('#save-beyt');
  check(await downloaded('.beyt') === 'tab.beyt', `no Event, no file: the game's name (${fs.readdirSync(downloads)})`);
  clearDownloads();
  await (await tab.$('#open')).uploadFile(path.join(source, 'samples/seega/walker-5x5.beyt'));
  await tab.waitForFunction(() => document.getElementById('file-name').textContent === 'walker-5x5.beyt', { timeout: 20000 });
  await tab.click('#save-json');
  check(await downloaded('.json') === 'walker-5x5.json', `a file opened: the record downloads under its name (${fs.readdirSync(downloads)})`);
  await tab.evaluate(() => document.getElementById('print-box').open = false);
}

// --- the record formats: the Open… list and the downloads are the library's table ------
// The table read through the page's module (beyt.formats(), notation::formats());
// its names are the command line's (the list `beyt convert --to` gives with an
// unknown format); each download button writes what `beyt convert --to` does,
// under the format's usual extension, with its media type.
{
  const table = await tab.evaluate(() => beyt.formats());
  const cliNames = spawnSync(beyt, ['convert', '--to', 'no-such-format', '-'], { input: '', encoding: 'utf8' }).stderr.match(/formats: ([a-z, ]+)\)/);
  check(cliNames && JSON.stringify(table.map(f => f.name)) === JSON.stringify(cliNames[1].split(', ')),
        `the page's table of formats is the command line's, in its order (${table.map(f => f.name)}; ${cliNames && cliNames[1]})`);
  check(table.length > 0 && table.every(f => f.extensions.length > 0 && /^[a-z]+\/[a-z0-9.+-]+$/.test(f.mediaType) && f.description),
        `every format has extensions, a media type and a description (${table.map(f => `${f.name} ${f.extensions} ${f.mediaType}`).join('; ')})`);
  check(table.every(f => f.available === (f.name !== 'xml' || xml)), `every format is available but XML in a page built without it (XML in the build: ${xml})`);
  const page = await tab.evaluate(() => ({
    accept: document.getElementById('open').accept,
    buttons: [...document.querySelectorAll('#downloads button')].map(b => ({ id: b.id, label: b.textContent, disabled: b.disabled })),
  }));
  const accept = table.filter(f => f.available).flatMap(f => f.extensions).join(',');
  check(page.accept === accept, `Open… offers the extensions of the table (${page.accept}; the table's ${accept})`);
  const buttons = table.map(f => ({ id: `save-${f.extensions[0].slice(1)}`, label: f.extensions[0], disabled: !f.available }));
  check(JSON.stringify(page.buttons) === JSON.stringify(buttons),
        `a download button for each format, in the table's order, named by its usual extension (${JSON.stringify(page.buttons)})`);
  const file = path.join(source, 'samples/seega/walker-5x5.beyt');
  await setText(sample('samples/seega/walker-5x5.beyt'));
  for (const f of table.filter(f => f.available)) {
    const got = await tab.evaluate(async id => {
      const made = [], names = [];
      const create = URL.createObjectURL, click = HTMLAnchorElement.prototype.click;
      URL.createObjectURL = blob => { made.push(blob); return create.call(URL, blob); };
      HTMLAnchorElement.prototype.click = function () { names.push(this.download); };  // no file written
      try { document.getElementById(id).click(); } finally { URL.createObjectURL = create; HTMLAnchorElement.prototype.click = click; }
      return made.length === 1 ? { type: made[0].type, name: names[0], text: await made[0].text() } : null;
    }, `save-${f.extensions[0].slice(1)}`);
    check(got && got.type === f.mediaType && got.name === `beyt-samples${f.extensions[0]}`,
          `${f.extensions[0]}: downloaded as beyt-samples${f.extensions[0]} (its Event), ${f.mediaType} (${got && got.name}, ${got && got.type})`);
    check(got && got.text === run(['convert', '--to', f.name, file]), `${f.extensions[0]}: byte for byte beyt convert --to ${f.name}`);
  }
  // Save where there is no file to write to (nor a picker): a record that came
  // from no file downloads under its format's extension and media type.
  const jsonRow = table.find(f => f.name === 'json');
  await setText(run(['convert', '--to', 'json', file]));
  const saved = await tab.evaluate(async () => {
    const made = [], names = [];
    const create = URL.createObjectURL, click = HTMLAnchorElement.prototype.click, picker = window.showSaveFilePicker;
    URL.createObjectURL = blob => { made.push(blob); return create.call(URL, blob); };
    HTMLAnchorElement.prototype.click = function () { names.push(this.download); };
    window.showSaveFilePicker = undefined;
    try {
      document.getElementById('save').click();
      // (Until the download is asked for, 10 s at most: a loaded machine takes its time.)
      for (let i = 0; i < 200 && !(made.length && names.length); ++i) await new Promise(r => setTimeout(r, 50));
    } finally { URL.createObjectURL = create; HTMLAnchorElement.prototype.click = click; window.showSaveFilePicker = picker; }
    return made.length === 1 ? { type: made[0].type, name: names[0] } : null;
  });
  check(saved && saved.name === `beyt-samples${jsonRow.extensions[0]}` && saved.type === jsonRow.mediaType,
        `Save names a JSON record that came from no file by its format (${saved && saved.name}, ${saved && saved.type})`);
}

// --- a share link ---------------------------------------------------------------
{
  const record = sample('samples/umelbanat/four-stages.beyt');
  await setText(record);
  await tab.evaluate(() => document.getElementById('print-box').open = true);
  await tab.click('#share');
  await tab.waitForFunction(() => !document.getElementById('share-url').hidden, { timeout: 10000 });
  const link = await tab.$eval('#share-url', e => e.value);
  check(link.startsWith(url + '#record=') && /^[A-Za-z0-9_-]+$/.test(link.slice(url.length + 8)),
        `the share link is the page's address with the record, base64url, after # (${link.length} characters for ${record.length})`);
  check(link.length < record.length, 'the record is compressed in the link');
  // Another record kept, then the link opened: its record, and Undo brings back the one before.
  await setText(sample('samples/seega/walker-5x5.beyt'));
  await tab.waitForFunction(() => !beytStudio.kept().dirty, { timeout: 20000 });
  await tab.goto('about:blank');
  await open(link);
  check(await tab.evaluate(() => beytStudio.text()) === record, 'the share link opens the same record');
  check(await tab.evaluate(() => location.hash === ''), 'the address loses the record once opened (a reload shows the work since)');
  const broken = link.slice(0, link.length - 40);
  await tab.goto('about:blank');
  await open(broken);
  const said = await tab.$eval('#entry-error', e => e.textContent);
  check(/cannot read|cut short/.test(said), `a link cut short says so (${said})`);
}

await finish(session);
