#!/usr/bin/env node
// npm run bench:page: in headless Chromium, the time from a keystroke to the repaint of all
// views at 8, 64, 256 and 1,024 tokens (median and p95), and the bytes transferred on the first
// load (compressed, as served by scripts/serve.mjs with gzip). Writes bench/RESULTS.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { median } from './inputs.mjs';
import { launch, serve } from '../tests/browser/browser.mjs';

const SIZES = [8, 64, 256, 1024];
const KEYSTROKES = 40;
const WORDS = ['the', 'king', 'and', 'queen', 'rule', 'over', 'seven', 'kingdoms', 'while', 'winter', 'comes', 'north'];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)];

const { server, url } = await serve();
const context = await launch();

// first load: every response's encoded size, until the first analysis is on screen
const page = await context.newPage();
const responses = [];
page.on('requestfinished', async (request) => {
  const sizes = await request.sizes();
  responses.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
});
const t0 = Date.now();
await page.goto(url);
await page.waitForFunction(() => document.querySelector('attention-lens').state?.result);
const firstResultMs = Date.now() - t0;
await page.waitForTimeout(500);
const firstLoad = [...responses];  // later requests (training, shards) are not the first load
const firstLoadBytes = firstLoad.reduce((s, r) => s + r.bytes, 0);

// keystroke -> repaint, timed inside the page: from the input event to a task after the frame
await page.evaluate(() => {
  window.__paints = [];
  const el = document.querySelector('attention-lens');
  el.addEventListener('attention-lens-render', () => {
    const inputAt = el.state.inputAt;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.__paints.push(performance.now() - inputAt);
      channel.port2.postMessage(0);
    });
  });
});
const box = page.locator('attention-lens').locator('.input > textarea');
const rows = [];
for (const n of SIZES) {
  const text = Array.from({ length: n }, (_, i) => WORDS[i % WORDS.length]).join(' ');
  await box.fill(text);
  await page.waitForFunction((t) => document.querySelector('attention-lens').state.analyzed?.text === t, text);
  await box.focus();
  await page.keyboard.press('End');
  const times = [];
  for (let k = 0; k < KEYSTROKES + 4; k++) {
    const before = await page.evaluate(() => window.__paints.length);
    await page.keyboard.press(k % 2 ? 'Backspace' : 's');
    await page.waitForFunction((b) => window.__paints.length > b, before);
    if (k >= 4) times.push(await page.evaluate(() => window.__paints.at(-1)));  // the first few warm up
    await page.waitForTimeout(30);
  }
  const tokens = await page.evaluate(() => document.querySelector('attention-lens').state.result.tokens.length);
  rows.push({ n: tokens, median: median(times), p95: p95(times) });
  process.stderr.write(`${tokens} tokens: median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms\n`);
}
// training in the page's worker: steps per second over 15 s (after the first 3)
await page.locator('attention-lens').locator('.train summary').click();
await page.locator('attention-lens').locator('.train').getByRole('button', { name: 'Train' }).click();
await page.waitForFunction(() => Number(document.querySelector('attention-lens').shadowRoot.querySelector('.train-status').dataset.steps) > 0,
  null, { timeout: 60000 });
await page.waitForTimeout(3000);
const readSteps = () => page.evaluate(() => Number(document.querySelector('attention-lens').shadowRoot.querySelector('.train-status').dataset.steps));
const s0 = await readSteps(), ts0 = Date.now();
await page.waitForTimeout(15000);
const trainStepsPerSecond = (await readSteps() - s0) / ((Date.now() - ts0) / 1000);
process.stderr.write(`training in the page's worker: ${trainStepsPerSecond.toFixed(0)} steps/s\n`);
await context.close();
server.close();

const chromium = `Chromium ${context.browser()?.version() ?? ""}`.trim();
const summary = [
  `Measured ${new Date().toISOString().slice(0, 10)} with ${chromium}, headless, on this project's 2-core VM;`,
  `${KEYSTROKES} keystrokes per size (a letter typed and deleted at the end), each timed from the input`,
  'event to the first task after the next frame, with every view repainted.',
  '',
  '| tokens | keystroke → repaint, median | p95 | target (p95) |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.n} | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.n <= 64 ? '≤ 16 ms' : r.n >= 1000 ? '≤ 100 ms' : '–'} |`),
  '',
  `Training in the page (a Web Worker, the wasm SIMD build, batch 32, 4 heads): ${trainStepsPerSecond.toFixed(0)} steps/s while the page stays responsive.`,
  '',
  `First load: ${(firstLoadBytes / 1e6).toFixed(2)} MB transferred (gzip) in ${firstLoad.length} requests, ` +
    `first attention on screen after ${firstResultMs} ms on loopback (target ≤ 2 MB). Largest: ` +
    firstLoad.sort((a, b) => b.bytes - a.bytes).slice(0, 3).map((r) => `${new URL(r.url).pathname.slice(1)} ${(r.bytes / 1e3).toFixed(0)} kB`).join(', ') + '.',
].join('\n');
console.log(summary);
const path = new URL('RESULTS.md', import.meta.url);
const doc = readFileSync(path, 'utf8');
const start = '<!-- page:start -->', end = '<!-- page:end -->';
writeFileSync(path, `${doc.slice(0, doc.indexOf(start) + start.length)}\n${summary}\n${doc.slice(doc.indexOf(end))}`);
console.error('wrote bench/RESULTS.md');
