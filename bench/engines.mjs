#!/usr/bin/env node
// npm run bench:engines: the page's keystroke → screen in Chromium, Firefox ESR and WebKitGTK, side
// by side in one run, each against its own floor (a bare textarea, measured the same way in the
// same engine); the longest the main thread was held by a 1 MB paste and by a 10,000-word text
// (each engine's own, and a bare textarea's with the page's font and width for the paste); and
// training steps per second in the page's worker. The engines are Debian's, driven as
// tests/engines/ drive them. Writes bench/RESULTS.md (--no-write: only prints).
//   node bench/engines.mjs [--engines chromium,firefox,webkit,webkit-cpu] [--keystrokes 100] [--no-write]
// The keystroke method is bench/keystrokes.mjs's (the input event's timeStamp to the first task
// after the frame that shows the result, with its check for an added frame); keys are pressed and
// released through each engine's driver, the next only once the page has its record.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { dist } from '../tests/browser/browser.mjs';
import { openChromium, openFirefox, openWebKit } from '../tests/engines/engines.mjs';
import { startServer } from '../scripts/serve.mjs';
import { fmtMs, installTimer, summarize } from './keystrokes.mjs';
import { writeResults } from './results-file.mjs';

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'chromium,firefox,webkit,webkit-cpu' },
    keystrokes: { type: 'string', default: '100' },
    'no-write': { type: 'boolean', default: false },
  },
});
// webkit: WebKitGTK as the tests run it (composited: on this GPU-less VM, through Mesa's software GL);
// webkit-cpu: the same with its compositing off (tests/engines/engines.mjs: openWebKit)
const OPEN = {
  chromium: openChromium,
  firefox: openFirefox,
  webkit: openWebKit,
  'webkit-cpu': () => openWebKit({ compositing: false }),
};
const KEYSTROKES = Number(args.keystrokes),
  WARM_UP = 4;
const SIZES = [8, 64, 256, 1024];
const WORDS = ['the', 'king', 'and', 'queen', 'rule', 'over', 'seven', 'kingdoms', 'while', 'winter', 'comes', 'north'];
const TRAIN_WARM_MS = 3000,
  TRAIN_WINDOW_MS = 15000;
const BARE = '/bench-bare-textarea.html';
const BARE_STYLED = '/bench-bare-textarea-styled.html'; // the paste's floor: a bare box as the page's
const MB = 1 << 20; // the paste: 1 MB of words

const { server, url } = await startServer({
  root: dist,
  port: 0,
  quiet: true,
  extra: {
    [BARE]: fileURLToPath(new URL('bare-textarea.html', import.meta.url)),
    [BARE_STYLED]: fileURLToPath(new URL('bare-textarea-styled.html', import.meta.url)),
  },
});

// In the page: n words in the box (at most cap characters) as one input (a paste), focused, the
// caret at the end. The text stays in the page (window.__pasted) for the checks that wait for its
// analysis: sent back and forth with each poll, 1 MB would be the method's own copy on the main
// thread (WebDriver serializes it there).
function fill(n, words, cap = Infinity) {
  const box =
    document.querySelector('attention-lens')?.shadowRoot.querySelector('.input > textarea') ??
    document.querySelector('textarea');
  box.value = Array.from({ length: n }, (_, i) => words[i % words.length])
    .join(' ')
    .slice(0, cap);
  box.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertFromPaste' }));
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
  window.__pasted = box.value;
  return box.value.length;
}
const analyzed = () => document.querySelector('attention-lens').state.analyzed?.text === window.__pasted;

// Presses a letter and Backspace in turn, each released once the page has its record.
async function pressAndTime(engine) {
  const records = [];
  for (let k = 0; k < KEYSTROKES + WARM_UP; k++) {
    await engine.run(() => window.__expectKeystroke());
    const key = k % 2 ? 'Backspace' : 's';
    await engine.keyDown(key);
    const t = await engine.run(() => window.__keystroke);
    await engine.keyUp(key);
    if (k >= WARM_UP) records.push(t);
  }
  return records;
}

// The longest gap between the turns of a chain of tasks (a MessageChannel's messages, each posting
// the next) while text of n words goes into the box as one paste and is analyzed (done() says
// when: its frame and the next are over): what the reader's keys and scrolls wait for at most.
// The Long Tasks API would say the same in Chromium only.
async function longestHold(engine, n, done, cap = Infinity) {
  await engine.run(() => {
    const g = { max: 0, last: performance.now(), on: true };
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const now = performance.now();
      g.max = Math.max(g.max, now - g.last);
      g.last = now;
      if (g.on) channel.port2.postMessage(0);
    };
    channel.port2.postMessage(0);
    window.__hold = g;
  });
  await engine.run(fill, n, WORDS, cap);
  await engine.waitFor(done, undefined, 120000);
  await engine.run(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return engine.run(() => {
    window.__hold.on = false;
    return window.__hold.max;
  });
}

async function keystrokes(engine, page, n) {
  if (page === 'bare') {
    await engine.goto(url + BARE.slice(1));
    await engine.run(installTimer, ['input']);
    await engine.run(fill, n, WORDS);
  } else {
    await engine.run(fill, n, WORDS);
    await engine.waitFor(analyzed);
  }
  return summarize(await pressAndTime(engine));
}

async function trainingStepsPerSecond(engine) {
  await engine.goto(url);
  await engine.waitFor(() => document.querySelector('attention-lens')?.state?.result);
  await engine.run(async () => {
    const panel = document.querySelector('attention-lens').shadowRoot.querySelector('details.train');
    for (let d = panel.parentElement?.closest('details'); d; d = d.parentElement?.closest('details')) d.open = true;
    const toggled = new Promise((r) => panel.addEventListener('toggle', r, { once: true }));
    panel.open = true;
    await toggled;
  });
  const button = () =>
    [...document.querySelector('attention-lens').shadowRoot.querySelectorAll('details.train button')].find(
      (b) => b.textContent.trim() === 'Train',
    );
  await engine.waitFor(button);
  await engine.run(() =>
    [...document.querySelector('attention-lens').shadowRoot.querySelectorAll('details.train button')]
      .find((b) => b.textContent.trim() === 'Train')
      .click(),
  );
  const steps = () =>
    Number(document.querySelector('attention-lens').shadowRoot.querySelector('.train-status').dataset.steps);
  await engine.waitFor(
    () => Number(document.querySelector('attention-lens').shadowRoot.querySelector('.train-status').dataset.steps) > 0,
    null,
    60000,
  );
  await new Promise((r) => setTimeout(r, TRAIN_WARM_MS)); // the measurement's warm-up, as bench/page.mjs
  const s0 = await engine.run(steps),
    t0 = Date.now();
  await new Promise((r) => setTimeout(r, TRAIN_WINDOW_MS)); // the window it counts steps over
  return ((await engine.run(steps)) - s0) / ((Date.now() - t0) / 1000);
}

const results = [];
for (const name of args.engines.split(',')) {
  const engine = await OPEN[name]();
  try {
    const r = { engine: engine.name, version: await engine.version() };
    r.floor = await keystrokes(engine, 'bare', 8);
    await engine.goto(url + BARE_STYLED.slice(1));
    r.pasteFloor = await longestHold(
      engine,
      250000,
      () => document.querySelector('textarea').value === window.__pasted,
      MB,
    );
    await engine.goto(url);
    await engine.waitFor(() => {
      const s = document.querySelector('attention-lens')?.state;
      return s?.result && s.topicModel !== undefined && s.analyzed?.topicModel === s.topicModel;
    });
    await engine.run(installTimer, ['attention-lens-render']);
    r.rows = [];
    for (const n of SIZES) r.rows.push({ n, ...(await keystrokes(engine, 'page', n)) });
    r.paste = await longestHold(engine, 250000, analyzed, MB);
    r.words = await longestHold(engine, 10000, analyzed);
    r.training = await trainingStepsPerSecond(engine);
    results.push(r);
    const parts = (x) => `input → rendered ${fmtMs(x.render)}, → frame ${fmtMs(x.wait)}, frame ${fmtMs(x.frame)}`;
    process.stderr.write(
      `${r.engine}: floor p95 ${fmtMs(r.floor.p95)} (${parts(r.floor)}); ` +
        `${r.rows.map((x) => `${x.n}: p95 ${fmtMs(x.p95)} (${parts(x)})`).join(', ')}; ` +
        `1 MB paste held ${fmtMs(r.paste)} (bare textarea ${fmtMs(r.pasteFloor)}), 10,000 words ${fmtMs(r.words)}; ` +
        `training ${r.training.toFixed(0)} steps/s\n`,
    );
  } finally {
    await engine.close();
  }
}
server.close();

const target = (n, floor) => (n <= 64 ? floor + 3 : n <= 256 ? floor + 5 : 40);
const cell = (r, n) => {
  const row = r.rows.find((x) => x.n === n);
  return `${fmtMs(row.median)} / ${fmtMs(row.p95)}${row.late ? ` (${row.late} late)` : ''}`;
};
const chromium = results.find((r) => r.engine === 'chromium');
const summary = [
  `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core VM, one engine after another: ` +
    results.map((r) => r.version).join(', ') +
    '.',
  `${KEYSTROKES} keystrokes per size (a letter typed and deleted at the end of the sentence box), each timed in the page`,
  "from the input event's `timeStamp` to the first task after the frame that shows its result (bench/keystrokes.mjs);",
  'median / p95; "late" counts keystrokes whose timing task ran after the next frame had begun (the method\'s check).',
  'webkit: WebKitGTK as the tests drive it, composited; this VM has no GPU (no /dev/dri), so its layers are drawn',
  "through Mesa's software GL on the same two cores. webkit, compositing off: the same with",
  '`WEBKIT_DISABLE_COMPOSITING_MODE=1` (painted on the main thread). Each row against its own floor.',
  '',
  `| engine | bare textarea (floor) | 8 tokens | 64 | 256 | 1,024 | p95 targets (8 and 64 / 256 / 1,024) |`,
  '|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.engine} | ${fmtMs(r.floor.median)} / ${fmtMs(r.floor.p95)} | ${SIZES.map((n) => cell(r, n)).join(' | ')} | ` +
      (r.engine === 'chromium'
        ? `${fmtMs(target(8, r.floor.p95))} / ${fmtMs(target(256, r.floor.p95))} / 40 ms`
        : `64 tokens ≤ floor + 8 = ${fmtMs(r.floor.p95 + 8)}`) +
      ' |',
  ),
  '',
  'The longest the main thread was held (the longest gap in a chain of tasks, each posting the next) while the box takes',
  'a 1 MB paste or a 10,000-word text and the page analyzes it; the target is 100 ms. And training steps per second in',
  "the page's worker (the text layer, batch 32, 4 heads; steps over 15 s after a 3 s warm-up).",
  '',
  '| engine | 1 MB paste: bare textarea (the page’s font, width) | 1 MB paste: the page | 10,000 words: the page | training steps/s | vs Chromium |',
  '|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.engine} | ${fmtMs(r.pasteFloor)} | ${fmtMs(r.paste)} | ${fmtMs(r.words)} | ${r.training.toFixed(0)} | ` +
      `${chromium ? `${(r.training / chromium.training).toFixed(2)}×` : '–'} |`,
  ),
].join('\n');
console.log(summary);
if (!args['no-write']) writeResults('engines', summary);
