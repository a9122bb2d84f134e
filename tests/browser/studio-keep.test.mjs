// The studio page (build/studio.html, docs/STUDIO.md) in Chromium and in
// Firefox ESR (issue 31, item 10), driven by puppeteer-core (Firefox over
// WebDriver BiDi), the page opened from file://. What it checks, as a
// person would do it:
//   * nothing lost (issue 31, finding 1): record A pasted in one tab, the
//     page opened in a second tab (the record kept last), record B pasted
//     there, tab 1 reloaded: A is still there and B is kept too (Records…
//     lists both and reopens B); both tabs on B: a change in one is seen in
//     the other (the storage event), and changes made in both at once are
//     both kept, one as a record of its own, said; a change is written once
//     when the typing pauses, not at each key (the cost of keeping printed);
//     a 6.3 MB paste that the browser's storage refuses is said at once with
//     the remedy (save to a file), New record then asks before replacing
//     it, and a reload says it was not kept; Save writes back to the file
//     opened (File System Access API, where the browser has it) or
//     downloads;
//   * the rest of finding 12: the Mankalah tebweez states the hasa left
//     (the engine's words) and shows one Play button; the code under the
//     board for a record that skips a turn number is the listed one (E111);
//     a paste with CR line ends is checked as its bytes (validate --strict
//     reports them), and one holding U+FFFD says that Open… reads the file;
//   * in Firefox also a representative part of studio.test.mjs (which runs
//     in Chromium): samples of samples/invalid/ opened with Open… give
//     beyt validate's diagnostics, and a Seega sample and a Tâb opening are
//     entered by clicks.
//
//   node tests/browser/studio-keep.test.mjs --beyt build/beyt --page build/studio.html --source . --out build/studio-keep-test [--browser firefox]
//
// Chromium: /usr/bin/chromium (BEYT_CHROMIUM); Firefox: /usr/bin/firefox-esr
// (BEYT_FIREFOX). If the browser cannot be started the test fails and says
// why; it never passes without one.
import fs from 'node:fs';
import path from 'node:path';
import { check, finish, startBrowser, watchTab } from './harness.mjs';
import { clickCells, openPage, paste, studioArgs } from './studio-steps.mjs';

const { source, out, page, cli, browser: which = 'chromium' } = studioArgs('studio-keep.test.mjs', ' [--browser chromium|firefox]');
const sample = f => fs.readFileSync(path.join(source, f), 'utf8');
const started = Date.now();
const viewport = { width: 1280, height: 860 };
const session = await startBrowser(viewport, which);
const tab1 = session.tab;
const url = 'file://' + page;
// The dialogs the page opens (confirm, beforeunload): recorded, answered as `answer` says.
const dialogs = [];
let answer = true;
const onDialog = t => t.on('dialog', d => { dialogs.push({ type: d.type(), message: d.message() }); (answer ? d.accept() : d.dismiss()).catch(() => {}); });
onDialog(tab1);
await openPage(tab1, url);
console.log(`# ${which}: ${await session.browser.version()}`);

const textOf = t => t.evaluate(() => beytStudio.text());
const settled = t => t.waitForFunction(() => !beytStudio.kept().dirty, { timeout: 20000 });
const said = t => t.evaluate(() => ({ alert: document.getElementById('keep-alert').hidden ? '' : document.getElementById('keep-alert-text').textContent,
                                      entry: document.getElementById('entry-error').textContent }));
// A paste of `clipboard` (its text as the clipboard holds it: CR line ends
// stay) over the whole editor, `shown` what the editor then holds. Firefox:
// the clipboard written and Ctrl+A, Ctrl+V pressed. Chromium: a paste event
// that carries the clipboard's text (headless Chromium does not paste by
// keys); Firefox gives a script's paste event no clipboard data.
async function pasteAsBytes(t, shown, clipboard) {
  if (which !== 'firefox') return paste(t, shown, clipboard);
  await t.evaluate(c => navigator.clipboard.writeText(c), clipboard);
  await t.click('#text');
  await t.keyboard.down('Control');
  await t.keyboard.press('a');
  await t.keyboard.press('v');
  await t.keyboard.up('Control');
  await t.waitForFunction(n => beytStudio.text().length === n, { timeout: 20000 }, shown.length);
}
const keptTexts = t => t.evaluate(() => beytStudio.kept().records.map(r => localStorage.getItem('beyt-studio:text:' + r.id)));

// --- finding 1: two tabs, each record under its own key -------------------------
const A = sample('samples/seega/walker-5x5.beyt'), B = sample('samples/tab/lane-9.beyt');
let tab2;
{
  await paste(tab1, A);
  await settled(tab1);
  const second = await watchTab(session.browser, session.profile, viewport, session);
  tab2 = second.tab;
  onDialog(tab2);
  await openPage(tab2, url);
  check(await textOf(tab2) === A, 'a second tab opens the record kept last (A)');
  await tab2.bringToFront();
  await paste(tab2, B);
  await settled(tab2);
  check(await textOf(tab1) === A, 'record B pasted in tab 2: tab 1 still shows A');
  await tab1.bringToFront();  // (a tab in the background has no frames: a click waits for one)
  await tab1.reload({ waitUntil: 'load' });
  await tab1.waitForFunction(() => document.body.dataset.ready === 'true', { timeout: 60000 });
  check(await textOf(tab1) === A, 'tab 1 reloaded: record A is still there (nothing overwritten)');
  const texts = await keptTexts(tab1);
  check(texts.includes(A) && texts.includes(B), `A and B are both kept, each under its own key (${texts.length} records)`);
  // Records…: the list names each by its Event, Game and Date; B reopened in tab 1.
  await tab1.click('#records');
  const listed = await tab1.$$eval('#records-list li', ls => ls.map(l => ({ id: l.dataset.id, text: l.textContent })));
  check(listed.length === texts.length && listed.some(l => /beyt samples \(tab/.test(l.text)) && listed.some(l => /beyt samples \(seega/.test(l.text)) &&
        listed.every(l => /kept \d/.test(l.text)), `Records… lists every record kept, named by Event, Game and date (${JSON.stringify(listed.map(l => l.text))})`);
  const idB = await tab1.evaluate(b => beytStudio.kept().records.find(r => localStorage.getItem('beyt-studio:text:' + r.id) === b).id, B);
  await tab1.click(`#records-list li[data-id="${idB}"] .records-open`);
  check(await textOf(tab1) === B && !(await tab1.evaluate(() => document.getElementById('records-dialog').open)),
        'Records… reopens record B in tab 1');
  check((await keptTexts(tab1)).includes(A), 'A stays kept when tab 1 shows B');
  // Both tabs on B: a change in tab 2 is seen in tab 1.
  // `hold`: the change stays unkept until keepNow (as while the typing goes
  // on), held in the same task as the edit, before its pause can end.
  const edit = async (t, words, hold = false) => { await t.bringToFront(); return t.evaluate((w, h) => {
    const e = document.getElementById('text');
    const i = e.value.lastIndexOf('*');
    e.focus();
    e.setSelectionRange(i, i);
    document.execCommand('insertText', false, w);
    if (h) beytStudio.keepHold();
  }, words, hold); };
  await edit(tab2, '{seen in tab 2} ');
  await settled(tab2);
  await tab1.bringToFront();
  await tab1.waitForFunction(() => beytStudio.text().includes('{seen in tab 2}'), { timeout: 10000 }).catch(() => {});
  const heard = await said(tab1);
  check((await textOf(tab1)).includes('{seen in tab 2}') && /changed in another tab/.test(heard.alert),
        `a change kept in tab 2 is shown in tab 1, which says so (${heard.alert})`);
  // Changes in both tabs at once: neither is written over. Each tab holds
  // its change unkept: on a loaded machine tab 1's pause could otherwise end
  // before tab 2's edit, which would then be made on top of tab 1's kept text.
  await edit(tab1, '{typed in tab 1} ', true);
  await edit(tab2, '{typed in tab 2} ', true);
  await tab2.evaluate(() => beytStudio.keepNow());
  await settled(tab2);
  await tab1.bringToFront();
  await settled(tab1);
  const both = await keptTexts(tab1);
  const one = both.some(t => t.includes('{typed in tab 1}')), two = both.some(t => t.includes('{typed in tab 2}'));
  const words = [(await said(tab1)).alert, (await said(tab2)).alert].join(' | ');
  check(one && two && /record of its own/.test(words),
        `changes made in two tabs at once are both kept, one as a record of its own, and it is said (${one}, ${two}: ${words})`);
  check(await textOf(tab1) !== await textOf(tab2) || !one || !two, 'each tab shows its own change');
  console.log(`ok - two tabs: A and B each kept, B reopened, a change seen in the other tab, two changes at once both kept (${words})`);
}

// --- keeping is cheap: a change written once, when the typing pauses -----------
{
  await tab2.close();
  await tab1.bringToFront();
  await paste(tab1, A);
  await settled(tab1);
  const before = await tab1.evaluate(() => beytStudio.kept().writes);
  await tab1.evaluate(() => { const e = document.getElementById('text'); const i = e.value.lastIndexOf('*'); e.focus(); e.setSelectionRange(i, i); });
  for (const ch of '{twenty keys typed} ') await tab1.keyboard.type(ch);
  await settled(tab1);
  const typed = await tab1.evaluate(() => beytStudio.kept().writes);
  await new Promise(r => setTimeout(r, 1500));
  const idle = await tab1.evaluate(() => beytStudio.kept().writes);
  check(typed - before >= 1 && typed - before <= 4 && idle === typed,
        `20 keys typed write the record ${typed - before} time(s) (when the typing pauses), none while nothing changes (${idle - typed})`);
  const small = await tab1.evaluate(() => beytStudio.timings.lastKeep);
  const collection = (sample('samples/seega/walker-5x5.beyt') + '\n' + sample('samples/mankalah/ghasheem-match.beyt') + '\n').repeat(400);
  await paste(tab1, collection);
  await settled(tab1);
  const big = await tab1.evaluate(() => ({ ms: beytStudio.timings.lastKeep, failed: beytStudio.kept().failed }));
  console.log(`# keeping a record: ${A.length} characters ${small.toFixed(1)} ms; ${(collection.length / 1048576).toFixed(1)} MB ` +
              `${big.failed ? 'refused by storage' : big.ms.toFixed(1) + ' ms'} (a write when the typing pauses: 300 ms, 1 s for a text over 256 KiB)`);
}

// --- a 6.3 MB paste: storage refuses it, said at once with the remedy ------------
{
  const huge = (A + '\n').repeat(Math.ceil(6.3 * 1048576 / (A.length + 1)));
  const t0 = Date.now();
  await paste(tab1, huge);
  await tab1.waitForFunction(() => !document.getElementById('keep-alert').hidden && /could not be kept/.test(document.getElementById('keep-alert-text').textContent),
                             { timeout: 20000 }).catch(() => {});
  const alert = await said(tab1);
  check(/Not kept in the browser: this record \(6\.\d MB\) could not be kept/.test(alert.alert) && /Save it to a file/.test(alert.alert),
        `a 6.3 MB paste that storage refuses is said, with the remedy (${alert.alert})`);
  check(await tab1.$eval('#keep-alert-save', b => b.offsetWidth > 0), 'the alert offers Save to a file');
  console.log(`ok - a 6.3 MB paste refused by storage: said after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // New record: asks before the text not kept is replaced; No keeps it.
  answer = false;
  dialogs.length = 0;
  await tab1.click('#new');
  await tab1.click('#new-create');
  const asked = dialogs.find(d => d.type === 'confirm');
  check(asked && /not kept in the browser/.test(asked.message), `New record asks before replacing a record not kept (${asked ? asked.message : 'no question'})`);
  check((await textOf(tab1)).length === huge.length, 'answered no, the 6.3 MB record stays');
  answer = true;
  // A reload: the browser asks first (beforeunload, where it does), then the page says the record was not kept.
  dialogs.length = 0;
  await tab1.reload({ waitUntil: 'load' });
  await tab1.waitForFunction(() => document.body.dataset.ready === 'true', { timeout: 60000 });
  const after = await said(tab1);
  check(/could not be kept in the browser/.test(after.alert) && /not here/.test(after.alert),
        `after a reload the page says the record this tab showed could not be kept (${after.alert})`);
  console.log(`ok - reloading a record not kept: ${dialogs.map(d => d.type).join(', ') || 'no dialog'}; then said`);
}

// --- Save: back to the file opened, else a download --------------------------------
{
  // The File System Access API where the browser has it (Chromium): Open…
  // keeps the file's handle, Save writes back to it. A picker cannot be
  // answered headless, and the origin's own file system is not offered to a
  // page from file://: a handle of the API's shape (FileSystemFileHandle:
  // getFile, createWritable, whose stream takes the text and puts it in the
  // file on close) stands for the file the person picks.
  if (await tab1.evaluate(() => typeof window.showOpenFilePicker === 'function' && typeof window.showSaveFilePicker === 'function')) {
    await tab1.evaluate(r => {
      const file = { name: 'opened.beyt', text: r, writes: 0 };
      window.beytPicked = file;
      const handle = {
        kind: 'file', name: file.name,
        getFile: async () => new File([file.text], file.name),
        createWritable: async () => {
          let pending = '';
          return { write: async x => { pending += typeof x === 'string' ? x : new TextDecoder().decode(x); },
                   close: async () => { file.text = pending; ++file.writes; } };
        },
      };
      window.showOpenFilePicker = async () => [handle];  // the person picks this file
    }, A);
    await tab1.evaluate(() => document.getElementById('open').click());  // Open… (its file input, clicked)
    await tab1.waitForFunction(() => document.getElementById('file-name').textContent === 'opened.beyt', { timeout: 10000 }).catch(() => {});
    await tab1.evaluate(() => { const e = document.getElementById('text'); const i = e.value.lastIndexOf('*'); e.focus(); e.setSelectionRange(i, i); document.execCommand('insertText', false, '{saved back} '); });
    await tab1.click('#save');
    await tab1.waitForFunction(() => /Saved to opened\.beyt/.test(document.getElementById('entry-error').textContent), { timeout: 10000 }).catch(() => {});
    const back = await tab1.evaluate(() => window.beytPicked);
    check(back.writes === 1 && back.text === await textOf(tab1) && back.text.includes('{saved back}'),
          `Save writes the record back to the file Open… opened (${back.writes} write; ${(await said(tab1)).entry})`);
    console.log('ok - Save writes the record back to the file Open… opened (File System Access API)');
  } else {
    console.log('# Save back to the file opened: this browser has no File System Access API; Save downloads');
  }
  // Where there is no file to write to (nor a picker): a download.
  const dl = await tab1.evaluate(async () => {
    window.showSaveFilePicker = undefined;
    await new Promise(r => setTimeout(r, 0));
    const made = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = blob => { made.push(blob); return create.call(URL, blob); };
    document.getElementById('text').focus();
    beytStudio.setText('[Event "saved as a download"]\n\n*\n');
    document.getElementById('save').click();
    // (Until the download is asked for, 10 s at most: a loaded machine takes its time.)
    for (let i = 0; i < 200 && !made.length; ++i) await new Promise(r => setTimeout(r, 50));
    URL.createObjectURL = create;
    return made.length ? await made[0].text() : null;
  });
  check(dl === '[Event "saved as a download"]\n\n*\n', `Save without a file to write to downloads the record (${JSON.stringify(dl)})`);
}

// --- the rest of finding 12 --------------------------------------------------------
{
  // The tebweez states what is left, in the engine's words; one Play button.
  const akil = sample('samples/mankalah/akil-board.beyt');
  await paste(tab1, akil.slice(0, akil.indexOf('\n\n') + 2) + '*\n');
  const first = await tab1.$eval('#turn-so-far', x => x.textContent);
  check(/(South|North) distributes the 72 hasa: 72 left to distribute, beyt A next/.test(first), `the tebweez states the hasa left (${first})`);
  await tab1.select('#event-pick', '30');
  await tab1.click('#event-play');
  const next = await tab1.$eval('#turn-so-far', x => x.textContent);
  check(/=30/.test(next) && /42 left to distribute, beyt B next/.test(next), `after 30 in A: 42 left, beyt B next (${next})`);
  const plays = await tab1.$$eval('#entry button', bs => bs.filter(b => b.offsetWidth > 0 && b.textContent.trim() === 'Play').length);
  check(plays === 1, `one Play button in the entry panel (${plays})`);
  // The code under the board is the one listed (E111, not E305).
  const e111 = path.join(source, 'samples/invalid/E111-skipped-turn.beyt');
  await paste(tab1, fs.readFileSync(e111, 'utf8'));
  await tab1.waitForFunction(() => beytStudio.checked(), { timeout: 20000 });
  const shown = await tab1.evaluate(() => ({ caption: document.getElementById('caption').textContent, listed: beytStudio.state.diagnostics.map(d => d.code) }));
  check(shown.listed.includes('E111') && /E111/.test(shown.caption) && !/E305/.test(shown.caption),
        `a skipped turn number: the code under the board is the listed one (${shown.caption}; listed ${shown.listed})`);
  // A paste with CR line ends is checked as its bytes: validate --strict reports them.
  const lane = sample('samples/tab/lane-9.beyt'), crlf = lane.replace(/\n/g, '\r\n');
  const file = path.join(out, 'lane-9-crlf.beyt');
  fs.writeFileSync(file, crlf);
  await tab1.evaluate(() => { const b = document.getElementById('strict'); if (!b.checked) b.click(); });
  await pasteAsBytes(tab1, lane, crlf);
  await tab1.waitForFunction(() => beytStudio.checked(), { timeout: 20000 });
  const want = cli(['validate', '--diagnostics', 'json', '--strict', file]).stdout.split('\n').filter(Boolean).map(l => JSON.parse(l));
  const got = await tab1.evaluate(() => ({ d: beytStudio.state.diagnostics, note: document.getElementById('paste-note').textContent }));
  const key = d => `${d.code} ${d.line}:${d.column}`;
  check(want.length > 0 && JSON.stringify(got.d.map(key)) === JSON.stringify(want.map(key)) && /CR line ends/.test(got.note),
        `a paste with CR line ends under strict: validate --strict's ${JSON.stringify(want.map(key))}, the page's ${JSON.stringify(got.d.map(key))} (${got.note})`);
  // Typed into, it is the editor's text again.
  await tab1.evaluate(() => { const e = document.getElementById('text'); e.focus(); e.setSelectionRange(0, 0); document.execCommand('insertText', false, ' '); });
  check(await tab1.evaluate(() => beytStudio.state.bytes === null && document.getElementById('paste-note').hidden), 'typed into, the paste is the text shown');
  await tab1.evaluate(() => { const b = document.getElementById('strict'); if (b.checked) b.click(); });
  // Bytes that were not UTF-8 reach a paste as U+FFFD: the note says Open… reads them.
  await pasteAsBytes(tab1, lane.replace('Lane', 'L\ufffdne'), lane.replace('Lane', 'L\ufffdne'));
  const note = await tab1.$eval('#paste-note', x => x.textContent);
  check(/U\+FFFD/.test(note) && /Open…/.test(note), `a paste holding U+FFFD says that Open… reads the file's bytes (${note})`);
  console.log('ok - the tebweez says what is left, one Play button, E111 under the board, a paste checked as its bytes');
}

// --- Firefox: a representative part of studio.test.mjs ------------------------------
if (which === 'firefox') {
  // samples/invalid/ opened with Open…: beyt validate's diagnostics (every fifth file).
  const dir = path.join(source, 'samples/invalid');
  const files = fs.readdirSync(dir).filter(f => /\.(beyt|json)$/.test(f)).sort().filter((f, i) => i % 5 === 0);
  for (const f of files) {
    await (await tab1.$('#open')).uploadFile(path.join(dir, f));
    await tab1.waitForFunction(n => document.getElementById('file-name').textContent === n && beytStudio.checked(), { timeout: 20000 }, f);
    const want = cli(['validate', '--diagnostics', 'json', '-j', '1', path.join(dir, f)]).stdout.split('\n').filter(Boolean).map(l => JSON.parse(l));
    const got = await tab1.evaluate(() => beytStudio.state.diagnostics);
    const key = d => `${d.code} ${d.line}:${d.column} ${d.severity} ${d.message}`;
    check(JSON.stringify(got.map(key)) === JSON.stringify(want.map(key)), `${f}: the page's diagnostics are beyt validate's (${JSON.stringify(got.map(key))})`);
  }
  console.log(`ok - firefox: ${files.length} files of samples/invalid/ opened, as beyt validate reads them`);
  // A Seega sample's main line entered by clicks.
  const json = JSON.parse(cli(['convert', path.join(source, 'samples/seega/walker-5x5.beyt'), '--to', 'json']).stdout);
  json.games[0].moves = json.games[0].moves.map(m => ({ move: m.move }));
  delete json.games[0].comments;
  const reference = cli(['format', '-', '--to', 'text'], JSON.stringify(json)).stdout;
  await paste(tab1, reference.slice(0, reference.indexOf('\n\n') + 2) + json.games[0].result + '\n');
  let entered = 0;
  for (const m of json.games[0].moves) {
    const keys = await tab1.evaluate(x => { const v = beytStudio.state.view, f = v && v.moves.find(y => y.move === x); return f ? beytStudio.keys(f) : null; }, m.move);
    if (!check(keys, `seega: ${m.move} is among the moves the page lists`)) break;
    if (keys.length === 0) {  // a pass: its button
      await tab1.click(`#choices button[data-move="${m.move}"]`);
    } else {
      await clickCells(tab1, keys);
      const stop = await tab1.$(`#choices button.stop[data-move="${m.move}"]`);
      if (stop) await stop.click();
    }
    ++entered;
  }
  check(await textOf(tab1) === reference, `seega: ${entered} turns entered by clicks are beyt format of the sample's main line`);
  // Tâb: Lane's opening, the throws by the sticks' faces.
  await paste(tab1, sample('samples/tab/lane-9.beyt').replace(/\n\n[\s\S]*$/, '\n\n*\n'));
  for (const faces of ['WWBW', 'BWBW', 'WBBB']) {
    for (const f of faces) await tab1.click(`#faces button[data-face="${f}"]`);
    await tab1.click('#throw-enter');
  }
  const so = await tab1.$eval('#turn-so-far', x => x.textContent);
  check((await textOf(tab1)).includes('1. 3WWBW 2. 2BWBW') && so.includes('1WBBB'), `tab: throws entered by their faces (${so})`);
  console.log(`ok - firefox: a Seega sample (${entered} turns) and Tâb's throws entered by clicks`);
}

console.log(`# ${which}: the test took ${((Date.now() - started) / 1000).toFixed(0)} s`);
await finish(session);
