// What the studio's browser tests share (studio.test.mjs in Chromium,
// studio-keep.test.mjs in Chromium and Firefox): their arguments and the
// command line's answers, and what a person does on the page
// (build/studio.html): open it, paste a record, click cells of the board.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from './harness.mjs';

/// The arguments of `script` (--beyt, --page, --source, --out; with `xml`
/// also --xml ON|OFF, whether the build put XML in the page, as `xml`:
/// true or false; `more`: the usage of those it takes besides), resolved,
/// the folder --out made (and emptied first unless `keep`: a test that
/// writes beside another's files); exits with status 1 when the page is
/// not built. `cli(argv, input)` runs the command line: {status, stdout, stderr}.
export function studioArgs(script, more = '', { keep = false, xml = false } = {}) {
  const usage = `node ${script} --beyt PATH --page studio.html --source DIR --out DIR${xml ? ' --xml ON|OFF' : ''}${more}`;
  const args = parseArgs(['beyt', 'page', 'source', 'out', ...(xml ? ['xml'] : [])], usage);
  if (xml && !['ON', 'OFF'].includes(args.xml)) {
    console.error(`usage: ${usage} (--xml is ON or OFF, not ${args.xml})`);
    process.exit(2);
  }
  const beyt = path.resolve(args.beyt), page = path.resolve(args.page);
  const source = path.resolve(args.source), out = path.resolve(args.out);
  if (!fs.existsSync(page)) {
    console.error(`FAIL: no page at ${page}: configure with -DBEYT_BUILD_STUDIO=ON and build (docs/STUDIO.md).`);
    process.exit(1);
  }
  if (!keep) fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const cli = (argv, input) => {
    const r = spawnSync(beyt, argv, { encoding: 'utf8', maxBuffer: 1 << 28, input });
    if (r.error) throw r.error;
    return r;
  };
  return { ...args, beyt, page, source, out, cli, xml: args.xml === 'ON' };
}

/// Opens the page at `url` in `tab` and waits until its engines are loaded.
export async function openPage(tab, url) {
  await tab.goto(url, { waitUntil: 'load' });
  await tab.waitForFunction(() => document.body.dataset.ready === 'true', { timeout: 60000 });
}

/// Pastes `text` over the whole editor of `tab` (as Ctrl+A, Ctrl+V do: a
/// paste event on the whole text, the value changes, an input event
/// follows), the cursor at the end. `clipboard`: the text on the clipboard
/// when it is not what the editor shows (CR line ends, which a text box
/// makes LF); without it the paste event carries no clipboard data.
export async function paste(tab, text, clipboard = null) {
  await tab.evaluate((t, c) => {
    const e = document.getElementById('text');
    e.focus();
    e.select();
    let event = new Event('paste', { bubbles: true, cancelable: true });
    if (c !== null) {
      const data = new DataTransfer();
      data.setData('text/plain', c);
      event = new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: data });
    }
    e.dispatchEvent(event);
    e.value = t;
    e.setSelectionRange(t.length, t.length);
    e.dispatchEvent(new Event('input', { bubbles: true }));
  }, text, clipboard);
}

/// Clicks the cells `cells` of the board shown in `tab`, in turn, where they
/// are on the screen (the board stays where it is between the clicks of one
/// move: only the rings change).
export async function clickCells(tab, cells) {
  const points = await tab.evaluate(list => list.map(c => {
    const svg = document.querySelector('#board svg'), v = beytStudio.state.view;
    const g = svg.querySelector('g[transform^="translate"]');
    const m = /translate\(([-\d.]+)[ ,]([-\d.]+)\)/.exec(g.getAttribute('transform'));
    const pt = svg.createSVGPoint();
    pt.x = +m[1] + v.cells[c][0];
    pt.y = +m[2] + v.cells[c][1];
    const q = pt.matrixTransform(svg.getScreenCTM());
    return { x: q.x, y: q.y };
  }), cells);
  for (const p of points) await tab.mouse.click(p.x, p.y);
}

/// Types `chars` into the editor of `tab` (where its cursor is), timing each
/// keystroke in the page from its keydown event (the event's time stamp: a
/// wait behind the page's other work counts) to the frame after it was
/// handled (a task queued from that frame's animation callbacks, which runs
/// once the frame is painted). As a person types, each key comes after the
/// page drew the one before; `burst`: each as soon as the page took the one
/// before (a key's time then includes the keys typed after it until the
/// page is idle: the browser runs input before such a task). The times
/// (ms), and `span`: from the first keydown to the frame after the last.
export async function typeTimed(tab, chars, { burst = false } = {}) {
  await tab.evaluate(() => {
    if (!window.beytKeys) {
      document.getElementById('text').addEventListener('keydown', e => {
        const at = e.timeStamp;
        requestAnimationFrame(() => setTimeout(() => {
          window.beytKeys.push({ at, done: performance.now() });
          if (window.beytKeysHeard) window.beytKeysHeard();
        }, 0));
      }, true);
    }
    window.beytKeys = [];
  });
  // (Waited for in the page, not polled: a poll is work in the page too.)
  const timed = n => tab.evaluate(k => window.beytKeys.length >= k || new Promise(heard => {
    window.beytKeysHeard = () => { if (window.beytKeys.length >= k) heard(true); };
  }), n);
  for (let i = 0; i < chars.length; ++i) {
    await tab.keyboard.type(chars[i]);
    if (!burst) await timed(i + 1);
  }
  await timed(chars.length);
  const keys = await tab.evaluate(() => window.beytKeys);
  const times = keys.map(k => k.done - k.at);
  times.span = keys[keys.length - 1].done - keys[0].at;
  return times;
}
