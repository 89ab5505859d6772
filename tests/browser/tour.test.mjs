// The guided tour as a first-time learner takes it, at desktop and phone widths: eight steps in
// the seed article's order, each on its live figure, with a card docked beside it (wide) or under
// it as a bottom sheet of at most 30% of the window (phone) that never covers it; questions that
// ask for a prediction first (the figure veiled until then) and answer with the core's numbers;
// leaving puts the reader's sentence back.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLens, screenshot, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const TITLES = [
  'One word is enough',
  'Why attention?',
  'Query, key and value: a search engine',
  'Words as vectors, positions as waves',
  'Self-attention: one vector, three roles',
  'The filter: Q·Kᵀ, ÷√d_k, softmax',
  'Filter × V on a picture',
  'The output layer, and the next article',
];
const pct = (w) => `${(100 * w).toFixed(1)}%`;

// the card and the step's figure once it is on screen: their boxes in the window
const boxes = (page) =>
  page.waitForFunction(() => {
    const root = document.querySelector('attention-lens').shadowRoot;
    const t = root.querySelector('.tour-focus');
    if (!t) return null;
    const r = t.getBoundingClientRect(),
      c = root.querySelector('.tour').getBoundingClientRect();
    if (r.height === 0 || r.top < 0 || r.top > innerHeight / 2) return null; // not scrolled to yet
    const box = (b) => ({ top: b.top, bottom: b.bottom, left: b.left, right: b.right, height: b.height });
    return { target: box(r), card: box(c), window: innerHeight };
  });
const overlap = (a, b) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

for (const [width, height] of [
  [1280, 900],
  [390, 844],
]) {
  test(`at ${width} px the tour walks the article in its order, its card never over the figure it explains`, async () => {
    const { page, problems } = await openLens(env.context, `${env.url}?text=Winter+is+coming`);
    await page.setViewportSize({ width, height });
    await waitForAnalysis(page, 'Winter is coming');
    await shadow(page, '.tour-start').click();
    await shadow(page, '.tour').waitFor(); // its steps come with a part, on the first start
    for (const [k, title] of TITLES.entries()) {
      assert.equal(await shadow(page, '.tour h2').textContent(), title);
      assert.equal(await shadow(page, '.tour-count').textContent(), `Step ${k + 1} of 8`);
      const b = await (await boxes(page)).jsonValue();
      assert.equal(overlap(b.card, b.target), 0, `${title}: the card covers its figure`);
      if (width < 1000)
        assert.ok(b.card.height <= 0.3 * height + 0.5, `${title}: the sheet is ${b.card.height} px high`);
      else assert.ok(b.card.left >= b.target.right, `${title}: the card is beside its figure`);
      if ([0, 2, 5].includes(k)) await screenshot(page, `tour-${width}-step-${k + 1}`);
      await shadow(page, '.tour')
        .getByRole('button', { name: k === 7 ? 'Finish' : 'Next' })
        .click();
    }
    // the reader's sentence and mode are back
    await waitForAnalysis(page, 'Winter is coming');
    assert.equal(await page.evaluate(() => document.querySelector('attention-lens').state.mode), 'text');
    assert.ok(await shadow(page, '.tour').isHidden());
    assert.deepEqual(problems, []);
    await page.close();
  });
}

// the state and the core's numbers the questions are checked against
const state = (page) =>
  page.evaluate(() => {
    const s = document.querySelector('attention-lens').state;
    const w = s.result.step('weights', s.head);
    return { query: s.query, tokens: s.result.tokens.map((t) => t.text), weights: w, topic: s.topic };
  });
const coreRow = (page, patch) =>
  page.evaluate(async (patch) => {
    const { lens, text, options, head, query } = document.querySelector('attention-lens').state;
    const r = await lens.analyze(text, { ...options, ...patch });
    const w = r.step('weights', head);
    r.dispose();
    return Array.from(w.data.subarray(query * w.cols, (query + 1) * w.cols));
  }, patch);
const maxOf = (row) => Math.max(...row.filter((_, j) => j >= 0));

// goes to step k (1-based) from the start, and waits for its question's choices
async function toStep(page, k) {
  await shadow(page, '.tour-start').click();
  await shadow(page, '.tour').waitFor(); // its steps come with a part, on the first start
  for (let i = 1; i < k; i++) await shadow(page, '.tour').getByRole('button', { name: 'Next' }).click();
  await shadow(page, '.tour-choices button').first().waitFor();
}
// answers with the choice labelled `label`; the reveal once its numbers are in
async function answer(page, label) {
  await shadow(page, '.tour-choices').getByRole('button', { name: label, exact: true }).click();
  await page.waitForFunction(() =>
    /^(Right|Not quite)\./.test(
      document.querySelector('attention-lens').shadowRoot.querySelector('.tour-reveal').textContent,
    ),
  );
  return shadow(page, '.tour-reveal').textContent();
}

test('check yourself: seven questions ask first, veil their figure until answered, and answer with the core’s numbers', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const veiled = () =>
    page.evaluate(() => {
      const t = document.querySelector('attention-lens').shadowRoot.querySelector('.tour-focus');
      return t ? t.classList.contains('tour-veiled') && t.inert : null;
    });

  // 1. the topic query's largest weight
  await toStep(page, 1);
  await page.waitForFunction(() => document.querySelector('attention-lens').shadowRoot.querySelector('.tour-focus'));
  assert.equal(await veiled(), true, 'the figure is veiled before the answer');
  let s = await state(page);
  const top = s.topic.weights.indexOf(Math.max(...s.topic.weights));
  const wrong = s.tokens.find((_, i) => i !== top && s.topic.wordScores[i] !== null);
  let said = await answer(page, wrong);
  assert.match(said, /^Not quite\. It is “/);
  assert.ok(said.includes(`“${s.tokens[top]}” takes ${pct(s.topic.weights[top])}`), said);
  assert.ok(said.includes(`“${wrong}” takes`), `${said}: why not the choice`);
  assert.equal(await veiled(), false, 'answered: the figure shows');
  said = await answer(page, s.tokens[top]);
  assert.match(said, /^Right\. Yes: /);
  await screenshot(page, 'tour-question-topic');

  // 2. the RNN against attention on the paragraph: attention reaches the first half
  await shadow(page, '.tour').getByRole('button', { name: 'Next' }).click();
  said = await answer(page, 'more through attention');
  assert.match(
    said,
    /^Right\. Through the RNN the first half holds \d\.\de-\d+ of the last word’s influence; through attention \d+\.\d%/,
  );

  // 3. where "pays" looks most: the core's row
  await shadow(page, '.tour').getByRole('button', { name: 'Next' }).click();
  await shadow(page, '.tour-choices button').first().waitFor();
  s = await state(page);
  const row = await coreRow(page, {});
  const best = row.indexOf(maxOf(row));
  said = await answer(page, s.tokens[best]);
  assert.ok(said.startsWith(`Right. Yes, “${s.tokens[best]}”: weight ${pct(row[best])}`), said);

  // 4. reversing the words: without positional encoding they only move
  await shadow(page, '.tour').getByRole('button', { name: 'Next' }).click();
  said = await answer(page, 'they change');
  assert.match(said, /^Not quite\. Without positional encoding, .* at most \d\.\de-\d+: they only moved/);

  // 5. identity weights: the query and the key are the same numbers
  await shadow(page, '.tour').getByRole('button', { name: 'Next' }).click();
  said = await answer(page, 'the same numbers');
  assert.match(said, /^Right\. The same: their largest difference is 0\./);

  // 6. without ÷√d_k the largest weight grows: the core's row without the scaling, by the keyboard
  await shadow(page, '.tour').getByRole('button', { name: 'Next' }).click();
  await shadow(page, '.tour-choices button').first().waitFor();
  const [now, off] = [await coreRow(page, {}), await coreRow(page, { scale: false })];
  await shadow(page, '.tour-choices').getByRole('button', { name: 'grow', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    /^Right\./.test(document.querySelector('attention-lens').shadowRoot.querySelector('.tour-reveal').textContent),
  );
  said = await shadow(page, '.tour-reveal').textContent();
  assert.ok(said.includes(`${pct(maxOf(now))} → ${pct(maxOf(off))} without the division`), said);

  // 8. the causal mask: "I" cannot look at "fine"
  await shadow(page, '.tour').getByRole('button', { name: 'Next' }).click();
  assert.ok(await shadow(page, '.tour-question').isHidden(), 'the picture step asks nothing');
  await shadow(page, '.tour').getByRole('button', { name: 'Next' }).click();
  said = await answer(page, 'yes');
  assert.match(said, /^Not quite\. No: its weight is exactly 0 \(masked\)/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Escape leaves the tour from any step and puts the sentence and options back', async () => {
  const { page } = await openLens(env.context, `${env.url}?text=the+night+is+dark&heads=2`);
  await waitForAnalysis(page, 'the night is dark');
  await shadow(page, '.tour-start').click();
  await shadow(page, '.tour').waitFor(); // its steps come with a part, on the first start
  await shadow(page, '.tour').getByRole('button', { name: 'Next' }).click();
  await shadow(page, '.tour').getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Escape');
  await waitForAnalysis(page, 'the night is dark');
  assert.equal(await page.evaluate(() => document.querySelector('attention-lens').state.options.heads), 2);
  assert.ok(await shadow(page, '.tour').isHidden());
  await page.close();
});
