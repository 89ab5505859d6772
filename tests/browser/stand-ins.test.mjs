// Words the vectors lack: the source keeps no one-letter or one-digit words, so "A" and "I" (two
// of the most frequent words) would enter attention as zero vectors. They take a stated
// stand-in's vector ("an", "me"); every other missing word stays zero and is marked unknown.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLens, screenshot, typeSentence, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);

// the embeddings row of `word` in the analysis of `text`, from the core through the JS API
const embeddingOf = (page, text, index) =>
  page.evaluate(
    async ([text, index]) => {
      const { lens, options } = document.querySelector('attention-lens').state;
      const r = await lens.analyze(text, options);
      const e = r.step('embeddings');
      const row = [...e.data.subarray(index * e.cols, (index + 1) * e.cols)];
      const token = r.tokens[index];
      r.dispose();
      return { row, token };
    },
    [text, index],
  );

test('“A” takes the vector of “an”, its chip says so, and the notes name the stand-in', async () => {
  const { page, problems } = await openLens(env.context, `${env.url}?text=A+Lannister+always+pays+his+debts`);
  await waitForAnalysis(page);
  const chip = shadow(page, '.token-list button').first();
  assert.equal(await chip.textContent(), 'A = an');
  assert.match(await chip.getAttribute('class'), /\bstand-in\b/);
  assert.doesNotMatch(await chip.getAttribute('class'), /\bunknown\b/);
  assert.match(await shadow(page, '.notes').textContent(), /“A” takes the vector of “an”/);
  const a = await embeddingOf(page, 'A Lannister', 0),
    an = await embeddingOf(page, 'an Lannister', 0);
  assert.equal(a.token.status, 'stand-in');
  assert.equal(a.token.standIn, 'an');
  assert.deepEqual(a.row, an.row);
  assert.ok(
    a.row.some((x) => x !== 0),
    'not the zero vector',
  );
  // a word with no vector and no stand-in is still marked unknown, with a zero embedding
  await typeSentence(page, 'b Lannister');
  assert.match(await shadow(page, '.token-list button').first().getAttribute('class'), /\bunknown\b/);
  assert.match(await shadow(page, '.notes').textContent(), /One token has no GloVe vector/);
  assert.ok((await embeddingOf(page, 'b Lannister', 0)).row.every((x) => x === 0));
  assert.deepEqual(problems, []);
  await page.close();
});

test('the encoder–decoder’s “I” is the vector of “me”, and its answer is no longer about “ai, hi, mama”', async () => {
  const { page, problems } = await openLens(env.context, `${env.url}?explain=encoder-decoder`);
  await waitForAnalysis(page);
  await page.waitForFunction(() => document.querySelector('attention-lens').state.vocabulary?.ready);
  await page.waitForFunction(
    () => document.querySelector('attention-lens').shadowRoot.querySelectorAll('.ed-cross tbody tr').length === 3,
  );
  const i = await embeddingOf(page, 'I am fine', 0),
    me = await embeddingOf(page, 'me am fine', 0);
  assert.equal(i.token.standIn, 'me');
  assert.deepEqual(i.row, me.row);
  await shadow(page, '.ed-cross tbody th button').first().click();
  const about = shadow(page, '.ed-search[data-query="0"] .about');
  await about.waitFor();
  const text = await about.textContent();
  assert.match(text, /is about: \S/);
  assert.doesNotMatch(text, /\bai\b.*\bmama\b/, text);
  await shadow(page, '.encoder-decoder').scrollIntoViewIfNeeded();
  await screenshot(page, 'stand-ins-encoder-decoder');
  assert.deepEqual(problems, []);
  await page.close();
});
