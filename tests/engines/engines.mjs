// Firefox ESR and WebKitGTK, Debian's own (never a downloaded browser), behind one small interface
// so that one smoke suite (smoke.mjs) drives both:
//   Firefox: puppeteer-core over WebDriver BiDi;
//   WebKit (Safari's engine): WebKitWebDriver, W3C WebDriver classic over plain HTTP, its
//   MiniBrowser under xvfb-run (it has no headless mode).
// An engine: { name, goto(url), run(fn, ...args), waitFor(fn, arg, ms), type(find, text),
// keyDown(key), keyUp(key), screenshot(path), close() }. run() evaluates fn (a function, sent as its source; it may return a
// promise) in the page with JSON arguments; waitFor() resolves once fn(arg) is truthy in the page,
// checked at every animation frame (ms bounds a failure, it is not a wait); type() sends text as
// key presses to the element find() returns in the page; keyDown/keyUp press and release one key
// ('s', 'Backspace', 'End') where the focus is.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';

const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const VIEWPORT = { width: 1280, height: 900 };
const TIMEOUT = 60000;

function require(path, packages) {
  if (!existsSync(path)) throw new Error(`${path} is missing: scripts/setup installs it (apt-get install ${packages})`);
}

// In the page: fn(arg) at every animation frame until it is truthy (its value), or an error after ms.
const WAIT = `async (source, arg, ms) => {
  const fn = (0, eval)('(' + source + ')');
  const end = performance.now() + ms;
  for (;;) {
    const value = await fn(arg);
    if (value) return value;
    if (performance.now() > end) throw new Error('waited ' + ms + ' ms in vain for ' + source.slice(0, 300));
    await new Promise((r) => requestAnimationFrame(r));
  }
}`;

// Chromium (Debian's, through playwright-core as tests/browser/ drive it) behind the same
// interface, for benchmarks that measure every engine the same way (bench/engines.mjs).
export async function openChromium() {
  const { launch } = await import('../browser/browser.mjs');
  const context = await launch();
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const logged = [];
  page.on('console', (m) => m.type() === 'error' && logged.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => logged.push(`page error: ${e.message}`));
  return {
    name: 'chromium',
    logged,
    goto: (url) => page.goto(url),
    // fn's source with its arguments spread, as the other engines take them
    run: (fn, ...args) => page.evaluate(`(${fn})(...${JSON.stringify(args)})`),
    waitFor: (fn, arg = null, ms = TIMEOUT) =>
      page.evaluate(`(${WAIT})(${JSON.stringify(String(fn))}, ${JSON.stringify(arg)}, ${ms})`),
    async type(find, text) {
      const handle = await page.evaluateHandle(find);
      await handle.focus();
      await page.keyboard.type(text);
      await handle.dispose();
    },
    keyDown: (key) => page.keyboard.down(key),
    keyUp: (key) => page.keyboard.up(key),
    screenshot: (path) => page.screenshot({ path, fullPage: true }),
    version: () => `Chromium ${context.browser()?.version() ?? ''}`.trim(),
    close: () => context.close(),
  };
}

export async function openFirefox() {
  require(FIREFOX, 'firefox-esr');
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    defaultViewport: VIEWPORT,
  });
  const page = await browser.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const logged = []; // the console's errors, seen from outside as well (workers' included)
  page.on('console', (m) => m.type() === 'error' && logged.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => logged.push(`page error: ${e.message}`));
  return {
    name: 'firefox',
    logged,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    run: (fn, ...args) => page.evaluate(fn, ...args),
    waitFor: (fn, arg = null, ms = TIMEOUT) =>
      page.evaluate(`(${WAIT})(${JSON.stringify(String(fn))}, ${JSON.stringify(arg)}, ${ms})`),
    async type(find, text) {
      const handle = await page.evaluateHandle(find);
      await handle.focus();
      await page.keyboard.type(text);
      await handle.dispose();
    },
    keyDown: (key) => page.keyboard.down(key),
    keyUp: (key) => page.keyboard.up(key),
    screenshot: (path) => page.screenshot({ path, fullPage: true }),
    version: () => browser.version(),
    close: () => browser.close(),
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// compositing: false runs WebKitGTK with its accelerated compositing off
// (WEBKIT_DISABLE_COMPOSITING_MODE=1): the page painted on the main thread, as on a machine whose
// GL is too slow to composite with. This VM has no GPU: composited, WebKitGTK draws its layers
// through Mesa's software GL (the VM has no /dev/dri: GL emulated on the CPU). bench/engines.mjs measures both.
export async function openWebKit({ compositing = true } = {}) {
  require(WEBKIT_DRIVER, 'webkit2gtk-driver');
  require('/usr/bin/xvfb-run', 'xvfb');
  const port = await freePort();
  const env = compositing ? process.env : { ...process.env, WEBKIT_DISABLE_COMPOSITING_MODE: '1' };
  const driver = spawn('xvfb-run', ['-a', WEBKIT_DRIVER, `--port=${port}`], { stdio: 'ignore', detached: true, env });
  const exited = new Promise((resolve) => driver.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const r = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    const { value } = await r.json();
    if (value?.error) throw new Error(`WebKitWebDriver ${path}: ${value.error}: ${value.message}`);
    return value;
  };
  // the driver listens once Xvfb is up: its /status answers (the event that proves it)
  for (let ready = false; !ready; ) {
    ready = await Promise.race([
      fetch(`${base}/status`).then(
        (r) => r.ok,
        () => false,
      ),
      exited.then((code) => {
        throw new Error(`WebKitWebDriver exited (${code}) before it listened`);
      }),
    ]);
    if (!ready) await new Promise((r) => setTimeout(r, 100)); // a retry of a connection refused, not a wait for a state
  }
  const session = await call('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      },
    },
  });
  const at = `/session/${session.sessionId}`;
  await call('POST', `${at}/timeouts`, { script: TIMEOUT, pageLoad: TIMEOUT });
  await call('POST', `${at}/window/rect`, VIEWPORT);
  // fn's value or its error, through execute/async (a promise is awaited in the page)
  const run = async (fn, ...args) => {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${fn})(...Array.from(arguments).slice(0, -1)))
        .then((ok) => done({ ok: ok === undefined ? null : ok }), (e) => done({ error: String((e && e.stack) || e) }));`;
    const out = await call('POST', `${at}/execute/async`, { script, args });
    if (out && 'error' in out) throw new Error(`in WebKit: ${out.error}`);
    return out?.ok;
  };
  // WebDriver's key values for the keys the benchmarks press
  const KEYS = { Backspace: '\uE003', End: '\uE010', ArrowRight: '\uE014', ArrowLeft: '\uE012' };
  const keyAction = (type, key) =>
    call('POST', `${at}/actions`, {
      actions: [{ type: 'key', id: 'keyboard', actions: [{ type, value: KEYS[key] ?? key }] }],
    });
  return {
    name: compositing ? 'webkit' : 'webkit, compositing off',
    logged: [], // WebKit's console cannot be read from outside: the page's own collector says
    goto: (url) => call('POST', `${at}/url`, { url }),
    run,
    waitFor: (fn, arg = null, ms = TIMEOUT) => run(WAIT, String(fn), arg, ms).then(() => undefined),
    async type(find, text) {
      const element = await call('POST', `${at}/execute/sync`, { script: `return (${find})();`, args: [] });
      const id = Object.values(element)[0];
      for (const key of text) await call('POST', `${at}/element/${id}/value`, { text: key });
    },
    keyDown: (key) => keyAction('keyDown', key),
    keyUp: (key) => keyAction('keyUp', key),
    async screenshot(path) {
      writeFileSync(path, Buffer.from(await call('GET', `${at}/screenshot`), 'base64'));
    },
    version: () => `WebKitGTK ${session.capabilities.browserVersion}`,
    async close() {
      await call('DELETE', at).catch(() => {});
      try {
        process.kill(-driver.pid);
      } catch {}
      await exited;
    },
  };
}
