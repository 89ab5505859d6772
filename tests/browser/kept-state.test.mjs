// State is not lost: an explanation keeps its own inputs until the learner changes them. The
// shuffle of "what positional encoding changes" survives the positional switch (it computes both
// sides itself) and another option (the same shuffle, recomputed); a new sentence clears it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDetails, openLens, typeSentence, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);

const shuffleText = (page) =>
  page.evaluate(
    () => document.querySelector('attention-lens').shadowRoot.querySelector('.shuffle-body p')?.textContent ?? null,
  );

test('the shuffle survives unchecking positional encoding and a change of heads; a new sentence clears it', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const panel = shadow(page, 'details.positional');
  await openDetails(panel);
  await panel.scrollIntoViewIfNeeded();
  await panel.getByRole('button', { name: 'Shuffle the words' }).click();
  await shadow(page, '.shuffle-body .pe-on').waitFor();
  const shuffled = await shuffleText(page);
  const onDiff = await shadow(page, '.shuffle-body .pe-on').getAttribute('data-max-diff');
  assert.match(shuffled, /^Shuffled: “/);

  await shadow(page, '.controls').getByLabel('Positional encoding', { exact: true }).uncheck();
  await waitForAnalysis(page);
  assert.equal(await shuffleText(page), shuffled, 'the same shuffle is still shown');
  assert.equal(await shadow(page, '.shuffle-body .pe-on').getAttribute('data-max-diff'), onDiff, 'with its numbers');

  await shadow(page, '.controls').getByLabel('Heads', { exact: true }).selectOption('2');
  await waitForAnalysis(page);
  await page.waitForFunction((d) => {
    const on = document.querySelector('attention-lens').shadowRoot.querySelector('.shuffle-body .pe-on');
    return on && on.dataset.maxDiff !== d;
  }, onDiff);
  assert.equal(await shuffleText(page), shuffled, 'the same words, recomputed with 2 heads');

  await typeSentence(page, 'Winter is coming to the north');
  await page.waitForFunction(
    () => !document.querySelector('attention-lens').shadowRoot.querySelector('.shuffle-body').childElementCount,
  );
  assert.deepEqual(problems, []);
  await page.close();
});
