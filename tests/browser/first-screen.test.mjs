// The first attention before the whole vocabulary: the page shows its first sentence's attention
// from the sentence's own small embeddings files, with exactly the numbers it shows once
// core.bin is in; the panels that need core.bin say so and fill in by themselves; a word typed
// while core.bin is still on its way is looked up, never reported unknown. core.bin is held back
// by the test (a route that answers when the test says) so that "before" lasts as long as needed.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  holdElement,
  openAround,
  openDetails,
  typeSentence,
  useBrowser,
  waitForAnalysis,
  waitForImage,
} from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);

// Opens the page with core.bin held back; release() lets it through.
async function openHoldingVocabulary(query = '') {
  const page = await env.context.newPage();
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.route('**/embeddings/core.bin', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${env.url}${query}`);
  await page.waitForFunction(() => document.querySelector('attention-lens')?.state?.result);
  await waitForAnalysis(page);
  return { page, release, requested };
}

const weightsOf = (page) =>
  page.evaluate(() => {
    const { result } = document.querySelector('attention-lens').state;
    return {
      tokens: result.tokens.map((t) => [t.text, t.known, t.status]),
      weights: Array.from(result.step('weights', 0).data),
      output: Array.from(result.step('output').data),
      topic: result.topic()?.weights ?? null,
    };
  });

test('the first attention comes before core.bin and equals the attention after it', async () => {
  const { page, release, requested } = await openHoldingVocabulary();
  const first = await weightsOf(page);
  assert.equal(await page.evaluate(() => document.querySelector('attention-lens').state.lens.vocabularyReady), false);
  assert.ok(
    requested.some((p) => /\/embeddings\/core-\d+\.bin$/.test(p)),
    requested.join(' '),
  );
  assert.ok(
    first.tokens.every(([, known, status]) => known || status === 'not-in-vocabulary' || status === 'stand-in'),
    JSON.stringify(first),
  );
  // the panels that decode to words wait for the vocabulary, and say so
  assert.match(await shadow(page, '.search .about').textContent(), /whole vocabulary/);
  release();
  await page.waitForFunction(() => document.querySelector('attention-lens').state.vocabulary?.ready);
  await waitForAnalysis(page);
  await page.waitForFunction(
    () => document.querySelector('attention-lens').shadowRoot.querySelector('.search .about').dataset.words !== '',
  );
  assert.doesNotMatch(await shadow(page, '.search .about').textContent(), /whole vocabulary/);
  await openAround(shadow(page, '.topic .about')); // the topic's panel, drawn when its chapter opens
  assert.match(await shadow(page, '.topic .about').textContent(), /nearest words:/);
  // the same sentence analysed again, now with core.bin: the same numbers
  await typeSentence(page, 'A Lannister always pays his debts ');
  await typeSentence(page, 'A Lannister always pays his debts');
  assert.deepEqual(await weightsOf(page), first);
  await page.close();
});

test('a word typed while core.bin is on its way is looked up, never reported unknown', async () => {
  const { page, release } = await openHoldingVocabulary();
  await typeSentence(page, 'The king rode north before the winter came');
  const { tokens } = await weightsOf(page);
  assert.deepEqual(
    tokens.map(([text, known]) => [text, known]),
    ['The', 'king', 'rode', 'north', 'before', 'the', 'winter', 'came'].map((w) => [w, true]),
  );
  const notes = await shadow(page, '.notes').textContent();
  assert.doesNotMatch(notes, /no GloVe vector|not looked up/);
  release();
  await page.waitForFunction(() => document.querySelector('attention-lens').state.vocabulary?.ready);
  await page.close();
});

test('a word whose file is on its way never holds back the frame of the words already known: drawn now, filled in when it comes', async () => {
  const page = await env.context.newPage();
  await page.goto(env.url);
  await page.waitForFunction(() => document.querySelector('attention-lens')?.state?.result);
  await waitForAnalysis(page);
  // the rare words' files held back
  const release = await new Promise((ready) => {
    let open;
    const held = new Promise((resolve) => {
      open = resolve;
    });
    page.route('**/embeddings/shard-*.bin', async (route) => {
      await held;
      await route.continue();
    });
    ready(open);
  });
  const text = 'A Lannister always pays his debts to Tyrion';
  await shadow(page, '.input > textarea').fill(text);
  // drawn at once: every known word in place, the rare one looked up meanwhile
  await page.waitForFunction((t) => document.querySelector('attention-lens').state.analyzed?.text === t, text);
  const now = await page.evaluate(() => {
    const { result } = document.querySelector('attention-lens').state;
    return {
      pending: Boolean(result.pending),
      tokens: result.tokens.map((t) => [t.text, t.known || Boolean(t.standIn)]),
    };
  });
  assert.ok(now.pending, 'the first drawing says a file is on its way');
  assert.deepEqual(now.tokens.at(-1), ['Tyrion', false]);
  // the seed's six words were in: drawn with their vectors ("to" may still be on its way too)
  assert.ok(
    now.tokens.slice(0, 6).every(([, known]) => known),
    'the words already known are drawn with their vectors',
  );
  assert.match(await shadow(page, '.status .notes').textContent(), /Looking up the vectors of the words just typed/);
  release();
  await waitForAnalysis(page, text);
  const filled = await page.evaluate(() => document.querySelector('attention-lens').state.result.tokens.at(-1));
  assert.equal(filled.known, true, 'filled in when its file came');
  assert.doesNotMatch(await shadow(page, '.status .notes').textContent(), /Looking up|no GloVe vector/);
  await page.close();
});

test('the page asks for its first files before the element has arrived, each once, and the photos and the picture mode only with the picture', async () => {
  const page = await env.context.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  // the element's script held back: what is asked for meanwhile, the page's first script asked
  const release = await holdElement(page);
  await page.goto(env.url, { waitUntil: 'commit' });
  await page.waitForSelector('meta[name="attention-lens-seed-files"]', { state: 'attached' });
  const seedFiles = await page.evaluate(() =>
    document
      .querySelector('meta[name="attention-lens-seed-files"]')
      .content.split(' ')
      .map((p) => `/${p}`),
  );
  assert.ok(
    seedFiles.length >= 4 &&
      seedFiles.includes('/embeddings/shared.bin') && // every word's vector needs it
      seedFiles.every((p) => /\/((core|shard)-\d+|shared)\.bin$/.test(p)),
    seedFiles.join(' '),
  );
  const early = [...seedFiles, '/wasm/attention-lens-simd.wasm'];
  await page.waitForFunction(
    (paths) => paths.every((p) => performance.getEntriesByName(new URL(p, location.href).href).length > 0),
    early,
  );
  release();
  await page.waitForFunction(() => document.querySelector('attention-lens')?.state?.result);
  // every file asked for early is used, none fetched twice (no <link rel=preload as=fetch>: WebKit
  // would download each again; tests/engines/ count what every engine fetches)
  for (const p of [...early, '/attention-lens-element.js']) assert.equal(requested.filter((r) => r === p).length, 1, p);
  assert.equal(await page.locator('link[rel=preload][as=fetch]').count(), 0);
  assert.ok(!requested.some((p) => p.startsWith('/images/')), 'no photo before the picture mode');
  // nor the picture mode's code (web/app/parts.js), which comes once, with the mode
  assert.ok(!requested.includes('/attention-lens-image.js'), requested.join(' '));
  await page.locator('attention-lens [role=tab][data-mode=image]').click();
  await waitForImage(page);
  assert.equal(requested.filter((r) => r === '/attention-lens-image.js').length, 1);
  await page.close();
});

// A blog post with one element: its script tag, as the embed page gives it
const ONE_LENS = `<!doctype html><meta charset="utf-8"><title>A post</title>
<script src="attention-lens.js"></script>
<p>Every word looks at every other word:</p>
<attention-lens sentence="The night is dark and full of terrors"></attention-lens>`;

test('an embed asks for the module and its sentence’s words before the element’s own script has arrived, each once', async () => {
  const page = await env.context.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.route('**/one-lens.html', (route) => route.fulfill({ contentType: 'text/html', body: ONE_LENS }));
  const release = await holdElement(page);
  await page.goto(`${env.url}one-lens.html`, { waitUntil: 'commit' });
  // "terrors" is not among the core words: its shard is asked for once its core bucket has been
  // read, all while the element's script is held back
  await page.waitForRequest((r) => /\/embeddings\/shard-\d+\.bin$/.test(r.url()));
  assert.ok(requested.includes('/wasm/attention-lens-simd.wasm'), requested.join(' '));
  assert.equal(requested.filter((p) => /\/embeddings\/core-\d+\.bin$/.test(p)).length, 8, requested.join(' '));
  assert.equal(
    await page.evaluate(() => customElements.get('attention-lens')),
    undefined,
    'the element is not defined yet',
  );
  release();
  await page.waitForFunction(() => document.querySelector('attention-lens')?.state?.result);
  await waitForAnalysis(page);
  const tokens = await page.evaluate(() =>
    document.querySelector('attention-lens').state.result.tokens.map((t) => [t.text, t.known]),
  );
  assert.deepEqual(
    tokens.map(([, known]) => known),
    Array(8).fill(true),
    JSON.stringify(tokens),
  );
  // nothing fetched twice: the element took what the first script asked for
  const files = requested.filter((p) => /\/(wasm|embeddings)\//.test(p));
  assert.deepEqual(
    files.filter((p, i) => files.indexOf(p) !== i),
    [],
    files.join(' '),
  );
  await page.close();
});

// What the element has built: each explanation panel's name and whether its body is there (a
// panel not yet needed holds only its summary), and how many parts the picture mode has.
function builtParts() {
  const root = document.querySelector('attention-lens').shadowRoot;
  return {
    panels: [...root.querySelectorAll('details.explain')].map((d) => [d.classList[1], d.childElementCount > 1]),
    picture: root.querySelector('.image-mode').childElementCount,
  };
}

test('the first attention builds no explanation and no picture view; each is built when needed, with the core’s numbers', async () => {
  const page = await env.context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  // what is built when the first attention is rendered (the element says so in that task)
  await page.addInitScript(
    `(${(built) => {
      document.addEventListener(
        'attention-lens-render',
        (e) => {
          if (e.detail.tokens && !window.__builtAtFirst) window.__builtAtFirst = built();
        },
        true,
      );
    }})(${builtParts})`,
  );
  await page.goto(env.url);
  await waitForAnalysis(page);
  const first = await page.evaluate(() => window.__builtAtFirst);
  assert.equal(first.panels.length, 9, JSON.stringify(first));
  assert.deepEqual(
    first.panels.filter(([, built]) => built),
    [],
    'only their summaries',
  );
  assert.equal(first.picture, 0);

  // opened: built, and its numbers are the core's
  await openDetails(shadow(page, 'details.scaling'));
  const shown = await shadow(page, '.scaling-summary').evaluate((p) => Number(p.dataset.spreadRaw));
  const core = await page.evaluate(() => {
    const { result, options } = document.querySelector('attention-lens').state;
    const { spreadRaw } = result.scalingStudy(4, { seed: 1, temperature: options.temperature }); // its slider starts at d_k = 4
    return spreadRaw.reduce((s, x) => s + x, 0) / spreadRaw.length;
  });
  assert.equal(shown, core);

  // opened (its chapter first): built, and drawn on the focused cell in view
  await openDetails(shadow(page, 'details.trace'));
  await shadow(page, '.trace-body[data-cell]').waitFor();
  const { cell, focus, head } = await page.evaluate(() => {
    const { state, shadowRoot } = document.querySelector('attention-lens');
    return { cell: shadowRoot.querySelector('.trace-body').dataset.cell, focus: state.focus, head: state.head };
  });
  assert.equal(cell, `${head},${focus.i},${focus.j}`);
  await openDetails(shadow(page, 'details.positional'));
  await shadow(page, 'details.positional').getByRole('button', { name: 'Shuffle the words' }).waitFor();

  // the training panel draws its empty chart once opened
  await openDetails(shadow(page, 'details.train'));
  assert.equal(await shadow(page, 'details.train .curve canvas').count(), 1);

  // the picture tab builds the picture mode, which analyzes its photo
  await shadow(page, '[role="tab"][data-mode="image"]').click();
  await waitForImage(page, null);
  assert.ok((await page.evaluate(builtParts)).picture > 0);
  assert.deepEqual(problems, []);
  await page.close();
});
