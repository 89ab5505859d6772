// Bad input through the page in the browser (no NaN, no markup run, at most maxTokens tokens),
// memory flat over 10,000 updates, and clear in-page messages when the wasm or the embeddings
// are missing or corrupted. (How long the page's longest task is, npm run bench:page measures.)
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import { dist, openLens, screenshot, typeSentence, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);

const WORDS = ['the', 'night', 'is', 'dark', 'and', 'full', 'of', 'terrors', ',', '👍🏽', 'שָׁלוֹם', '東京'];
const MEGABYTE = Array.from({ length: 120000 }, (_, i) => WORDS[i % WORDS.length])
  .join(' ')
  .slice(0, 1 << 20);
const INPUTS = [
  ['empty', ''],
  ['white space', ' \t\n\u00a0\u3000 '],
  ['one word 10,000 times', 'debts '.repeat(10000)],
  ['a 1 MB paste', MEGABYTE],
  ['emoji', '👍🏽 👨‍👩‍👧‍👦 🏳️‍🌈 🇯🇵 1️⃣'],
  ['combining marks', 'e\u0301te\u0301 \u0301\u0302 Z\u0351\u036b'],
  ['Arabic and Hebrew', 'السَّلَامُ عَلَيْكُمْ שָׁלוֹם עוֹלָם'],
  ['CJK without spaces', '東京は日本の首都です。'],
  ['control characters and NUL', 'a\0b\x01c\x1b[31m d\x7f'],
  ['lone surrogates', '\uD800abc x\uDFFFy'],
  ['markup', '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> javascript:window.__pwned=3'],
  ['a number of 5,000 digits', '9'.repeat(5000)],
  ['only punctuation', '?!.,;:…—«»¿¡...'],
  ['unknown words', 'zxqv blorfx qwxzk'],
];

test('bad input gives a defined view: no NaN, nothing executed, at most maxTokens tokens', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const maxTokens = await page.evaluate(() => document.querySelector('attention-lens').state.options.maxTokens);
  for (const [name, text] of INPUTS) {
    await typeSentence(page, text);
    const view = await page.locator('attention-lens').evaluate((el) => el.shadowRoot.textContent);
    assert.ok(!/\bNaN\b|Infinity/.test(view), `${name}: the page shows NaN or Infinity`);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, `${name}: injected code ran`);
    const s = await page.evaluate(() => document.querySelector('attention-lens').state);
    if (s.result.tokens.length === 0)
      assert.match(await shadow(page, '.notes').textContent(), /Type a sentence|no words/);
    else assert.ok(s.result.tokens.length <= maxTokens, `${name}: at most ${maxTokens} tokens analyzed`);
  }
  await screenshot(page, 'bad-input-last');
  assert.deepEqual(problems, []);
  await page.close();
});

// The browser lays a long paste out in a frame (WebKit: ~0.8 s for 1 MB, a bare box's too): the
// analysis comes in a task after that frame, so that the two hold the main thread one after the
// other, not in one stretch (npm run bench:engines measures the holds); a short text at once.
test('a long paste is analyzed after the frame that lays it out; a short text in its own task', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const order = (text) =>
    page.evaluate(
      (t) =>
        new Promise((resolve) => {
          const el = document.querySelector('attention-lens');
          const box = el.shadowRoot.querySelector('.input > textarea');
          const seen = [];
          const drawn = () => {
            seen.push('analysis drawn');
            resolve(seen);
          };
          el.addEventListener('attention-lens-render', drawn, { once: true });
          // pasted as a frame begins: the next frame is the furthest off it can be
          requestAnimationFrame(() => {
            box.value = t;
            box.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertFromPaste' }));
            requestAnimationFrame(() => seen.push('frame'));
          });
        }),
      text,
    );
  // the seed's words, whose files are in: nothing to wait for but the frame
  const long = 'A Lannister always pays his debts. '.repeat(3000); // 105,000 characters
  assert.deepEqual(await order(long), ['frame', 'analysis drawn']);
  assert.deepEqual(await order('A Lannister always pays his debts'), ['analysis drawn']);
  await page.close();
});

test('wasm memory and live handles stay flat over 10,000 updates in the page', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const stats = await page.evaluate(async () => {
    const el = document.querySelector('attention-lens');
    const lens = el.state.lens;
    const texts = ['A Lannister always pays his debts', 'Winter is coming', 'The night is dark and full of terrors'];
    const run = async (count) => {
      for (let i = 0; i < count; i++) {
        const r = await lens.analyze(texts[i % 3], { heads: [1, 2, 4][i % 3] });
        r.step('weights');
        r.dispose();
      }
    };
    // the page's own updates too: the element analyzes, paints and disposes the previous result,
    // and says so with its render event
    const paint = async (count) => {
      for (let i = 0; i < count; i++) {
        if (el.state.text === texts[i % 3]) continue; // no change, no new analysis
        const rendered = new Promise((resolve) => {
          const on = () => {
            if (el.state.analyzed?.text !== texts[i % 3]) return;
            el.removeEventListener('attention-lens-render', on);
            resolve();
          };
          el.addEventListener('attention-lens-render', on);
        });
        el.setAttribute('sentence', texts[i % 3]);
        await rendered;
      }
    };
    await run(300);
    await paint(30);
    const before = lens.memoryStats();
    await run(10000);
    await paint(300);
    const after = lens.memoryStats();
    return { before, after };
  });
  assert.equal(stats.after.memoryBytes, stats.before.memoryBytes);
  assert.equal(stats.after.heapTop, stats.before.heapTop);
  assert.equal(stats.after.liveAnalyses, stats.before.liveAnalyses, 'only the shown result is alive');
  assert.ok(stats.after.liveAnalyses <= 1);
  assert.equal(stats.after.emvalHandles, stats.before.emvalHandles);
  await page.close();
});

// a copy of the site with one file removed or damaged, served on its own port
async function brokenSite(name, damage) {
  const dir = mkdtempSync(join(tmpdir(), `al-${name}-`));
  for (const f of [
    'index.html',
    'attention-lens.js',
    'attention-lens-element.js',
    'attention-lens-image.js',
    'attention-lens-explain.js',
    'page.css',
    'favicon.svg',
    'wasm',
    'weights',
  ])
    cpSync(join(dist, f), join(dir, f), { recursive: true });
  cpSync(join(dist, 'embeddings'), join(dir, 'embeddings'), { recursive: true });
  damage(dir);
  const served = await startServer({ root: dir, port: 0, quiet: true });
  return {
    ...served,
    dir,
    cleanup: () => {
      served.server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// the core bucket of "debts" (a word of the seed sentence): one of its first files
const SEED_BUCKET = 'core-125.bin';
for (const [name, damage, message] of [
  [
    'corrupted embeddings',
    (dir) => {
      const p = join(dir, 'embeddings', SEED_BUCKET),
        bytes = readFileSync(p);
      bytes[bytes.length >> 1] ^= 0xff;
      writeFileSync(p, bytes);
    },
    /embeddings file 'core-125\.bin' is not usable: corrupted/,
  ],
  [
    'truncated embeddings',
    (dir) => {
      const p = join(dir, 'embeddings', SEED_BUCKET);
      writeFileSync(p, readFileSync(p).subarray(0, 1000));
    },
    /embeddings file 'core-125\.bin' is not usable: truncated/,
  ],
  [
    'a missing wasm file',
    (dir) => rmSync(join(dir, 'wasm', 'attention-lens-simd.wasm')),
    /could not fetch .*attention-lens-simd\.wasm: HTTP 404/,
  ],
]) {
  test(`${name}: the page says what failed, in the page`, async () => {
    const site = await brokenSite(name.replace(/\W+/g, '-'), damage);
    try {
      const { page, problems } = await openLens(env.context, site.url, { waitForResult: false });
      const error = shadow(page, '.error');
      await error.waitFor({ state: 'visible' });
      assert.match(await error.textContent(), message);
      assert.equal(await error.getAttribute('role'), 'alert');
      const uncaught = problems.filter((p) => p.startsWith('page error'));
      assert.deepEqual(uncaught, [], 'no uncaught errors');
      await screenshot(page, `error-${name.replace(/\W+/g, '-')}`);
      await page.close();
    } finally {
      site.cleanup();
    }
  });
}

test('a copy without attention-lens-image.js: the text works, the picture mode says so and tries again', async () => {
  const site = await brokenSite('no-image-part', (dir) => rmSync(join(dir, 'attention-lens-image.js')));
  try {
    const { page, problems } = await openLens(env.context, site.url);
    const part = [];
    page.on('request', (r) => r.url().endsWith('/attention-lens-image.js') && part.push(r.url()));
    const lens = page.locator('attention-lens');
    await lens.locator('[role=tab][data-mode=image]').click();
    const alert = lens.locator('.image-mode [role=alert]');
    await alert.waitFor();
    assert.match(
      await alert.textContent(),
      /^The picture mode could not be loaded: could not load http:\/\/[^ ]+\/attention-lens-image\.js\./,
    );
    assert.equal(part.length, 1);
    // the file copied in, "Try again" builds the mode without a reload
    cpSync(join(dist, 'attention-lens-image.js'), join(site.dir, 'attention-lens-image.js'));
    await alert.getByRole('button', { name: 'Try again' }).click();
    await lens.locator('.image-mode .about-model').waitFor(); // its views (this copy has no photos)
    assert.equal(part.length, 2);
    assert.equal(await lens.locator('.image-mode [role=alert]', { hasText: 'could not be loaded' }).count(), 0);
    // the missing file's 404 (and the photos', which this copy lacks): no script error
    assert.deepEqual(
      problems.filter((p) => !/status of 404/.test(p)),
      [],
    );
    await page.close();
  } finally {
    site.cleanup();
  }
});

test('a copy without attention-lens-element.js: the page says what to copy, in the element', async () => {
  const site = await brokenSite('no-element', (dir) => rmSync(join(dir, 'attention-lens-element.js')));
  try {
    const { page, problems } = await openLens(env.context, site.url, { waitForResult: false });
    const lens = page.locator('attention-lens');
    await lens.filter({ hasText: 'could not load' }).waitFor();
    assert.match(
      await lens.textContent(),
      /^attention-lens: could not load http:\/\/[^ ]+\/attention-lens-element\.js: copy it beside attention-lens\.js/,
    );
    assert.ok(
      problems.some((p) => /could not load .*attention-lens-element\.js/.test(p)),
      problems.join('\n'),
    );
    await page.close();
  } finally {
    site.cleanup();
  }
});
