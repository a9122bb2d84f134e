// What the browser tests share (viewer.test.mjs, studio.test.mjs): their
// arguments, puppeteer-core and Debian's Chromium, headless, with a profile
// of their own and nothing that goes to the network, the checks and their
// count, and the end of the run. A missing browser fails the test, saying
// why: it never passes without one.
//
// Chromium: /usr/bin/chromium (BEYT_CHROMIUM to use another). Firefox
// (`startBrowser(viewport, 'firefox')`): Debian's /usr/bin/firefox-esr
// (BEYT_FIREFOX to use another), driven over WebDriver BiDi.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/// The --name value arguments; exits with status 2 and `usage` when one of
/// `need` is missing.
export function parseArgs(need, usage) {
  const args = {};
  for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
  for (const n of need) {
    if (!args[n]) {
      console.error(`usage: ${usage} (missing --${n})`);
      process.exit(2);
    }
  }
  return args;
}

let failures = 0, checks = 0;
/// One check: counted, and reported when it fails. Returns `ok`.
export function check(ok, what) {
  ++checks;
  if (!ok) {
    ++failures;
    console.error('not ok - ' + what);
  }
  return ok;
}

/// Starts the browser (`which`: 'chromium', the default, or 'firefox') and
/// opens one tab (`viewport`), which records the requests it makes and the
/// script errors of its pages. Exits with status 1 when puppeteer-core or
/// the browser is missing or cannot start.
export async function startBrowser(viewport, which = 'chromium') {
  let puppeteer;
  try {
    puppeteer = (await import('puppeteer-core')).default;
  } catch (e) {
    console.error('FAIL: puppeteer-core is not installed: run `npm ci` in the source folder (.ci/setup does).\n' + e.message);
    process.exit(1);
  }
  if (which === 'firefox') return startFirefox(puppeteer, viewport);
  const chromium = process.env.BEYT_CHROMIUM || '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    console.error(`FAIL: no browser at ${chromium}: install Debian's chromium (.ci/setup does) or set BEYT_CHROMIUM.`);
    process.exit(1);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'beyt-chromium-'));
  let browser;
  try {
    browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      userDataDir: profile,
      // The machines this runs on may have no network at all: nothing may try it.
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
             '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      timeout: 60000,
    });
  } catch (e) {
    console.error(`FAIL: Chromium (${chromium}) could not be started: ${e.message}`);
    fs.rmSync(profile, { recursive: true, force: true });
    process.exit(1);
  }
  return watchTab(browser, profile, viewport);
}

// Firefox ESR, headless, over WebDriver BiDi, with a profile of its own that
// asks the network for nothing.
async function startFirefox(puppeteer, viewport) {
  const firefox = process.env.BEYT_FIREFOX || '/usr/bin/firefox-esr';
  if (!fs.existsSync(firefox)) {
    console.error(`FAIL: no browser at ${firefox}: install Debian's firefox-esr (.ci/setup does) or set BEYT_FIREFOX.`);
    process.exit(1);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'beyt-firefox-'));
  let browser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox', protocol: 'webDriverBiDi', executablePath: firefox, headless: true, userDataDir: profile, timeout: 60000,
      extraPrefsFirefox: { 'network.proxy.type': 0, 'app.update.enabled': false, 'browser.safebrowsing.malware.enabled': false,
                           'browser.safebrowsing.phishing.enabled': false, 'extensions.update.enabled': false,
                           'network.captive-portal-service.enabled': false, 'network.connectivity-service.enabled': false },
    });
  } catch (e) {
    console.error(`FAIL: Firefox (${firefox}) could not be started over WebDriver BiDi: ${e.message}`);
    fs.rmSync(profile, { recursive: true, force: true });
    process.exit(1);
  }
  return watchTab(browser, profile, viewport);
}

/// Opens a tab of `browser` (`viewport`) that records, in `watch` (a new
/// one by default), the requests it makes and the script errors of its pages.
export async function watchTab(browser, profile, viewport, watch = { requests: [], errors: [] }) {
  const tab = await browser.newPage();
  await tab.setViewport(viewport);
  tab.on('request', r => watch.requests.push(r.url()));
  tab.on('pageerror', e => watch.errors.push(e.message));
  return { browser, tab, profile, requests: watch.requests, errors: watch.errors };
}

/// A sample record of each of the five games and a turn of it to show (the
/// studio tests' boards and screenshots).
export const gameSamples = [
  { name: 'seega', file: 'samples/seega/walker-5x5.beyt', ply: '15' },
  { name: 'tab', file: 'samples/tab/lane-9.beyt', ply: '12' },
  { name: 'dleb', file: 'samples/dleb/marin-2x2.beyt', ply: '9' },
  { name: 'mankalah', file: 'samples/mankalah/ghasheem-match.beyt', ply: '45' },
  { name: 'umelbanat', file: 'samples/umelbanat/four-stages.beyt', ply: '6' },
];

/// Downloads of `tab` go to `folder`, made empty first.
export async function downloadsTo(tab, folder) {
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const cdp = await tab.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: folder });
}

/// The last checks (no script error; no request but for the page's own
/// file and the page's data: and blob: URLs), the browser closed, the count
/// printed; exits 0 when every check passed, else 1.
export async function finish({ browser, profile, requests, errors }) {
  check(errors.length === 0, `no script errors: ${errors.join('; ')}`);
  const remote = requests.filter(u => !/^(file|data|blob|about):/.test(u));
  check(remote.length === 0, `the pages asked for nothing but their own file: ${remote.join(', ')}`);
  await browser.close();
  fs.rmSync(profile, { recursive: true, force: true });
  console.log(`${checks - failures}/${checks} checks passed`);
  process.exit(failures ? 1 : 0);
}
