// The studio page (build/studio.html, docs/STUDIO.md) in a real browser:
// Debian's Chromium, headless, driven by puppeteer-core, the page opened from
// file://. What it checks:
//   * parity: every text and JSON file of samples/invalid/ (and XML file,
//     when the page was built with XML), opened through the page's Open
//     button, gets the diagnostics `beyt validate --diagnostics json` prints
//     (code, line, column, severity, message), with and without --strict,
//     and the page lists them;
//   * entry: the main line of a sample of each game is entered by clicks on
//     the board (and on the buttons of the moves that have no cell: a pass,
//     turning the board, a board's or stage's end, a throw forfeited, a dleb
//     stored), Tâb's and Dleb's throws as the sample records them (the
//     engine's outcome buttons, the billets clicked one by one, a throw with
//     its sticks' faces typed), after the tag section alone was pasted; the
//     record downloaded with the .beyt button is byte for byte `beyt format`
//     of the sample's main line and passes validate --strict; a Tâb game
//     transcribed from Lane's description (his "táb and four and two", the
//     capture from m through s into a) is entered so and passes validate
//     --strict; Undo inside a turn takes back its last event;
//     a different move at an earlier turn starts a variation; Undo takes a
//     move back; the text survives a reload;
//   * issue 31: a first visit opens with an example record (beyt generate
//     --seed 1 --max-turns 12) and its board; Tâb's throws by the sticks'
//     faces (W, B, B, B, then Throw), a count by its button; a click on the
//     adversary's kelb or Seega's centre while placing says why; a picked
//     cell clicked again is unpicked; Lane's I then Q is the whole path; the
//     entry buttons have tooltips and aria-labels; the legend of the
//     pieces; the New record dialog at 1366x768 and 390x844 (Create in
//     view, Enter creates); Redo, Ctrl+Z and Ctrl+Shift+Z;
//   * the board: a pasted sample of each of the five games shows at its last
//     turn the SVG `beyt render --format svg` draws;
//   * window.beyt: validate, legalEvents and render answer as the command line;
//   * the page names no http: or https: address and asks the network for
//     nothing; no script error.
// It writes a screenshot of each game's editor to OUT/studio-GAME.png and
// prints the budget figures of issue 22 (no timed assertion): the time from
// navigation to the first board, the validation time per keystroke on a
// 300-turn record, the page's size; and those of long records (issues 31
// and 32: a keystroke in a 3 000-turn record under 50 ms at the 95th
// percentile), printed with "within" or "OVER" their budget.
//
//   node tests/browser/studio.test.mjs --beyt build/beyt --page build/studio.html --source . --out build/studio-test --xml ON
//
// Chromium: /usr/bin/chromium (BEYT_CHROMIUM to use another). If it cannot
// be started the test fails and says why; it never passes without a browser.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { check, finish, gameSamples, startBrowser } from './harness.mjs';
import * as steps from './studio-steps.mjs';

// The arguments; the command line's answers.
const { beyt, page, source, out, cli, xml } = steps.studioArgs('studio.test.mjs', '', { xml: true });
function run(argv) {
  return execFileSync(beyt, argv, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
}

const html = fs.readFileSync(page, 'utf8');
check(!/https?:/i.test(html), 'the page names no http: or https: address');
const pageBytes = fs.statSync(page).size;

const downloads = path.join(out, 'downloads');
fs.mkdirSync(downloads, { recursive: true });
const session = await startBrowser({ width: 1280, height: 860 });
const tab = session.tab;
// The page asks before it replaces a record that storage refused (a paste of
// megabytes here): the person says yes (studio-keep.test.mjs tests the asking).
tab.on('dialog', d => d.accept());
const cdp = await tab.createCDPSession();
await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });

const url = 'file://' + page;
async function open() {
  await steps.openPage(tab, url);
}
await open();
// A first visit (a new profile, nothing kept): an example record of the first
// game of the table, with its board (issue 31, item 9), not a warning.
{
  const first = JSON.parse(run(['games', '--json'])).games[0].name;
  await tab.waitForFunction(() => beytStudio.checked(), { timeout: 20000 });
  const shown = await tab.evaluate(() => ({ text: beytStudio.text(), board: !!document.querySelector('#board svg'), problems: beytStudio.state.diagnostics.length,
                                            said: document.getElementById('entry-error').textContent }));
  const want = run(['generate', '--game', first, '--seed', '1', '--count', '1', '--max-turns', '12']);
  check(shown.text === want && shown.board && shown.problems === 0 && /example record/.test(shown.said),
        `a first visit opens with an example record of ${first} (beyt generate --seed 1 --max-turns 12), its board and no problem (${shown.problems} problems; ${shown.said})`);
}
// Forgets what the page kept (its records; which one this tab shows), once
// the last change is kept (it would be written again after the clearing).
async function forgetKept() {
  await tab.waitForFunction(() => !beytStudio.kept().dirty, { timeout: 20000 });
  await tab.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
}
await forgetKept();

// Pastes `text` over the whole editor (Ctrl+A, Ctrl+V), the cursor at the end.
const paste = text => steps.paste(tab, text);

// --- the budget: time to the first board ------------------------------------
{
  const sample = fs.readFileSync(path.join(source, 'samples/seega/walker-5x5.beyt'), 'utf8');
  await tab.evaluate(t => localStorage.setItem('beyt-studio', JSON.stringify({ name: 'walker-5x5.beyt', text: t })), sample);
  const times = [];
  for (let i = 0; i < 3; ++i) {
    await open();
    await tab.waitForFunction(() => window.beytStudio && beytStudio.timings.firstBoard !== null, { timeout: 60000 });
    times.push(await tab.evaluate(() => beytStudio.timings.firstBoard));
  }
  check(await tab.$eval('#text', t => t.value.includes('[Game "seega"]')), 'the text survives a reload (local storage)');
  console.log(`# budget: time from navigation to the first board: ${times.map(t => t.toFixed(0)).join(', ')} ms (3 loads; budget 1 000 ms)`);
  await forgetKept();
  await open();
}

// --- parity with beyt validate -----------------------------------------------
{
  // Text and JSON; XML too when the page was built with it (docs/STUDIO.md, "XML"; --xml).
  const dir = path.join(source, 'samples/invalid');
  const files = fs.readdirSync(dir).filter(f => (xml ? /\.(beyt|json|xml)$/ : /\.(beyt|json)$/).test(f)).sort();
  let compared = 0;
  for (const f of files) {
    const file = path.join(dir, f);
    const input = await tab.$('#open');
    await input.uploadFile(file);
    await tab.waitForFunction(name => document.getElementById('file-name').textContent === name &&
                                      beytStudio.state.diagnostics !== undefined, { timeout: 20000 }, f);
    for (const strict of [false, true]) {
      const want = cli(['validate', '--diagnostics', 'json', '-j', '1', ...(strict ? ['--strict'] : []), file]).stdout
        .split('\n').filter(Boolean).map(l => JSON.parse(l));
      const shown = await tab.evaluate(async s => {
        const box = document.getElementById('strict');
        if (box.checked !== s) box.click();
        return { got: beytStudio.state.diagnostics, listed: document.querySelectorAll('#problems li').length };
      }, strict);
      const key = d => `${d.code} ${d.line}:${d.column} ${d.severity} ${d.message}`;
      const same = JSON.stringify(shown.got.map(key)) === JSON.stringify(want.map(key));
      check(same, `${f}${strict ? ' --strict' : ''}: the page's diagnostics ${JSON.stringify(shown.got.map(key))} ` +
                  `are beyt validate's ${JSON.stringify(want.map(key))}`);
      check(shown.listed === want.length, `${f}${strict ? ' --strict' : ''}: ${shown.listed} problems listed, ${want.length} wanted`);
      ++compared;
    }
    await tab.evaluate(() => { const box = document.getElementById('strict'); if (box.checked) box.click(); });
  }
  check(files.length >= 60, `samples/invalid/ holds the text and JSON files (${files.length})`);
  console.log(`ok - parity: ${files.length} files of samples/invalid/ (${xml ? 'with' : 'without'} XML), ${compared} comparisons with beyt validate`);
  if (!xml) {
    const said = await tab.evaluate(t => beyt.validate(t, { file: 'x.xml' })[0].message, '<beyt version="1"/>');
    check(/command line/.test(said), `a page without XML says XML needs the command line (${said})`);
  }
  // A problem clicked puts the cursor at its place.
  await tab.click('#problems li');
  const place = await tab.evaluate(() => {
    const t = document.getElementById('text'), li = document.querySelector('#problems li');
    const before = t.value.slice(0, t.selectionStart);
    return { want: `${li.dataset.line}:${li.dataset.column}`, got: `${before.split('\n').length}:${[...before.slice(before.lastIndexOf('\n') + 1)].length + 1}` };
  });
  check(place.want === place.got, `a problem clicked moves the cursor to ${place.want} (${place.got})`);
}

// --- the board at the last turn of each game's sample, and screenshots --------
async function boardIs(reference, what) {
  const r = await tab.evaluate(svgText => {
    const svg = document.querySelector('#board svg');
    if (!svg) return { error: 'no board shown' };
    const ref = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
    const s = new XMLSerializer();
    const box = svg.getBoundingClientRect();
    return { same: s.serializeToString(svg) === s.serializeToString(ref), drawn: box.width > 100 && box.height > 50,
             path: document.getElementById('board').dataset.path };
  }, reference);
  check(!r.error, `${what}: ${r.error || ''}`);
  check(r.same, `${what}: the board shown is beyt's SVG`);
  check(r.drawn, `${what}: the board is drawn on the screen`);
  return r.path;
}

const samples = gameSamples;
for (const s of samples) {
  const text = fs.readFileSync(path.join(source, s.file), 'utf8');
  await paste(text);
  const turns = run(['render', path.join(source, s.file), '--format', 'position', '--every', '1']).trim().split('\n').length - 1;
  const shown = await boardIs(run(['render', path.join(source, s.file), '--format', 'svg']), `${s.name}: pasted, last turn`);
  check(shown === String(turns), `${s.name}: the board is that of turn ${turns} (${shown})`);
  // window.beyt.render: the same SVG as the command line, at any turn.
  const api = await tab.evaluate((t, p) => beyt.render(t, p), text, s.ply);
  check(api === run(['render', path.join(source, s.file), '--format', 'svg', '--ply', s.ply]),
        `${s.name}: window.beyt.render(text, ${s.ply}) is render --format svg --ply ${s.ply}`);
  // Keys: Home, then Right to the turn of the screenshot.
  await tab.evaluate(() => document.getElementById('text').blur());
  await tab.keyboard.press('Home');
  check(await boardIs(run(['render', path.join(source, s.file), '--format', 'svg', '--ply', '0']), `${s.name}: Home`) === '0',
        `${s.name}: Home shows the start`);
  for (let i = 0; i < Number(s.ply); ++i) {
    await tab.keyboard.press('ArrowRight');
    await tab.evaluate(() => document.getElementById('text').blur());
  }
  check(await boardIs(run(['render', path.join(source, s.file), '--format', 'svg', '--ply', s.ply]), `${s.name}: Right x ${s.ply}`) === s.ply,
        `${s.name}: Right ${s.ply} times shows turn ${s.ply}`);
  await tab.evaluate(() => window.scrollTo(0, 0));
  await tab.screenshot({ path: path.join(out, `studio-${s.name}.png`) });
  console.log(`ok - ${s.name}: ${turns} turns; screenshot ${path.join(out, `studio-${s.name}.png`)}`);
}

// --- window.beyt.legalEvents: the engine's list for a position text -----------
{
  const file = path.join(source, 'samples/seega/walker-5x5.beyt');
  const position = run(['render', file, '--format', 'position', '--ply', '14']).trim();
  const events = await tab.evaluate(p => beyt.legalEvents('seega', 'walker', p), position);
  check(Array.isArray(events) && events.includes('a2-b2xb3-a2xa3') && events.includes('a2-b2xb3'),
        `legalEvents at turn 14 of walker-5x5 lists the turn played and its variation (${events.length} events)`);
  const at = await tab.evaluate(t => beyt.position(t, '14'), fs.readFileSync(file, 'utf8'));
  check(at.position === position, `beyt.position(text, 14) is render --format position --ply 14 (${at.position})`);
  check(JSON.stringify(at.moves) === JSON.stringify(events), 'beyt.position lists the events legalEvents lists');
  const failed = await tab.evaluate(() => { try { beyt.legalEvents('seega', 'walker', 'garbage'); return false; } catch (e) { return e.message; } });
  check(typeof failed === 'string' && failed.length > 0, `legalEvents of a bad position text throws (${failed})`);
  // legalMoves, the old name, warns once and answers as legalEvents.
  const old = await tab.evaluate(p => {
    const warned = [], warn = console.warn;
    console.warn = (...a) => warned.push(a.join(' '));
    try { return { list: [beyt.legalMoves('seega', 'walker', p), beyt.legalMoves('seega', 'walker', p)], warned }; }
    finally { console.warn = warn; }
  }, position);
  check(JSON.stringify(old.list) === JSON.stringify([events, events]) &&
        old.warned.length === 1 && old.warned[0].includes('use beyt.legalEvents'),
        `legalMoves (the old name) warns once (${old.warned}) and lists what legalEvents lists`);
}

// --- entering the main line of a sample by clicks -----------------------------
// The file the last click downloaded (the folder is emptied before each).
async function latestDownload(before, ext) {
  for (let i = 0; i < 100; ++i) {
    const now = fs.readdirSync(downloads).filter(f => f.endsWith(ext) && !before.includes(f));
    if (now.length) {
      const f = path.join(downloads, now[0]);
      await new Promise(r => setTimeout(r, 100));
      return f;
    }
    await new Promise(r => setTimeout(r, 100));
  }
  return null;
}

// Clicks the cell `cell` of the board where it is on the screen.
async function clickCell(cell) {
  await clickCells([cell]);
}
// Clicks the cells `cells` in turn.
const clickCells = cells => steps.clickCells(tab, cells);

// The events of a turn (NOTATION.md section 12): its throws, then its uses,
// as the canonical text lists them; an Um el-Banât turn's sowings; a
// Mankalah tebweez's counts (`=10,2,...`: the counts without the `=`).
function turnEvents(turn) {
  if (turn.startsWith('=')) return turn.slice(1).split(',');
  const colon = turn.indexOf(':');
  const throws = (colon < 0 ? turn : turn.slice(0, colon)).split(',');
  return colon < 0 ? throws : throws.concat(turn.slice(colon + 1).split(','));
}

// Enters one event of a Tâb or Dleb turn as a person would: a throw by the
// engine's outcome button when it is written so, by its billets clicked one
// by one (Dleb; `tally.typeBillets`: typed instead, as a transcriber who
// knows the notation does), else typed as the source records it (Tâb's
// sticks' faces);
// a use by its piece and where it goes clicked on the board (and the choice
// of the two events that share those cells: one man of a double), or by its
// button (a forfeit, a dleb stored). Counts what it did in `tally`.
async function enterEvent(ev, tally) {
  const at = await tab.evaluate(x => {
    const v = beytStudio.state.view;
    const found = v && v.moves && v.moves.find(m => m.move === x);
    return { chance: v && v.chance.length > 0, keys: found ? beytStudio.keys(found) : null, game: v && v.game,
             throwButton: !!document.querySelector(`#throws button[data-throw="${x}"]`) };
  }, ev);
  if (at.chance) {
    if (at.throwButton) {
      await tab.click(`#throws button[data-throw="${ev}"]`);
      ++tally.buttons;
    } else if (/^[BWG]+$/.test(ev) && !tally.typeBillets) {
      for (const f of ev) { await tab.click(`#faces button[data-face="${f}"]`); ++tally.faces; }
      await tab.click('#throw-enter');
      ++tally.buttons;
    } else if (tally.typeBillets) {
      // Typed into the throw field and Enter, in one step (the billets as a
      // paste: the field's value, then its form submitted).
      await tab.evaluate(t => { document.getElementById('throw').value = t; document.getElementById('throw-form').requestSubmit(); }, ev);
      ++tally.typed;
    } else {
      await tab.click('#throw', { clickCount: 3 });
      await tab.type('#throw', ev);
      await tab.keyboard.press('Enter');
      ++tally.typed;
    }
    return;
  }
  if (!at.keys) throw new Error(`${ev} is not among the events the page lists`);
  await clickMove(ev, at.keys, tally);
}

// A move (or event) the engine lists, with the cells a person clicks for
// it: the cells, then the button that ends it there if one is offered (a
// Seega capture that could go on, Walker's rule 9; one man of a double);
// no cell: its button (a pass, a throw forfeited, a dleb stored, ...).
async function clickMove(move, keys, tally) {
  if (keys.length) {
    await clickCells(keys);
    tally.clicks += keys.length;
    const stop = await tab.$(`#choices button.stop[data-move="${move}"]`);
    if (stop) { await stop.click(); ++tally.buttons; }
  } else if (await tab.$(`#choices button[data-move="${move}"]`)) {
    await tab.click(`#choices button[data-move="${move}"]`);
    ++tally.buttons;
  } else {
    // Many events without a cell (a tebweez count): picked from the list.
    await tab.select('#event-pick', move);
    await tab.click('#event-play');
    ++tally.picks;
  }
}

// Enters the turn `move` at the position shown: a whole move by clicks or
// its button, a turn of several events (Tâb, Dleb, an Um el-Banât turn that
// may peck, a Mankalah tebweez) event by event. The first such turn of more
// than one event that is not a throw (`tally.undoOnce`): its first event,
// the turn so far shown, Undo, and again.
async function enterTurn(name, move, tally) {
  const step = await tab.evaluate(m => {
    const v = beytStudio.state.view;
    const found = v && v.moves && v.moves.find(x => x.move === m);
    return { byEvent: v && v.byEvent, chance: v && v.chance.length > 0, keys: found ? beytStudio.keys(found) : null };
  }, move);
  if (step.byEvent) {
    const events = turnEvents(move);
    if (tally.undoOnce && !step.chance && events.length > 1) {
      tally.undoOnce = false;
      await enterEvent(events[0], tally);
      const so = await tab.evaluate(() => ({ events: beytStudio.state.events, so: document.getElementById('turn-so-far').textContent }));
      check(JSON.stringify(so.events) === JSON.stringify([events[0]]) && so.so.includes(events[0]),
            `${name}: the first event of ${move} is the turn so far (${JSON.stringify(so)})`);
      await tab.click('#undo');
      const back = await tab.evaluate(() => beytStudio.state.events.length);
      check(back === 0, `${name}: Undo in the turn takes back its event (${back} left)`);
    }
    for (const ev of events) await enterEvent(ev, tally);  // a wrong one: its turn is not written (checked after)
    ++tally.events;
    if (events.length > 1) ++tally.longEvents;
  } else if (step.keys) {
    await clickMove(move, step.keys, tally);
  } else {
    check(false, `${name}: ${move} is among the moves the page lists`);
  }
}

// The record downloaded with the .beyt button.
async function downloadBeyt() {
  for (const f of fs.readdirSync(downloads)) fs.rmSync(path.join(downloads, f));
  await tab.click('#save-beyt');
  return latestDownload([], '.beyt');
}

const entries = [
  { name: 'seega', file: 'samples/seega/walker-5x5.beyt' },
  { name: 'mankalah', file: 'samples/mankalah/akil-board.beyt' },
  { name: 'umelbanat', file: 'samples/umelbanat/four-stages.beyt' },
  { name: 'tab', file: 'samples/tab/lane-9.beyt' },
  { name: 'dleb', file: 'samples/dleb/marin-2x2.beyt' },
];
for (const e of entries) {
  // The reference: the sample's main line alone (no variation, comment or
  // NAG), in canonical form.
  const json = JSON.parse(run(['convert', path.join(source, e.file), '--to', 'json']));
  const game = json.games[0];
  game.moves = game.moves.map(m => ({ move: m.move }));
  delete game.comments;
  const mainJson = path.join(out, `${e.name}-main.json`);
  fs.writeFileSync(mainJson, JSON.stringify(json));
  const reference = run(['format', mainJson, '--to', 'text']);
  // The tag section alone is pasted; every move is clicked.
  const tags = reference.slice(0, reference.indexOf('\n\n') + 2) + game.result + '\n';
  await paste(tags);
  const tally = { clicks: 0, buttons: 0, faces: 0, typed: 0, picks: 0, events: 0, longEvents: 0,
                  undoOnce: e.name === 'mankalah' || e.name === 'umelbanat' };
  const started = Date.now();
  let turn = 0;
  const want = await tab.evaluate(t => beyt.outline(t).games[0].moves.filter(m => !m.path.includes('.')).map(m => m.move), reference);
  for (const move of want) {
    ++turn;
    const from = await tab.evaluate(() => beytStudio.state.view && beytStudio.state.view.path);
    if (!check(from === String(turn - 1), `${e.name}: turn ${turn} is entered after turn ${turn - 1} (${from})`)) break;
    // Dleb: the billets of the first 40 turns clicked one by one, the others typed.
    tally.typeBillets = e.name === 'dleb' && turn > 40;
    await enterTurn(e.name, move, tally);
    const at = await tab.evaluate(() => beytStudio.state.view && beytStudio.state.view.path);
    if (!check(at === String(turn), `${e.name}: after entering ${move} the board is at turn ${turn} (${at}; ${await tab.$eval('#entry-error', x => x.textContent)})`)) break;
  }
  const got = await downloadBeyt();
  check(got && fs.readFileSync(got, 'utf8') === reference,
        `${e.name}: the downloaded record is beyt format of the main line of ${e.file}`);
  if (got && fs.readFileSync(got, 'utf8') !== reference) fs.writeFileSync(path.join(out, `${e.name}-entered.beyt`), fs.readFileSync(got));
  check(cli(['validate', '--strict', '--quiet', got || '/nonexistent']).status === 0, `${e.name}: the downloaded record passes validate --strict`);
  console.log(`ok - ${e.name}: ${want.length} turns of ${e.file} entered in ${((Date.now() - started) / 1000).toFixed(1)} s: ${tally.clicks} clicks on the board, ` +
              `${tally.buttons} buttons, ${tally.picks} picked from a list, ${tally.faces} billets clicked, ${tally.typed} typed` +
              (tally.events ? ` (${tally.events} turns event by event, ${tally.longEvents} of several events)` : ''));
  // Um el-Banât's turns with a peck (several sowings) and Mankalah's tebweez
  // (12 counts) are entered event by event; Seega's turns are whole.
  if (e.name === 'umelbanat' || e.name === 'mankalah') {
    check(tally.longEvents > 0 && !tally.undoOnce, `${e.name}: turns of several events entered event by event, one undone within (${tally.longEvents})`);
  }
  if (e.name === 'mankalah') check(tally.picks > 0, `mankalah: the tebweez counts picked from the engine's list (${tally.picks})`);
  if (e.name === 'seega') check(tally.events === 0, `seega: whole turns (${tally.events} by event)`);
}

// --- the done-when of issue 22: a Tâb game transcribed from Lane's description ---
// Lane 1836 (docs/RULES.md §Tâb): the players throw alternately until one
// throws táb (South 3, North 2); South's "táb and four and two" take the kelb
// on I seven cells, to Q; North, whose kelbs are all Nasranis, forfeits his
// throws without a táb; South's kelb goes on round the middle rows to m,
// whence Lane's throws of 2, 4 and 1 reach o, s and, "by the throw of táb",
// a, taking North's kelb there.
const laneTags = '[Event "Lane\'s description of táb"]\n[Site "Egypt"]\n[Date "1836.??.??"]\n[Round "?"]\n[South "?"]\n[North "?"]\n' +
  '[Result "*"]\n[Game "tab"]\n[Rules "lane"]\n[Source "E. W. Lane, Manners and Customs of the Modern Egyptians (1836), táb: his worked examples"]\n' +
  '[Cells "lane"]\n\n*\n';
{
  const lane = ['3', '2', '1,4,2:1I-K,4K-O,2O-Q', '2:2--', '2:2Q-S', '3:3--', '3:3S-m', '2:2--', '4,1,2:2m-o,4o-s,1sxa'];
  await paste(laneTags);
  const tally = { clicks: 0, buttons: 0, faces: 0, typed: 0, events: 0 };
  let turn = 0;
  for (const move of lane) {
    ++turn;
    if (turn === 3) {
      // Undo inside the turn: the throws 1 and 4, Undo, 4 again.
      await enterEvent('1', tally);
      await enterEvent('4', tally);
      await tab.click('#undo');
      const back = await tab.evaluate(() => ({ events: beytStudio.state.events, so: document.getElementById('turn-so-far').textContent }));
      check(JSON.stringify(back.events) === '["1"]' && back.so.includes('1'), `Undo in a turn takes back its last event (${JSON.stringify(back)})`);
      await enterEvent('4', tally);
      await enterEvent('2', tally);
      const left = await tab.evaluate(() => ({ left: beytStudio.state.view.throwsLeft, so: document.getElementById('turn-so-far').textContent }));
      check(JSON.stringify(left.left) === '[1,2,4]' && /throws still to use: 1, 2, 4/.test(left.so),
            `after "táb and four and two" the page shows the throws still to use (${JSON.stringify(left)})`);
      // The kelb on I clicked: its destination is ringed (the screenshot of docs/STUDIO.md).
      await clickCell('I');
      ++tally.clicks;
      await tab.evaluate(() => window.scrollTo(0, 0));
      await tab.screenshot({ path: path.join(out, 'studio-tab-entry.png') });
      await clickCell('K');
      ++tally.clicks;
      for (const ev of ['4K-O', '2O-Q']) await enterEvent(ev, tally);
    } else {
      await enterTurn('lane', move, tally);
    }
    const at = await tab.evaluate(() => beytStudio.state.view && beytStudio.state.view.path);
    if (!check(at === String(turn), `lane: after entering ${move} the board is at turn ${turn} (${at}; ${await tab.$eval('#entry-error', x => x.textContent)})`)) break;
  }
  const got = await downloadBeyt();
  const textGot = got ? fs.readFileSync(got, 'utf8') : '';
  check(textGot.includes('3. 1,4,2:1I-K,4K-O,2O-Q') && textGot.includes('9. 4,1,2:2m-o,4o-s,1sxa'),
        `the transcription of Lane's examples is written in the record (${textGot.slice(textGot.indexOf('\n\n'))})`);
  const v = cli(['validate', '--strict', got || '/nonexistent']);
  check(v.status === 0, `the transcription of Lane's description passes beyt validate --strict (${v.stdout}${v.stderr})`);
  // A different turn 9 at turn 8 starts a variation, as for the other games.
  await tab.evaluate(() => document.getElementById('text').blur());
  await tab.keyboard.press('Home');
  for (let i = 0; i < 8; ++i) await tab.keyboard.press('ArrowRight');
  for (const ev of ['3', '3m-p']) await enterEvent(ev, tally);
  const variation = await tab.evaluate(() => ({ path: beytStudio.state.view.path, text: document.getElementById('text').value,
                                                problems: beytStudio.state.diagnostics.length }));
  check(variation.path === '9.1.9' && variation.text.includes('(9. 3:3m-p)') && variation.problems === 0,
        `a different turn at turn 9 starts the variation (9. 3:3m-p) (${variation.path}; ${variation.problems} problems)`);
  await tab.evaluate(() => window.scrollTo(0, 0));
  console.log(`ok - Lane's description of táb: ${lane.length} turns entered (${tally.clicks} clicks on the board, ${tally.buttons} buttons), validate --strict accepts it`);
}

// --- issue 31: the entry answers (findings 2, 6 and 7) ------------------------
// A person enters Tâb's throws by the sticks' faces (W, B, then Throw: the
// count follows from them), and a count by its button; a click that cannot
// start or end a move says why (the engine's reason); a picked cell clicked
// again is unpicked; Lane's I then Q after "táb and four and two" is the
// whole path; every entry button says what it does (title and aria-label).
{
  const started = Date.now();
  const clickFaces = async faces => { for (const f of faces) await tab.click(`#faces button[data-face="${f}"]`); };
  const now = () => tab.evaluate(() => ({ so: document.getElementById('turn-so-far').textContent, said: document.getElementById('entry-error').textContent,
                                          field: document.getElementById('throw').value, path: beytStudio.state.view && beytStudio.state.view.path,
                                          picked: document.querySelectorAll('#marks .picked').length, text: beytStudio.text() }));
  // Every button of the entry panel says what it does.
  const unexplained = () => tab.$$eval('#entry button', bs => bs.filter(b => !b.title || !b.getAttribute('aria-label')).map(b => b.textContent));
  await paste(laneTags);
  // The legend of the pieces (the library's: render --legend's, alone).
  const legendTab = await tab.$eval('#legend', x => x.textContent);
  check(/South's Nasrani \(never moved\)/.test(legendTab) && /North's Nasrani/.test(legendTab), `Tâb: the legend names the pieces (${legendTab})`);
  const faces = await tab.$$eval('#faces button', bs => bs.map(b => ({ face: b.dataset.face, title: b.title, aria: b.getAttribute('aria-label') })));
  check(faces.map(f => f.face).join('') === 'WB' && /white side up/.test(faces[0].title) && /black side up/.test(faces[1].title) &&
        faces.every(f => f.aria === f.title), `Tâb's face buttons are the engine's, W and B, with their words (${JSON.stringify(faces)})`);
  // The opening by faces: South 3 (three white), North 2.
  await clickFaces('WWBW');
  await tab.click('#throw-enter');
  await clickFaces('BWBW');
  await tab.click('#throw-enter');
  let at = await now();
  check(at.path === '2' && at.text.includes('1. 3WWBW 2. 2BWBW'), `the opening throws entered by their faces (${at.path}: ${at.text.slice(at.text.lastIndexOf(']') + 1).trim()})`);
  // The finding: W, B, B, B, then Throw.
  await clickFaces('WBBB');
  await tab.click('#throw-enter');
  at = await now();
  check(at.so.includes('1WBBB') && at.field === '' && !at.said, `W, B, B, B, then Throw enters the táb 1WBBB (${at.so}; ${at.said})`);
  // A stick short: said, and the field keeps the faces to be put right.
  await clickFaces('WWW');
  await tab.click('#throw-enter');
  at = await now();
  check(/4 pieces/.test(at.said) && at.field === 'WWW', `three faces of four: the page says so and keeps them (${at.said}; ${at.field})`);
  await clickFaces('W');
  await tab.click('#throw-enter');
  await tab.click('#throws button[data-throw="2"]');  // a count as a button
  at = await now();
  check(at.so.includes('1WBBB,4WWWW,2') && /throws still to use: 1, 2, 4/.test(at.so), `four white is a 4, and the 2 by its button (${at.so})`);
  check((await unexplained()).length === 0, `every entry button has a tooltip and an aria-label (${await unexplained()})`);
  const forfeit = await tab.$eval('#choices button[data-move="4--"]', b => b.title).catch(() => '');
  check(/^forfeit the throw of 4/.test(forfeit), `the forfeit button says what it does, in the engine's words (${forfeit})`);
  // The adversary's kelb: why it cannot be moved.
  await clickCell('a');
  at = await now();
  check(/no kelb of South stands on a/.test(at.said) && at.picked === 0, `a click on North's kelb says why nothing starts there (${at.said})`);
  // A picked cell clicked again is unpicked.
  await clickCell('I');
  const pickedI = (await now()).picked;
  await clickCell('I');
  at = await now();
  check(pickedI === 1 && at.picked === 0 && /I unpicked/.test(at.said), `I picked, then clicked again: unpicked (${pickedI} then ${at.picked}; ${at.said})`);
  // Lane: "places it in the seventh beyt from I, which is Q".
  await clickCell('I');
  await clickCell('Q');
  at = await now();
  check(at.path === '3' && at.text.includes('3. 1WBBB,4WWWW,2:1I-K,4K-O,2O-Q'),
        `I then Q after táb, four and two: the whole path is entered (${at.path}: ${at.said}; ${at.text.slice(at.text.lastIndexOf(']') + 1).trim()})`);
  // Seega: the centre during the placement, and a picked cell unpicked.
  await paste(fs.readFileSync(path.join(source, 'samples/seega/walker-5x5.beyt'), 'utf8').replace(/\n\n[\s\S]*$/, '\n\n*\n'));
  check(/the centre/.test(await tab.$eval('#legend', x => x.textContent)), 'Seega: the legend names the centre');
  await clickCell('c3');
  at = await now();
  check(/centre/.test(at.said) && /E3\d\d/.test(at.said), `Seega: the centre clicked while placing says why (${at.said})`);
  await clickCell('b3');
  const pickedB3 = (await now()).picked;
  await clickCell('b3');
  at = await now();
  check(pickedB3 === 1 && at.picked === 0, `Seega: b3 picked, then clicked again: unpicked (${pickedB3} then ${at.picked})`);
  console.log(`ok - the entry answers: throws by their faces, reasons for clicks, unpicking, Lane's I to Q, tooltips (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// --- issue 31, finding 5: the New record dialog: Enter creates; it fits 1366x768 and a phone ---
{
  for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    await tab.setViewport(viewport);
    await tab.click('#new');
    const fit = await tab.evaluate(() => {
      const c = document.getElementById('new-create').getBoundingClientRect(), d = document.getElementById('new-dialog').getBoundingClientRect();
      const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
      return { create: [c.left, c.top, c.right, c.bottom].map(Math.round), dialog: [d.left, d.top, d.right, d.bottom].map(Math.round),
               hit: hit && hit.id, w: innerWidth, h: innerHeight };
    });
    check(fit.hit === 'new-create' && fit.create[2] <= fit.w && fit.create[3] <= fit.h && fit.dialog[0] >= 0 && fit.dialog[2] <= fit.w && fit.dialog[3] <= fit.h,
          `${viewport.width}x${viewport.height}: the New record dialog fits and Create is in view without scrolling (${JSON.stringify(fit)})`);
    await tab.screenshot({ path: path.join(out, `studio-new-record-${viewport.width}x${viewport.height}.png`) });
    // Enter in a field creates the record.
    await tab.click('#new-form input[name="Event"]', { clickCount: 3 });
    await tab.type('#new-form input[name="Event"]', `Enter at ${viewport.width}`);
    await tab.keyboard.press('Enter');
    const made = await tab.evaluate(() => ({ open: document.getElementById('new-dialog').open, text: beytStudio.text() }));
    check(!made.open && made.text.includes(`[Event "Enter at ${viewport.width}"]`), `${viewport.width}x${viewport.height}: Enter in the Event field creates the record (${made.open ? 'still open' : made.text.split('\n')[0]})`);
  }
  await tab.setViewport({ width: 1280, height: 860 });
  console.log('ok - the New record dialog: Enter creates; it fits 1366x768 and 390x844');
}

// --- an XML comment: format and save say, as beyt format does, that it is dropped (W103) ---
if (xml) {
  const xmlText = fs.readFileSync(path.join(source, 'samples/tab/lane-9.xml'), 'utf8');
  const withComment = xmlText.replace(/(<beyt[^>]*>)/, '$1\n<!-- a note of the editor -->');
  check(withComment !== xmlText, 'an XML comment is put into lane-9.xml');
  const file = path.join(out, 'lane-9-commented.xml');
  fs.writeFileSync(file, withComment);
  const cliSays = cli(['format', file, '-o', path.join(out, 'lane-9-formatted.xml')]).stderr;
  check(/W103/.test(cliSays), `beyt format warns of the XML comment (${cliSays.trim()})`);
  await (await tab.$('#open')).uploadFile(file);
  await tab.waitForFunction(() => document.getElementById('file-name').textContent === 'lane-9-commented.xml', { timeout: 20000 });
  await tab.click('#format');
  const said = await tab.$eval('#entry-error', x => x.textContent);
  check(/W103/.test(said), `the studio's Format says the XML comment is dropped (${said})`);
  await (await tab.$('#open')).uploadFile(file);
  await tab.waitForFunction(() => document.getElementById('file-name').textContent === 'lane-9-commented.xml' && !document.getElementById('entry-error').textContent, { timeout: 20000 }).catch(() => {});
  await tab.click('#save-json');
  const saidSave = await tab.$eval('#entry-error', x => x.textContent);
  check(/W103/.test(saidSave), `the studio's .json download says the XML comment is dropped (${saidSave})`);
  console.log('ok - an XML comment: Format and the .json download show W103, as beyt format does');
}

// --- a variation, undo, JSON download, reload -----------------------------------
{
  const file = path.join(source, 'samples/seega/walker-5x5.beyt');
  await paste(fs.readFileSync(file, 'utf8'));
  // At turn 12 (placements done), a different first move starts a variation.
  await tab.evaluate(() => document.getElementById('text').blur());
  await tab.keyboard.press('Home');
  for (let i = 0; i < 12; ++i) await tab.keyboard.press('ArrowRight');
  const alt = await tab.evaluate(() => {
    const v = beytStudio.state.view;
    const m = v.moves.find(x => x.move !== 'b3-c3xc4');
    return { move: m.move, keys: beytStudio.keys(m) };
  });
  for (const c of alt.keys) await clickCell(c);
  const after = await tab.evaluate(() => ({ path: beytStudio.state.view.path, text: document.getElementById('text').value }));
  check(after.path === '13.1.13', `a different move at turn 13 starts variation 13.1.13 (${after.path})`);
  check(after.text.includes(`(13. ${alt.move})`), `the variation (13. ${alt.move}) is written in the record`);
  const valid = await tab.evaluate(() => beytStudio.state.diagnostics.length);
  check(valid === 0, `the record with the new variation is valid (${valid} problems)`);
  await tab.click('#undo');
  const undone = await tab.$eval('#text', t => t.value);
  check(undone === fs.readFileSync(file, 'utf8'), 'Undo takes the variation back');
  // Redo (issue 31, item 9): the button, then Ctrl+Z and Ctrl+Shift+Z outside the editor.
  const hasVariation = () => tab.$eval('#text', (t, m) => t.value.includes(`(13. ${m})`), alt.move);
  await tab.click('#redo');
  check(await hasVariation(), 'Redo brings the clicked variation back');
  await tab.keyboard.down('Control');
  await tab.keyboard.press('z');
  const afterCtrlZ = await hasVariation();
  await tab.keyboard.down('Shift');
  await tab.keyboard.press('Z');
  await tab.keyboard.up('Shift');
  await tab.keyboard.up('Control');
  check(!afterCtrlZ && await hasVariation(), 'outside the editor Ctrl+Z takes the clicked turn back and Ctrl+Shift+Z brings it again');
  await tab.click('#undo');
  check(await tab.$eval('#text', t => t.value) === undone, 'Undo again: the record as it was');
  // A comment at the cursor's move.
  await tab.type('#comment', 'a comment from the studio');
  await tab.click('#comment-form button');
  check(await tab.$eval('#text', t => t.value.includes('{a comment from the studio}')), 'Add comment writes the comment into the record');
  check(await tab.evaluate(() => beytStudio.state.diagnostics.length === 0), 'the commented record is valid');
  // The JSON download is `beyt convert --to json` of the text.
  const text = await tab.$eval('#text', t => t.value);
  for (const f of fs.readdirSync(downloads)) fs.rmSync(path.join(downloads, f));
  const before = [];
  await tab.click('#save-json');
  const got = await latestDownload(before, '.json');
  check(got && fs.readFileSync(got, 'utf8') === cli(['convert', '-', '--to', 'json'], text).stdout, 'the .json download is beyt convert --to json');
  // The text is kept 200 ms after the last change: until then, a reload would lose it.
  await tab.waitForFunction(() => !beytStudio.kept().dirty, { timeout: 20000 });
  await tab.reload({ waitUntil: 'load' });
  await tab.waitForFunction(() => document.body.dataset.ready === 'true', { timeout: 60000 });
  check(await tab.$eval('#text', t => t.value) === text, 'the record survives a reload');
  console.log('ok - a variation, undo, a comment, the JSON download, a reload');
}

// --- the budget: validation per keystroke on a 300-turn record ----------------
{
  const generated = JSON.parse(run(['generate', '--game', 'tab', '--seed', '2', '--count', '1', '--to', 'json']));
  const g = generated.games[0];
  check(g.moves.length >= 300, `a generated Tâb game of at least 300 turns (${g.moves.length})`);
  g.moves = g.moves.slice(0, 300);
  g.result = '*';
  g.tags.Result = '*';
  const file = path.join(out, 'tab-300.json');
  fs.writeFileSync(file, JSON.stringify(generated));
  const record = run(['convert', file, '--to', 'text']);
  await paste(record);
  check(await tab.evaluate(() => beytStudio.state.diagnostics.length === 0), 'the 300-turn record is valid in the page');
  // Type a comment before the result token at the end, key by key.
  await tab.evaluate(() => { const t = document.getElementById('text'), i = t.value.lastIndexOf('*'); t.focus(); t.setSelectionRange(i, i); });
  await tab.keyboard.type('{');
  const validate = [], whole = [];
  for (const ch of 'typed in the studio') {
    await tab.keyboard.type(ch);
    const t = await tab.evaluate(() => beytStudio.timings);
    validate.push(t.lastValidate);
    whole.push(t.lastRefresh);
  }
  await tab.keyboard.type('} ');
  check(await tab.evaluate(() => beytStudio.state.diagnostics.length === 0), 'the record typed into is valid');
  const stats = a => `mean ${(a.reduce((x, y) => x + y, 0) / a.length).toFixed(1)} ms, max ${Math.max(...a).toFixed(1)} ms`;
  console.log(`# budget: a 300-turn Tâb record, per keystroke: validation ${stats(validate)}; validation, outline and board ${stats(whole)} (${validate.length} keys; budget 50 ms)`);
}
// --- the board stays: a slip, a comment being typed (issue 31, item 3) ----------
{
  // samples/invalid/E104-four-slips.beyt: four slips, and still a board.
  await (await tab.$('#open')).uploadFile(path.join(source, 'samples/invalid/E104-four-slips.beyt'));
  await tab.waitForFunction(() => document.getElementById('file-name').textContent === 'E104-four-slips.beyt', { timeout: 20000 });
  const slips = await tab.evaluate(() => ({ svg: !!document.querySelector('#board svg'), where: document.getElementById('where').textContent,
                                             caption: document.getElementById('caption').textContent, path: document.getElementById('board').dataset.path }));
  check(slips.svg && /last position that can be read/.test(slips.where) && /[Ss]lip at \d+:\d+/.test(slips.caption),
        `E104-four-slips.beyt shows the last position that can be read (${JSON.stringify(slips)})`);
  // A comment typed into a valid record, from '{' to '}': the board stays, marked, and nothing moves.
  await paste(fs.readFileSync(path.join(source, 'samples/seega/walker-5x5.beyt'), 'utf8'));
  // Before turn 49: no '}' after it, the comment is open to the end.
  await tab.evaluate(() => beytStudio.cursorTo(beytStudio.text().indexOf('49. e4-e3')));
  const box = () => tab.evaluate(() => ({ entry: document.getElementById('entry').getBoundingClientRect().top,
                                          svg: !!document.querySelector('#board svg'), stale: document.getElementById('board').classList.contains('stale'),
                                          where: document.getElementById('where').textContent }));
  const before = await box();
  await tab.keyboard.type('{a no');
  const open = await box();
  check(open.svg && open.stale && /last position that can be read/.test(open.where) && Math.abs(open.entry - before.entry) < 1,
        `while a comment is open the board stays, marked, and the entry panel does not move (${JSON.stringify([before, open])})`);
  await tab.keyboard.type('te} ');
  const closed = await box();
  check(closed.svg && !closed.stale && Math.abs(closed.entry - before.entry) < 1 && /after turn 48/.test(closed.where),
        `the comment closed, the board is the position at the cursor again (${JSON.stringify(closed)})`);
  console.log('ok - the board stays while the text has a slip or an open comment');
}

// --- the budgets of long records (issue 32 finding 3, issue 31 item 7) ------------
// Each: a text pasted, checked to its end (in slices: the page answers
// meanwhile), then 21 to 26 characters typed at a place inside one game,
// each after the page drew the one before, as a person types; a
// keystroke's time is from its keydown to the frame after it was handled
// (measured in the page: steps.typeTimed); then the same characters typed
// back to back (each as soon as the page took the one before), and the
// time from the first keydown to the frame after the last printed a key:
// how fast the page keeps up with keys that come faster than it draws them. The figures are printed, as the other budgets of
// this test are (no timed assertion: a timing on a shared machine is no
// test; bench/README.md, "Studio", keeps the figures measured on a quiet
// one); what is counted is checked.
{
  const sample = f => fs.readFileSync(path.join(source, f), 'utf8');
  const valid = ['samples/seega/walker-5x5.beyt', 'samples/tab/lane-9.beyt', 'samples/mankalah/ghasheem-match.beyt',
                 'samples/umelbanat/four-stages.beyt', 'samples/dleb/marin-2x2.beyt'].map(sample).join('\n');
  const broken = sample('samples/seega/walker-5x5.beyt').replace('49. e4-e3', '49. e4-e2');  // an illegal move: one error a game
  const repeat = (t, bytes) => { let out = ''; while (out.length < bytes) out += t + '\n'; return out; };
  const p95 = a => a.slice().sort((x, y) => x - y)[Math.ceil(a.length * 0.95) - 1];
  async function typeAt(marker, chars) {
    // In a game's Event tag halfway through the text; or (marker null) before the result token at the end.
    await tab.evaluate(m => {
      const t = beytStudio.text(), i = m ? t.indexOf(m, t.length >> 1) + m.length : t.lastIndexOf('*');
      beytStudio.cursorTo(i);
    }, marker);
    const keys = await steps.typeTimed(tab, chars);
    // The same characters again, back to back: how fast the page keeps up.
    keys.burst = (await steps.typeTimed(tab, chars, { burst: true })).span / chars.length;
    return keys;
  }
  async function budget(what, text, marker, chars, keyBudget, pasteBudget) {
    // The paste's time: from the paste event to the text checked to its end (the page's clock).
    await tab.evaluate(() => { window.beytPasted = null; });
    await tab.evaluate(t => {
      const e = document.getElementById('text');
      e.focus();
      e.select();
      window.beytPasted = performance.now();
      e.dispatchEvent(new Event('paste', { bubbles: true }));
      e.value = t;
      e.setSelectionRange(t.length, t.length);
      e.dispatchEvent(new Event('input', { bubbles: true }));
    }, text);
    const handler = await tab.evaluate(() => beytStudio.timings.lastRefresh);
    await tab.waitForFunction(() => beytStudio.checked(), { timeout: 120000, polling: 50 });
    const pasted = await tab.evaluate(() => beytStudio.timings.checkedAt - window.beytPasted);
    const found = await tab.evaluate(() => ({ ...beytStudio.state.check, listed: document.querySelectorAll('#problems li').length,
                                               summary: document.getElementById('summary').textContent }));
    const keys = await typeAt(marker, chars);
    const worst = p95(keys);
    console.log(`# budget: ${what} (${(text.length / 1048576).toFixed(1)} MB, ${found.games} games, ${found.errors} errors): ` +
                (pasteBudget ? `paste checked in ${(pasted / 1000).toFixed(2)} s (its handler ${handler.toFixed(0)} ms; budget ${pasteBudget / 1000} s); ` : '') +
                `a keystroke p95 ${worst.toFixed(0)} ms, median ${keys.slice().sort((x, y) => x - y)[keys.length >> 1].toFixed(0)} ms, max ${Math.max(...keys).toFixed(0)} ms ` +
                `(${keys.length} keys, each after the page drew the one before; budget ${keyBudget} ms); typed back to back, ${keys.burst.toFixed(0)} ms a key`);
    // Printed, not asserted (bench/README.md, "Studio", keeps the figures).
    console.log(`# budget: ${what}: ${worst < keyBudget ? 'within' : 'OVER'} the keystroke budget` +
                (pasteBudget ? `, ${pasted < pasteBudget ? 'within' : 'OVER'} the paste budget` : ''));
    return found;
  }
  const bad = await budget('5 MB of short games with one error each', repeat(broken, 5 << 20), '[Event "', 'Cairo, 1835, by Lane ', 200, 5000);
  check(bad.errors >= bad.games && bad.games > 3000 && bad.listed === 200 && /first 200 listed/.test(bad.summary),
        `every game's error is counted, the first 200 listed, and the summary says so (${bad.errors} errors, ${bad.listed} listed: ${bad.summary})`);
  const cli5 = cli(['validate', '-'], repeat(broken, 5 << 20));
  check(new RegExp(`${bad.games} games: 0 valid, ${bad.games} invalid; ${bad.errors} errors`).test(cli5.stderr),
        `the page counts what beyt validate counts (${cli5.stderr.trim()})`);
  await budget('5 MB of valid games', repeat(valid, 5 << 20), '[Event "', 'Cairo, 1835, by Lane ', 200, 5000);
  await budget('a 2 MB collection', repeat(valid, 2 << 20), '[Event "', 'Cairo, 1835, by Lane ', 200, 0);
  const long = JSON.parse(run(['generate', '--game', 'tab', '--seed', '2', '--count', '1', '--max-turns', '3000', '--to', 'json']));
  check(long.games[0].moves.length === 3000, `a generated Tâb game of 3 000 turns (${long.games[0].moves.length})`);
  fs.writeFileSync(path.join(out, 'tab-3000.json'), JSON.stringify(long));
  await budget('a 3 000-turn record', run(['convert', path.join(out, 'tab-3000.json'), '--to', 'text']), null, '{a note typed at the end} ', 50, 0);
}
console.log(`# budget: the page's size: ${pageBytes} bytes (${(pageBytes / 1048576).toFixed(2)} MiB; aim under 2 MB)`);

await finish(session);
