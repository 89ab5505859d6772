// Debian's Chromium driven by playwright-core (never a downloaded browser), against dist/
// served by scripts/serve.mjs on loopback. Screenshots go to test-results/ (look at them).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = join(root, 'dist');
export const artifacts = join(root, 'test-results');
mkdirSync(artifacts, { recursive: true });

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--allow-file-access-from-files',
];

const BROWSER = { executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: FLAGS };
export const CONTEXT = { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 };

// A browser with one context, whose profile folder goes when it is closed (each is ~20 MB: a
// full suite left 450 of them in /tmp).
export async function launch() {
  const userDataDir = mkdtempSync(join(tmpdir(), 'al-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, { ...BROWSER, ...CONTEXT });
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await close(...args);
    rmSync(userDataDir, { recursive: true, force: true });
  };
  return context;
}

// A browser without a context: each browser.newContext(CONTEXT) is a fresh profile (its own
// cache and renderer processes) in a browser already running.
export function launchBrowser() {
  return chromium.launch(BROWSER);
}

export async function serve(options = {}) {
  return startServer({ root: dist, port: 0, quiet: true, ...options });
}

// Opens url, collects console errors and page errors, waits until the lens has a result.
export async function openLens(context, url, { waitForResult = true } = {}) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(url);
  if (waitForResult)
    await page.waitForFunction(() => document.querySelector('attention-lens')?.state?.result, null, { timeout: 30000 });
  return { page, problems };
}

// Brings each element of the page near the window in turn, as a reader scrolling down would (an
// element starts when it nears the window), and waits until each has its first analysis.
export async function startAll(page) {
  const n = await page.locator('attention-lens').count();
  for (let i = 0; i < n; i++) {
    await page.locator('attention-lens').nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction((k) => {
      const { state } = document.querySelectorAll('attention-lens')[k];
      return state?.result || state?.imageResult;
    }, i);
  }
  await page.evaluate(() => scrollTo(0, 0));
}

// Opens the closed <details> an element sits in (a chapter, "More options", the step by step),
// outermost first, each by a click on its summary as a reader would, waiting for its 'toggle'.
export async function openAround(locator) {
  for (;;) {
    const outer = await locator.evaluateHandle((el) => {
      let closed = null;
      for (let d = el.parentElement?.closest('details'); d; d = d.parentElement?.closest('details'))
        if (!d.open) closed = d;
      return closed;
    });
    const found = await outer.evaluate((d) => d !== null);
    if (!found) return locator;
    await outer.evaluate((d) => {
      d.toggled = new Promise((resolve) => d.addEventListener('toggle', resolve, { once: true }));
      d.querySelector(':scope > summary').scrollIntoView({ block: 'nearest' });
      d.querySelector(':scope > summary').click();
    });
    await outer.evaluate((d) => d.toggled);
  }
}

// Opens a <details> (a locator) by clicking its summary, as a reader would, and waits for its
// 'toggle' event (dispatched in a later task; the views fill themselves in on it); no-op when open.
// The details it sits in (a chapter, the step by step) are opened first.
export async function openDetails(details) {
  await openAround(details);
  if (await details.evaluate((d) => d.open)) return;
  await details.evaluate((d) => {
    d.toggled = new Promise((resolve) => d.addEventListener('toggle', resolve, { once: true }));
  });
  // on screen, as a reader opens it (what is off screen is not rendered: content-visibility), then
  // a click event on the summary itself, not at its place on the screen: a panel above that draws
  // meanwhile can move it, and a click at the old place then opened nothing (a hang, seen twice)
  await details.scrollIntoViewIfNeeded();
  await details.locator('summary').first().dispatchEvent('click');
  await details.evaluate((d) => d.toggled);
  await untilDrawn(details);
}

// Waits until a panel whose body comes with a part (web/app/explain/part-body.js) has it drawn:
// it is busy (aria-busy) from the moment it is built until then.
export async function untilDrawn(details) {
  await details.evaluate(
    (d) =>
      d.hasAttribute('aria-busy') &&
      new Promise((resolve) =>
        new MutationObserver((_, o) => {
          if (d.hasAttribute('aria-busy')) return;
          o.disconnect();
          resolve();
        }).observe(d, { attributes: true, attributeFilter: ['aria-busy'] }),
      ),
  );
}

// The weights table the element shows for screen readers (opened first, as a reader would):
// { rows: [text], cols: [text], values: [[number]] }
export async function readWeightsTable(page, index = 0) {
  await openDetails(page.locator('attention-lens').nth(index).locator('.table-details'));
  return page.evaluate((i) => {
    const table = document.querySelectorAll('attention-lens')[i].shadowRoot.querySelector('.weights-table');
    const cols = [...table.querySelectorAll('thead th')].slice(1).map((th) => th.textContent);
    const body = [...table.querySelectorAll('tbody tr')];
    return {
      cols,
      rows: body.map((tr) => tr.querySelector('th').textContent),
      values: body.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))),
    };
  }, index);
}

// fullPage: Chromium lays the page out at 1 × 1 px and then at its full height to take it, which a
// page sees as two resize events; a test of what a resize does takes the window only.
export async function screenshot(page, name, { fullPage = true } = {}) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage });
}

// Types text into the sentence box (replacing it) and waits for the re-render.
export async function typeSentence(page, text) {
  const box = page.locator('attention-lens').first().locator('.input > textarea');
  await box.fill(text);
  await waitForAnalysis(page, await box.inputValue()); // as the textarea keeps it (it may drop NUL)
}

// Waits until the first lens shows the analysis of text with the current options (and the topic
// model, once it has come or is known to be missing), every word's file in (not a first drawing
// while a word's file is on its way: result.pending), painted.
export async function waitForAnalysis(page, text) {
  await page.waitForFunction((t) => {
    const s = document.querySelector('attention-lens').state;
    // and with the topic model, which comes after the module (or is known to be missing)
    return (
      s.analyzed?.text === (t ?? s.text) &&
      !s.result?.pending &&
      s.analyzed.options === s.options &&
      s.analyzed.document === s.document &&
      s.topicModel !== undefined &&
      s.analyzed.topicModel === s.topicModel
    );
  }, text ?? null);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

// Waits until the image mode shows the analysis of the current picture and options.
export async function waitForImage(page, name) {
  await page.waitForFunction(
    (n) => {
      const s = document.querySelector('attention-lens').state;
      return (
        s.imageResult &&
        s.imageAnalyzed?.picture === s.picture &&
        s.imageAnalyzed.imageOptions === s.imageOptions &&
        (n === null || s.picture.name === n)
      );
    },
    name ?? null,
    { timeout: 30000 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

// The options the picture layer's weights are trained with, in the page (its training panel's
// defaults) and for the shipped preset: what the weights bring with them.
export const IMAGE_TRAINED_OPTIONS = {
  heads: 4,
  patch: 16,
  positional: false,
  similarity: 'cosine',
  mask: 'self',
  temperature: 0.15,
};
// Those options' values in o (imageOptions, imageResult.options, trainedImageSource, …).
export const trainedImageOptions = (o) =>
  Object.fromEntries(Object.keys(IMAGE_TRAINED_OPTIONS).map((key) => [key, o[key]]));

// The query patch's row of the weights that blend the pixels, in the first lens.
export function blendRow(page) {
  return page.evaluate(() => {
    const { imageResult: r, patch } = document.querySelector('attention-lens').state;
    const n = r.grid.count;
    return [...r.step('blendWeights').data.slice(patch * n, (patch + 1) * n)];
  });
}

// Registers before/after hooks that start a server and a browser for a test file; returns an
// object whose context and url are filled in once they are up.
export function useBrowser(before, after) {
  const env = {};
  before(async () => {
    Object.assign(env, await serve());
    env.context = await launch();
  });
  after(async () => {
    await env.context?.close();
    env.server?.close();
  });
  return env;
}

// axe-core's violations on the page (every impact, best practices included), one line each.
export async function allViolations(page) {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.map(
    (v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`,
  );
}

// axe-core's serious and critical violations on the page, one line each.
export async function seriousViolations(page) {
  return (await allViolations(page)).filter((line) => /^(serious|critical):/.test(line));
}

// Holds back the element's own script (attention-lens-element.js) in page until release() is
// called: what a reader sees before it arrives.
export async function holdElement(page) {
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await page.route('**/attention-lens-element.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
