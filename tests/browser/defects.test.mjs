// Words and figures that were wrong or did not land, each now true of what is shown: the diagonal
// note says what is true of the weights in use; the mask is grey (no "hatched"); the topic's bars
// are as long as their weights; the positional encoding shows its waves; Q, K and V being equal
// under identity weights is said; the picture's own defaults are explained.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEFAULT_IMAGE_OPTIONS } from '../../web/lib/options.js';
import { openAround, openDetails, openLens, useBrowser, waitForAnalysis, waitForImage } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);

test('the diagonal note says what is true of the weights in use', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const note = shadow(page, '.diagonal-note');
  assert.match(await note.textContent(), /With identity weights a word’s query and key are its own vector/);
  const weights = shadow(page, '.controls').getByLabel('Weights', { exact: true });
  await weights.selectOption('random');
  await page.waitForFunction(() => document.querySelector('attention-lens').state.result?.options.weights === 'random');
  const random = await note.textContent();
  assert.doesNotMatch(random, /its own vector/);
  assert.match(random, /random weights a word’s query and key are two random maps/);
  await page.close();
});

test('the masks are said as they are drawn: grey, never “hatched”', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const mask = shadow(page, '.controls').getByLabel('Mask', { exact: true });
  await openAround(mask);
  for (const m of ['causal', 'self']) {
    await mask.selectOption(m);
    await page.waitForFunction((m) => document.querySelector('attention-lens').state.result?.options.mask === m, m);
    const words = `${await shadow(page, '.mask-note').textContent()} ${await shadow(page, '.diagonal-note').textContent()}`;
    assert.doesNotMatch(words, /hatch/i);
    assert.match(words, /grey/);
  }
  await page.close();
});

test('the topic’s bars are as long as the weights, not as wide as the words', async () => {
  const { page } = await openLens(
    env.context,
    `${env.url}?text=${encodeURIComponent('the children ran down the hill')}`,
  );
  await waitForAnalysis(page, 'the children ran down the hill');
  await openAround(shadow(page, '.topic'));
  const bars = await shadow(page, '.topic-word').evaluateAll((lis) =>
    lis
      .filter((li) => !li.classList.contains('unused'))
      .map((li) => ({
        weight: Number.parseFloat(li.querySelector('.p').textContent) / 100,
        bar: li.querySelector('.cell > span').getBoundingClientRect().width,
        track: li.querySelector('.cell').getBoundingClientRect().width,
      })),
  );
  assert.ok(bars.length >= 3);
  for (const b of bars) assert.ok(Math.abs(b.bar / b.track - b.weight) < 0.02, JSON.stringify(b));
  await page.close();
});

test('the positional encoding is drawn over 64 positions so that its waves show, from the core', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const stage = shadow(page, '.pipeline [data-step="positional"]');
  await openDetails(stage);
  await stage.scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    /positions 0–63 drawn/.test(
      document.querySelector('attention-lens').shadowRoot.querySelector('[data-step="positional"] .stage-legend')
        .textContent,
    ),
  );
  assert.match(await stage.locator('.shape').textContent(), /^64 × 100$/);
  // the core's table: the sentence's rows are the analysis' own positional step
  const same = await page.evaluate(() => {
    const { result, wavesAnswer } = document.querySelector('attention-lens').state;
    const pe = result.step('positional');
    return pe.data.every((v, k) => v === wavesAnswer.data[k]);
  });
  assert.ok(same, 'the waves’ first rows are the sentence’s positional encoding');
  await page.close();
});

test('why Q, K and V are equal under identity weights is said where they are shown', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const lead = await shadow(page, '.chapter-self .chapter-lead').textContent();
  assert.match(lead, /With identity weights \(W = I\) the three are the word’s own vector/);
  await page.close();
});

test('the picture mode says why its own defaults are what they are, with the schema’s values', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  await shadow(page, '[role="tab"][data-mode="image"]').click();
  await waitForImage(page, null);
  const about = await shadow(page, '.image-defaults').textContent();
  assert.ok(
    about.includes(
      `${DEFAULT_IMAGE_OPTIONS.similarity} similarity at temperature ${DEFAULT_IMAGE_OPTIONS.temperature}, because`,
    ),
    about,
  );
  assert.match(about, /self mask, because a patch is its own best match/);
  await page.close();
});
