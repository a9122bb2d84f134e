// The game viewer (`beyt render --format html`) in a real browser: Debian's
// Chromium, headless, driven by puppeteer-core (docs/DIAGRAMS.md, "The
// viewer"). For a sample of every game the test opens the page from file://,
// clicks moves and buttons, presses keys, and checks each time that the board
// shown is the bare SVG `beyt render --format svg --bare --ply P` draws for
// that position (the header shows the title and players, the text under the
// board its caption) and that the URL fragment names it; a link with a
// fragment opens its position; a fragment that names no position
// (#ply=__proto__, #ply=constructor) opens the first and touches no
// object's prototype; a turn number never stands at a line's end without its
// move; the page asks the network for nothing. A screenshot of each game's
// page is written to OUT/viewer-GAME.png for people to look at.
//
//   node tests/browser/viewer.test.mjs --beyt build/beyt --source . --out build/viewer
//
// Chromium: /usr/bin/chromium (BEYT_CHROMIUM to use another). If it cannot
// be started the test fails and says why; it never passes without a browser.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { check, finish, parseArgs, startBrowser } from './harness.mjs';

const args = parseArgs(['beyt', 'source', 'out'], 'node viewer.test.mjs --beyt PATH --source DIR --out DIR');
const beyt = path.resolve(args.beyt), source = path.resolve(args.source), out = path.resolve(args.out);
fs.mkdirSync(out, { recursive: true });

// beyt's own SVG of a position, and the viewer page of a file.
function render(file, more) {
  return execFileSync(beyt, ['render', path.join(source, file), ...more],
                      { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
}
function page(file, name) {
  const html = path.join(out, `viewer-${name}.html`);
  execFileSync(beyt, ['render', path.join(source, file), '--format', 'html', '-o', html]);
  const text = fs.readFileSync(html, 'utf8');
  check(!/https?:/i.test(text), `${name}: the page holds no http: or https:`);
  return 'file://' + html;
}

const session = await startBrowser({ width: 1280, height: 900 });
const tab = session.tab;

// The board shown: exactly one position visible, and it is beyt's SVG for `ply`.
async function expectBoard(file, ply, what, game) {
  const reference = render(file, ['--format', 'svg', '--bare', '--ply', ply, ...(game ? ['--game', game] : [])]);
  const result = await tab.evaluate(svgText => {
    const shown = [...document.querySelectorAll('section.game:not([hidden]) .pos:not([hidden])')];
    if (shown.length !== 1) return { error: `${shown.length} positions shown` };
    const svg = shown[0].querySelector('svg');
    const box = svg.getBoundingClientRect();
    const ref = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
    const s = new XMLSerializer();
    return { ply: shown[0].dataset.ply, same: s.serializeToString(svg) === s.serializeToString(ref),
             drawn: box.width > 100 && box.height > 50, hash: location.hash };
  }, reference);
  check(!result.error, `${what}: ${result.error || ''}`);
  check(result.ply === ply, `${what}: position ${result.ply} shown, ${ply} wanted`);
  check(result.same, `${what}: the board shown is not beyt's SVG of ply ${ply}`);
  check(result.drawn, `${what}: the board is not drawn on the screen`);
  return result.hash;
}

async function hash() { return tab.evaluate(() => location.hash); }

const samples = [
  { name: 'seega', file: 'samples/seega/centre-immunity.beyt', variation: '3.1.3' },
  { name: 'tab', file: 'samples/tab/lane-9.beyt' },
  { name: 'dleb', file: 'samples/dleb/marin-2x2.beyt' },
  { name: 'mankalah', file: 'samples/mankalah/ghasheem-match.beyt' },
  { name: 'umelbanat', file: 'samples/umelbanat/four-stages.beyt' },
];

for (const s of samples) {
  const url = page(s.file, s.name);
  // The main line's length: one position line per ply.
  const turns = render(s.file, ['--format', 'position', '--every', '1']).trim().split('\n').length - 1;
  await tab.goto(url, { waitUntil: 'load' });
  await expectBoard(s.file, '0', `${s.name}: opened without a fragment`);
  // Keys: Right, Right, Right, then End, Left, Home.
  await tab.keyboard.press('ArrowRight');
  await tab.keyboard.press('ArrowRight');
  await tab.keyboard.press('ArrowRight');
  check(await expectBoard(s.file, '3', `${s.name}: three times Right`) === '#ply=3', `${s.name}: fragment #ply=3`);
  await tab.keyboard.press('End');
  check(await expectBoard(s.file, String(turns), `${s.name}: End`) === `#ply=${turns}`, `${s.name}: fragment at the end`);
  await tab.keyboard.press('ArrowLeft');
  await expectBoard(s.file, String(turns - 1), `${s.name}: Left from the end`);
  await tab.keyboard.press('Home');
  check(await expectBoard(s.file, '0', `${s.name}: Home`) === '#ply=0', `${s.name}: fragment #ply=0`);
  // Buttons.
  await tab.click('section.game:not([hidden]) button[data-go="next"]');
  await tab.click('section.game:not([hidden]) button[data-go="next"]');
  await tab.click('section.game:not([hidden]) button[data-go="prev"]');
  check(await expectBoard(s.file, '1', `${s.name}: next, next, previous`) === '#ply=1', `${s.name}: fragment after buttons`);
  await tab.click('section.game:not([hidden]) button[data-go="last"]');
  await expectBoard(s.file, String(turns), `${s.name}: the last button`);
  // Click a move in the list (turn 2), then one further down.
  const far = String(Math.max(2, Math.floor(turns * 2 / 3)));
  for (const ply of ['2', far]) {
    await tab.click(`section.game:not([hidden]) a.m[data-ply="${ply}"]`);
    check(await expectBoard(s.file, ply, `${s.name}: move ${ply} clicked`) === `#ply=${ply}`, `${s.name}: fragment of move ${ply}`);
    const current = await tab.$eval('a.m.cur', a => a.dataset.ply);
    check(current === ply, `${s.name}: move ${ply} is marked in the list (${current})`);
  }
  // A variation: click it, step back out of it.
  if (s.variation) {
    await tab.click(`a.m[data-ply="${s.variation}"]`);
    check(await expectBoard(s.file, s.variation, `${s.name}: variation clicked`) === `#ply=${s.variation}`,
          `${s.name}: a variation's fragment`);
    await tab.keyboard.press('ArrowLeft');
    await expectBoard(s.file, '2', `${s.name}: Left from the variation's first turn`);
  }
  // A link with a fragment opens its position; so does going back in history.
  const mid = String(Math.floor(turns / 2));
  await tab.goto(url + '#ply=' + mid, { waitUntil: 'load' });
  await tab.reload({ waitUntil: 'load' });
  await expectBoard(s.file, mid, `${s.name}: opened at #ply=${mid}`);
  if (s.variation) {
    await tab.goto(url + '#ply=' + s.variation, { waitUntil: 'load' });
    await tab.reload({ waitUntil: 'load' });
    await expectBoard(s.file, s.variation, `${s.name}: opened at a variation`);
  }
  // Fragments that name no position open the first one; none reaches a
  // property every object has (issue 19).
  for (const bad of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '3.x', '%E0%A4%A']) {
    await tab.goto(url + '#ply=' + bad, { waitUntil: 'load' });
    await tab.reload({ waitUntil: 'load' });
    await expectBoard(s.file, '0', `${s.name}: opened at #ply=${bad}`);
    const state = await tab.evaluate(() => ({ hidden: Object.prototype.hidden, proto: ({}).hidden,
                                              where: document.querySelector('section.game:not([hidden]) .where').textContent }));
    check(state.hidden === undefined && state.proto === undefined, `${s.name}: #ply=${bad} set nothing on Object.prototype`);
    check(state.where === 'Initial position', `${s.name}: #ply=${bad} reads "${state.where}"`);
  }
  await tab.goto(url + '#game=__proto__&ply=constructor', { waitUntil: 'load' });
  await tab.reload({ waitUntil: 'load' });
  await expectBoard(s.file, '0', `${s.name}: opened at #game=__proto__&ply=constructor`);
  // Issue 22: in a narrow window the move list wraps, and every turn number
  // stays on the line of its move.
  await tab.setViewport({ width: 420, height: 900 });
  const apart = await tab.evaluate(() => {
    const bad = [];
    for (const n of document.querySelectorAll('section.game:not([hidden]) .moves .n')) {
      const m = n.parentElement.querySelector('.m');
      if (!m) { bad.push(n.textContent + ' has no move'); continue; }
      const a = n.getClientRects(), b = m.getClientRects();
      if (!a.length || !b.length || Math.abs(a[a.length - 1].top - b[0].top) > 2) bad.push(n.textContent);
    }
    return { bad, lines: new Set([...document.querySelectorAll('section.game:not([hidden]) .moves .n')]
                                 .map(n => Math.round(n.getBoundingClientRect().top))).size };
  });
  check(apart.bad.length === 0, `${s.name}: turn numbers apart from their moves: ${apart.bad.slice(0, 5).join(' ')}`);
  check(apart.lines > 1, `${s.name}: the move list wraps in a narrow window`);
  await tab.setViewport({ width: 1280, height: 900 });
  await tab.goto(url + '#ply=' + far, { waitUntil: 'load' });
  await tab.reload({ waitUntil: 'load' });
  await tab.evaluate(() => window.scrollTo(0, 0));
  await tab.screenshot({ path: path.join(out, `viewer-${s.name}.png`) });
  console.log(`ok - ${s.name}: ${turns} turns, screenshot ${path.join(out, `viewer-${s.name}.png`)}`);
}

// Several games in one file: the chooser and game=K in the fragment.
{
  const two = path.join(out, 'two-games.beyt');
  fs.writeFileSync(two, fs.readFileSync(path.join(source, 'samples/tab/lane-7-pieces4.beyt'), 'utf8') + '\n' +
                        fs.readFileSync(path.join(source, 'samples/umelbanat/davies-fig9.beyt'), 'utf8'));
  const html = path.join(out, 'viewer-two-games.html');
  execFileSync(beyt, ['render', two, '--format', 'html', '-o', html]);
  const file = path.relative(source, two);
  await tab.goto('file://' + html, { waitUntil: 'load' });
  check(await tab.$eval('#bar', b => !b.hidden), 'two games: the chooser is shown');
  await tab.select('#chooser', '2');
  check(await expectBoard(file, '0', 'two games: game 2 chosen', '2') === '#game=2&ply=0', 'two games: fragment game=2');
  await tab.keyboard.press('ArrowRight');
  check(await expectBoard(file, '1', 'two games: Right in game 2', '2') === '#game=2&ply=1', 'two games: game 2, ply 1');
  await tab.goto('file://' + html + '#ply=5', { waitUntil: 'load' });
  await tab.reload({ waitUntil: 'load' });
  await expectBoard(file, '5', 'two games: #ply=5 is game 1', '1');
  check(await tab.$eval('#chooser', c => c.value) === '1', 'two games: the chooser follows the fragment');
  console.log('ok - two games in one file');
}

await finish(session);
