// Issue 6 in the browser: training in a Web Worker, the held-out accuracy rising from random,
// the user's filter following, pause and reset; and the shipped trained preset.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLens, readWeightsTable, screenshot, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const data = (page, selector, key) => shadow(page, selector).evaluate((el, k) => Number(el.dataset[k] ?? NaN), key);

test('training in a worker raises the held-out accuracy and the page stays responsive', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  await shadow(page, '.train summary').click();
  await shadow(page, '.train').getByRole('button', { name: 'Train' }).click();
  await page.waitForFunction(() => Number(document.querySelector('attention-lens').shadowRoot.querySelector('.train-accuracy').dataset.top10) > 0.04,
    null, { timeout: 60000 });
  assert.equal(await data(page, '.train-accuracy', 'firstTop10'), 0, 'random weights: no hidden word in the top 10');
  assert.ok(await data(page, '.train-status', 'stepsPerSecond') > 10);
  const t0 = Date.now();
  await shadow(page, '.input > textarea').fill('The king and the queen');  // the main thread answers while training
  await waitForAnalysis(page, 'The king and the queen');
  assert.ok(Date.now() - t0 < 2000, `the page took ${Date.now() - t0} ms to show a new sentence while training`);
  await page.waitForFunction(() => {
    const c = document.querySelector('attention-lens').shadowRoot.querySelector('.train-filter');
    return /after/.test(c.getAttribute('aria-label') ?? '');
  });
  await shadow(page, '.train').getByRole('button', { name: 'Pause' }).click();
  await page.waitForTimeout(300);
  const paused = await data(page, '.train-status', 'steps');
  await page.waitForTimeout(700);
  assert.equal(await data(page, '.train-status', 'steps'), paused, 'paused: no more steps');
  await screenshot(page, 'train');
  await shadow(page, '.train').getByRole('button', { name: 'Reset' }).click();
  await page.waitForFunction(() => Number(document.querySelector('attention-lens').shadowRoot.querySelector('.train-accuracy').dataset.top10) === 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the shipped trained preset loads with the heads it was trained with', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const identity = (await readWeightsTable(page)).values;
  await shadow(page, '.controls').getByLabel('Weights').selectOption('trained');
  await waitForAnalysis(page);
  const state = await page.evaluate(() => document.querySelector('attention-lens').state.options);
  assert.equal(state.weights, 'trained');
  assert.equal(state.heads, 4);
  assert.notDeepEqual((await readWeightsTable(page)).values, identity);
  await page.close();
});
