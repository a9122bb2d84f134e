// Where a keystroke's time goes in the studio page (issue 31 item 7): a
// bench tool, not a test (nothing is checked; bench/README.md, "Studio").
// For each long text of Browser.Studio's budgets (2 MB and 5 MB collections
// of the five games' samples; a Tâb game of 3 000 turns), the text is pasted into
// build/studio.html in Debian's Chromium (headless, puppeteer-core),
// checked to its end, and a line of characters typed at the same place as
// the test types it, three times over:
//   1. timed as the test times it (keydown to the frame after it was
//      handled, each key typed after the page drew the one before):
//      p50 / p95 / max; and typed back to back, the time a key from the
//      first keydown to the frame after the last;
//   2. under Chromium's tracing (the devtools.timeline categories): the
//      renderer's main thread split into script, style, layout, paint and
//      the rest, with the style and layout forced from script (a layout
//      read after a DOM write) counted apart;
//   3. under the V8 profiler (CDP Profiler, sampling every 100 µs): the
//      page's functions and the module's exports (embind's wrappers, named
//      as studio.js calls them: checkWindow, gameAt, viewAt ...) by the
//      time spent in them and under them, and the functions by their own
//      time.
//
//   node bench/studio-trace.mjs --beyt build/beyt --page build/studio.html --source . [--keys 40] [--out DIR] [--text NAME]
//
// --text NAME: that text alone (collection-2mb, valid-5mb, tab-3000).
// --out DIR keeps the trace (DIR/TEXT.trace.json, for chrome://tracing or
// Perfetto) and the profile (DIR/TEXT.cpuprofile, for DevTools).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, startBrowser } from '../tests/browser/harness.mjs';
import * as steps from '../tests/browser/studio-steps.mjs';

const args = parseArgs(['beyt', 'page', 'source'],
                       'node bench/studio-trace.mjs --beyt PATH --page studio.html --source DIR [--keys N] [--out DIR] [--text NAME]');
const beyt = path.resolve(args.beyt), page = path.resolve(args.page), source = path.resolve(args.source);
const keys = Number(args.keys || 40), out = args.out ? path.resolve(args.out) : null;
if (out) fs.mkdirSync(out, { recursive: true });
const run = argv => execFileSync(beyt, argv, { encoding: 'utf8', maxBuffer: 1 << 28 });

// The texts and where they are typed into, as tests/browser/studio.test.mjs has them.
const sample = f => fs.readFileSync(path.join(source, f), 'utf8');
const valid = ['samples/seega/walker-5x5.beyt', 'samples/tab/lane-9.beyt', 'samples/mankalah/ghasheem-match.beyt',
               'samples/umelbanat/four-stages.beyt', 'samples/dleb/marin-2x2.beyt'].map(sample).join('\n');
const repeat = (t, bytes) => { let s = ''; while (s.length < bytes) s += t + '\n'; return s; };
const line = (s, n) => s.repeat(Math.ceil(n / s.length)).slice(0, n);
const texts = [
  { name: 'collection-2mb', what: 'a 2 MB collection', text: repeat(valid, 2 << 20), marker: '[Event "', chars: line('Cairo, 1835, by Lane ', keys) },
  { name: 'valid-5mb', what: '5 MB of valid games', text: repeat(valid, 5 << 20), marker: '[Event "', chars: line('Cairo, 1835, by Lane ', keys) },
  { name: 'tab-3000', what: 'a 3 000-turn record', text: run(['generate', '--game=tab', '--seed', '2', '--count', '1', '--max-turns', '3000']),
    marker: null, chars: line('{a note typed at the end} ', keys) },
];

const session = await startBrowser({ width: 1280, height: 860 });
const tab = session.tab;
tab.on('dialog', d => d.accept());
await steps.openPage(tab, 'file://' + page);
const cdp = await tab.createCDPSession();

const stats = a => {
  const s = a.slice().sort((x, y) => x - y), at = q => s[Math.min(s.length - 1, Math.ceil(s.length * q) - 1)];
  return `p50 ${at(0.5).toFixed(1)}, p95 ${at(0.95).toFixed(1)}, max ${s[s.length - 1].toFixed(1)} ms`;
};
const ms = us => (us / 1000).toFixed(1);

// Pastes the text, waits until it is checked, puts the cursor where the test types.
async function prepare(t) {
  await steps.paste(tab, t.text);
  await tab.waitForFunction(() => beytStudio.checked(), { timeout: 120000, polling: 50 });
  await tab.evaluate(m => {
    const s = beytStudio.text(), i = m ? s.indexOf(m, s.length >> 1) + m.length : s.lastIndexOf('*');
    beytStudio.cursorTo(i);
  }, t.marker);
}
// Types the characters as the test does (steps.typeTimed: each after the
// page drew the one before; `burst`: back to back); the keystrokes' times.
async function type(chars, burst = false) {
  const times = await steps.typeTimed(tab, chars, { burst });
  // Whatever the page does after the frame (timers, idle work) ends before the next measure.
  await tab.evaluate(() => new Promise(r => setTimeout(r, 500)));
  return times;
}
// Takes back what was typed: the text as it was pasted, checked again.
async function undoTyping(t) {
  await prepare(t);
}

// The renderer's main thread from a trace: each slice's own time (its
// duration less its children's) given to the kind of the nearest slice
// around it that has one; style and layout inside script are "forced".
const kinds = {
  script: ['FunctionCall', 'EventDispatch', 'EvaluateScript', 'v8.callFunction', 'TimerFire', 'FireAnimationFrame',
           'FireIdleCallback', 'RunMicrotasks', 'V8.GCScavenger', 'MajorGC', 'MinorGC', 'V8.GC_MC_BACKGROUND_MARKING',
           'BlinkGC.AtomicPhase', 'v8.run', 'v8.compile', 'V8.Execute'],
  style: ['UpdateLayoutTree', 'RecalculateStyles', 'ScheduleStyleRecalculation', 'ParseHTML', 'ParseAuthorStyleSheet'],
  layout: ['Layout', 'UpdateLayerTree', 'IntersectionObserverController::computeIntersections', 'HitTest'],
  paint: ['Paint', 'PrePaint', 'Layerize', 'PaintImage', 'CompositeLayers', 'Commit', 'UpdateLayer', 'RasterTask',
          'PaintArtifactCompositor::Update', 'LocalFrameView::RunPaintLifecyclePhase'],
};
const kindOf = {};
for (const [k, names] of Object.entries(kinds)) for (const n of names) kindOf[n] = k;
function mainThread(trace) {
  const events = trace.traceEvents || trace;
  const main = events.find(e => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain' &&
                                events.some(x => x.pid === e.pid && x.name === 'EventDispatch'));
  const on = events.filter(e => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const total = {}, stack = [], byName = {};
  let busy = 0;
  const close = top => {
    const own = top.e.dur - top.children;
    const k = top.kind || 'other';
    total[k] = (total[k] || 0) + own;
    byName[top.e.name] = (byName[top.e.name] || 0) + own;
  };
  for (const e of on) {
    while (stack.length && stack[stack.length - 1].e.ts + stack[stack.length - 1].e.dur <= e.ts) close(stack.pop());
    const parent = stack[stack.length - 1];
    if (parent) parent.children += e.dur;
    else if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') busy += e.dur;
    let kind = kindOf[e.name] || (parent ? parent.kind : null);
    if ((kindOf[e.name] === 'style' || kindOf[e.name] === 'layout') && stack.some(s => s.kind === 'script')) kind = 'forced ' + kindOf[e.name];
    stack.push({ e, kind, children: 0 });
  }
  while (stack.length) close(stack.pop());
  return { total, busy, byName };
}

// The profile's functions: own time, and time in and under them (counted
// once where a function calls itself).
function functions(profile) {
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
  const own = new Map(), under = new Map();
  const name = n => n.callFrame.functionName || `(anonymous ${path.basename(n.callFrame.url || '')}:${n.callFrame.lineNumber + 1})`;
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; ++i) {
    const d = dt[i + 1] !== undefined ? dt[i + 1] : 0;
    let n = byId.get(profile.samples[i]);
    if (!n) continue;
    own.set(name(n), (own.get(name(n)) || 0) + d);
    const seen = new Set();
    for (let id = n.id; id !== undefined; id = parent.get(id)) {
      const f = name(byId.get(id));
      if (seen.has(f)) continue;
      seen.add(f);
      under.set(f, (under.get(f) || 0) + d);
    }
  }
  return { own, under };
}

const exports = ['checkWindow', 'checkBytes', 'check', 'checkMore', 'problems', 'gameAt', 'gameOutline', 'viewAt', 'pathsAt', 'whyNotAt'];
const page_ = ['refresh', 'checkText', 'showChecked', 'showProblems', 'showSummary', 'pickFromCursor', 'showView', 'showEntry',
               'showTurn', 'drawTargets', 'drawCells', 'showMarks', 'fitBoard', 'save', 'keepNow', 'placeOf', 'textStarts', 'lineStarts',
               'utf8Length', 'edited', 'place', 'showPasteNote', 'pastedBytes', 'parse', 'stringify'];

for (const t of texts.filter(x => !args.text || x.name === args.text)) {
  await prepare(t);
  const timed = await type(t.chars);
  await undoTyping(t);
  const burst = await type(t.chars, true);
  console.log(`# ${t.what} (${(t.text.length / 1048576).toFixed(2)} MB), ${t.chars.length} keystrokes typed: ${stats(timed)}; ` +
              `typed back to back, ${(burst.span / burst.length).toFixed(1)} ms a key (${stats(burst)})`);

  await undoTyping(t);
  await tab.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'toplevel'] });
  const traced = await type(t.chars);
  const trace = JSON.parse(Buffer.from(await tab.tracing.stop()).toString("utf8"));
  if (out) fs.writeFileSync(path.join(out, `${t.name}.trace.json`), JSON.stringify(trace));
  const m = mainThread(trace);
  const order = ['script', 'forced style', 'forced layout', 'style', 'layout', 'paint', 'other'];
  console.log(`  traced (${stats(traced)}): the main thread busy ${ms(m.busy)} ms, ${ms(m.busy / traced.length)} ms a keystroke: ` +
              order.filter(k => m.total[k]).map(k => `${k} ${ms(m.total[k] / traced.length)}`).join(', '));
  const names = Object.entries(m.byName).sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log('  the slices by own time, a keystroke: ' + names.map(([n, d]) => `${n} ${ms(d / traced.length)}`).join(', '));

  await undoTyping(t);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const profiled = await type(t.chars);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Profiler.disable');
  if (out) fs.writeFileSync(path.join(out, `${t.name}.cpuprofile`), JSON.stringify(profile));
  const f = functions(profile), n = profiled.length;
  const list = (names, map) => names.filter(x => map.get(x)).map(x => `${x} ${ms(map.get(x) / n)}`).join(', ');
  console.log(`  profiled (${stats(profiled)}), in and under, a keystroke:`);
  console.log('    the module\'s exports: ' + list(exports, f.under));
  console.log('    the page\'s functions: ' + list(page_, f.under));
  const top = [...f.own.entries()].filter(([x]) => !/^\((idle|program)\)$/.test(x)).sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log('    own time: ' + top.map(([x, d]) => `${x} ${ms(d / n)}`).join(', '));
  await undoTyping(t);
}
await session.browser.close();
