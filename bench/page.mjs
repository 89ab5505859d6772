#!/usr/bin/env node
// npm run bench:page: in headless Chromium, the time from a keystroke to the screen showing
// its result, at 8, 64, 256 and 1,024 tokens (median and p95), against the floor measured the
// same way in the same run on a bare page with only a textarea; and the bytes transferred on
// the first load (compressed, as served by scripts/serve.mjs with gzip); and training steps per
// second in the page's worker, of the text layer and of the picture layer. Writes bench/RESULTS.md
// (--no-write: only prints).
import { launch, serve } from '../tests/browser/browser.mjs';
import {
  fmtMs,
  installTimer,
  KEYSTROKES,
  measureFloor,
  pressAndTime,
  report,
  summarize,
  typeAndTime,
} from './keystrokes.mjs';
import { writeResults } from './results-file.mjs';
import { workerStepsPerSecond } from './worker-training.mjs';

const SIZES = [8, 64, 256, 1024];
const WORDS = ['the', 'king', 'and', 'queen', 'rule', 'over', 'seven', 'kingdoms', 'while', 'winter', 'comes', 'north'];
// p95 targets in ms, given the floor's p95
const target = (tokens, floor) =>
  tokens <= 64
    ? { ms: floor + 3, text: 'floor + 3 ms' }
    : tokens <= 256
      ? { ms: floor + 5, text: 'floor + 5 ms' }
      : { ms: 40, text: '≤ 40 ms' };

const { server, url } = await serve();
const context = await launch();

// the floor, measured before and after the page (half each), so a drift in the machine's load
// during the run falls on both
const FLOOR_TEXT = WORDS.slice(0, 8).join(' ');
const floorRecords = await measureFloor(context, url, FLOOR_TEXT);

// first load: every request made until the first analysis is on screen, with its encoded size
const page = await context.newPage();
const requests = [];
page.on('request', (request) => requests.push(request));
const t0 = Date.now();
await page.goto(url);
await page.waitForFunction(() => document.querySelector('attention-lens').state?.result);
const firstResultMs = Date.now() - t0;
const firstLoad = await Promise.all(
  [...requests].map(async (request) => {
    // sizes() waits for the response to end
    const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 })); // a failed request
    return { url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize };
  }),
);
const firstLoadBytes = firstLoad.reduce((s, r) => s + r.bytes, 0);

await page.evaluate(installTimer, ['attention-lens-render']);
const box = page.locator('attention-lens').locator('.input > textarea');
const rows = [];
for (const n of SIZES) {
  const text = Array.from({ length: n }, (_, i) => WORDS[i % WORDS.length]).join(' ');
  await box.fill(text);
  await page.waitForFunction((t) => document.querySelector('attention-lens').state.analyzed?.text === t, text);
  await box.focus();
  await page.keyboard.press('End');
  const records = await typeAndTime(page);
  const tokens = await page.evaluate(() => document.querySelector('attention-lens').state.result.tokens.length);
  rows.push({ n: tokens, ...summarize(records) });
  report(`${tokens} tokens`, rows.at(-1));
}
// the longest task while the page takes a 1 MB paste (the page reads its first 100,000
// characters and analyzes the first maxTokens tokens of them)
const MEGABYTE = Array.from({ length: 250000 }, (_, i) => WORDS[i % WORDS.length])
  .join(' ')
  .slice(0, 1 << 20);
await page.evaluate(() => {
  window.__longest = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
  }).observe({ type: 'longtask' });
});
await box.fill(MEGABYTE);
await page.waitForFunction(() => document.querySelector('attention-lens').state.analyzed?.text.length === 1 << 20);
const longestTask = await page.evaluate(() => window.__longest);
process.stderr.write(`a 1 MB paste: the longest task ${fmtMs(longestTask)}\n`);

// the picture: choosing another query patch with the arrow keys, timed from the keydown to the
// first task after the frame that shows every view repainted, at 196 and 784 patches
const imageRows = [];
for (const patch of [16, 8]) {
  await page.goto(`${url}?mode=image&picture=chelsea&patch=${patch}`);
  await page.waitForFunction(() => document.querySelector('attention-lens').state?.imageResult);
  await page.evaluate(installTimer, ['attention-lens-render', 'keydown']);
  await page.locator('attention-lens').locator('.picture-stack').focus();
  const records = await pressAndTime(page, ['ArrowRight', 'ArrowLeft']);
  imageRows.push({ n: (224 / patch) ** 2, ...summarize(records) });
  report(`the picture, ${imageRows.at(-1).n} patches`, imageRows.at(-1));
}
floorRecords.push(...(await measureFloor(context, url, FLOOR_TEXT)));
const floor = summarize(floorRecords);
report('bare textarea (the floor)', floor);

// training in the page's worker: steps per second, of the text layer (batch 32, 4 heads) and of
// the picture layer (learned non-local means, its panel's defaults: patch 16, 4 heads, batch 4)
const trainStepsPerSecond = await workerStepsPerSecond(page, url, { panel: 'train', ready: 'result' });
process.stderr.write(`training in the page's worker: ${trainStepsPerSecond.toFixed(0)} steps/s\n`);
const imageTrainStepsPerSecond = await workerStepsPerSecond(page, `${url}?mode=image&picture=chelsea`, {
  panel: 'image-train',
  ready: 'imageResult',
});
process.stderr.write(
  `training the picture layer in the page's worker: ${imageTrainStepsPerSecond.toFixed(0)} steps/s\n`,
);
const chromium = `Chromium ${context.browser()?.version() ?? ''}`.trim();
await context.close();
server.close();

const verdict = (r) => {
  const t = target(r.n, floor.p95);
  return `${t.text === '≤ 40 ms' ? t.text : `${t.text} = ${fmtMs(t.ms)}`} | ${r.p95 <= t.ms ? 'met' : 'missed'}`;
};
const parts = (r) =>
  `${fmtMs(r.render)} | ${fmtMs(r.wait)} | ${fmtMs(r.frame)} | ${fmtMs(r.twoFrames)} | ${r.late} of ${r.count}`;
const summary = [
  `Measured ${new Date().toISOString().slice(0, 10)} with ${chromium}, headless, on this project's 2-core VM;`,
  `${KEYSTROKES} keystrokes per size (a letter typed and deleted at the end), each timed from the input event's`,
  '`timeStamp` to the first task after the frame that shows its result (every view repainted), and the same on a',
  `bare page with only a textarea: the floor (${floorRecords.length} keystrokes, half before and half after the page).`,
  'The parts are medians; "one frame later" is the same keystroke timed after the following frame, and the last column',
  'counts the keystrokes whose first task after the frame ran only after that following frame had begun.',
  '',
  '| tokens | keystroke → screen, median | p95 | target (p95) | | input → rendered | → frame | the frame | one frame later | held past the next frame |',
  '|---|---|---|---|---|---|---|---|---|---|',
  `| bare textarea (the floor) | ${fmtMs(floor.median)} | ${fmtMs(floor.p95)} | – | | ${parts(floor)} |`,
  ...rows.map((r) => `| ${r.n} | ${fmtMs(r.median)} | ${fmtMs(r.p95)} | ${verdict(r)} | ${parts(r)} |`),
  '',
  'The picture: another query patch (an arrow key), from the keydown to the first task after the frame that shows it;',
  'the target is one frame (16.7 ms) over the floor.',
  '',
  '| patches | key → screen, median | p95 | target (p95) | | input → rendered | → frame | the frame | one frame later | held past the next frame |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...imageRows.map(
    (r) =>
      `| ${r.n} | ${fmtMs(r.median)} | ${fmtMs(r.p95)} | floor + 16.7 ms = ${fmtMs(floor.p95 + 16.7)} | ${r.p95 <= floor.p95 + 16.7 ? 'met' : 'missed'} | ${parts(r)} |`,
  ),
  '',
  `A 1 MB paste: the page's longest task was ${fmtMs(longestTask)}.`,
  '',
  `Training in the page (a Web Worker, the wasm SIMD build, batch 32, 4 heads): ${trainStepsPerSecond.toFixed(0)} steps/s while the page stays responsive.`,
  `The picture layer in the same way (learned non-local means, patch 16: 196 patches, 4 heads, batch 4): ${imageTrainStepsPerSecond.toFixed(0)} steps/s.`,
  '',
  `First load: ${(firstLoadBytes / 1e6).toFixed(2)} MB transferred (gzip) in ${firstLoad.length} requests, ` +
    `first attention on screen after ${firstResultMs} ms on loopback (target ≤ 2 MB). Largest: ` +
    firstLoad
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 3)
      .map((r) => `${new URL(r.url).pathname.slice(1)} ${(r.bytes / 1e3).toFixed(0)} kB`)
      .join(', ') +
    '.',
].join('\n');
console.log(summary);
const late = [floor, ...rows, ...imageRows].reduce((sum, r) => sum + r.late, 0);
if (late)
  console.error(`${late} keystrokes were timed after the following frame had begun: their figures carry a frame more`);
if (process.argv.includes('--no-write')) process.exit();
writeResults('page', summary);
