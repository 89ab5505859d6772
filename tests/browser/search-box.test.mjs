// The search box answers what was typed: a word of the sentence becomes the query at each
// keystroke (no Enter), and a word from outside the sentence searches the sentence with its own
// vector (the core's cross-attention), clearly marked, or says why it cannot.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLens, screenshot, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const SEED = 'A Lannister always pays his debts';

// the results as the panel lists them: [key index, weight]
const shownResults = (page) =>
  shadow(page, '.search .results .result').evaluateAll((lis) =>
    lis.map((li) => [Number(li.dataset.key), Number(li.dataset.weight)]),
  );

// the core's weights of `word` as the query over the page's sentence, ranked as the panel ranks them
const coreOutsideRanking = (page, word) =>
  page.evaluate(async (word) => {
    const { lens, options, text } = document.querySelector('attention-lens').state;
    const r = await lens.crossAnalyze(word, text, { ...options, mask: 'none', maskedToken: -1, positional: false });
    const w = r.step('weights', 0),
      s = r.step('scores', 0);
    r.dispose();
    const row = [...w.data.subarray(0, w.cols)],
      scores = [...s.data.subarray(0, s.cols)];
    return row
      .map((x, j) => [j, x])
      .sort((a, b) => b[1] - a[1] || scores[b[0]] - scores[a[0]])
      .slice(0, 12);
  }, word);

async function typeInBox(page, word) {
  const box = shadow(page, '.search-box input');
  await box.fill('');
  await box.pressSequentially(word); // keystrokes, no Enter
}

for (const size of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width} px a word of the sentence becomes the query as it is typed, without Enter`, async () => {
    const { page, problems } = await openLens(env.context, `${env.url}?text=${encodeURIComponent(SEED)}`);
    await page.setViewportSize(size);
    await waitForAnalysis(page);
    await shadow(page, '.search-box input').scrollIntoViewIfNeeded();
    await typeInBox(page, 'always');
    await page.waitForFunction(() => document.querySelector('attention-lens').state.query === 2);
    assert.equal(await shadow(page, '.search .not-found').textContent(), '');
    await typeInBox(page, 'DEBTS'); // any case
    await page.waitForFunction(() => document.querySelector('attention-lens').state.query === 5);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`at ${size.width} px a word from outside the sentence searches it with its own vector, marked`, async () => {
    const { page, problems } = await openLens(env.context, `${env.url}?text=${encodeURIComponent(SEED)}`);
    await page.setViewportSize(size);
    await waitForAnalysis(page);
    const before = await page.evaluate(() => document.querySelector('attention-lens').state.query);
    await shadow(page, '.search-box input').scrollIntoViewIfNeeded();
    await typeInBox(page, 'money');
    await shadow(page, '.search.outside').waitFor();
    // the search of the whole word (each keystroke's comes, the last one last)
    await page.waitForFunction(() =>
      /“money”/.test(
        document.querySelector('attention-lens').shadowRoot.querySelector('.search .not-found').textContent,
      ),
    );
    const note = await shadow(page, '.search .not-found').textContent();
    assert.match(note, /“money” is not a word of this sentence/);
    assert.match(note, /its own vector is the query \(a word from outside the sentence\)/);
    assert.match(note, /without positional encoding/);
    assert.ok(await shadow(page, '.search .not-found').isVisible());
    assert.deepEqual(await shownResults(page), await coreOutsideRanking(page, 'money'));
    assert.equal(await page.evaluate(() => document.querySelector('attention-lens').state.query), before);
    assert.equal(await shadow(page, '.search-box input').inputValue(), 'money', 'the box keeps what was typed');
    await screenshot(page, `search-outside-${size.width}`);

    // a word the vectors do not have: said, and no old results under it
    await typeInBox(page, 'zxqvw');
    await page.waitForFunction(() =>
      /the word vectors have no “zxqvw”/.test(
        document.querySelector('attention-lens').shadowRoot.querySelector('.search .not-found').textContent,
      ),
    );
    assert.ok(await shadow(page, '.search .search-body').isHidden());

    // back to a word of the sentence: its own search again
    await typeInBox(page, 'pays');
    await page.waitForFunction(() => document.querySelector('attention-lens').state.query === 3);
    await page.waitForFunction(
      () => !document.querySelector('attention-lens').shadowRoot.querySelector('.search').classList.contains('outside'),
    );
    assert.ok(await shadow(page, '.search .search-body').isVisible());
    assert.equal(await shadow(page, '.search .not-found').textContent(), '');
    assert.deepEqual(problems, []);
    await page.close();
  });
}
