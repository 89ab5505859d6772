// Training in a Web Worker, in the browser: the held-out accuracy rising from random, the user's
// filter following, pause and reset; and the shipped trained preset. (How fast it trains and
// how quickly the page answers meanwhile are measured by npm run bench:page, not asserted here.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dist, openDetails, openLens, readWeightsTable, screenshot, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const data = (page, selector, key) => shadow(page, selector).evaluate((el, k) => Number(el.dataset[k] ?? NaN), key);

test('training in a worker raises the held-out accuracy and the page stays responsive', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  await openDetails(shadow(page, 'details.train'));
  await shadow(page, '.train').getByRole('button', { name: 'Train' }).click();
  await page.waitForFunction(
    () =>
      Number(document.querySelector('attention-lens').shadowRoot.querySelector('.train-accuracy').dataset.top10) > 0.04,
    null,
    { timeout: 60000 },
  );
  assert.equal(await data(page, '.train-accuracy', 'firstTop10'), 0, 'random weights: no hidden word in the top 10');
  // the main thread answers while the worker trains: a new sentence is analyzed, and training goes on
  const before = await data(page, '.train-status', 'steps');
  await shadow(page, '.input > textarea').fill('The king and the queen');
  await waitForAnalysis(page, 'The king and the queen');
  await page.waitForFunction(
    (b) => Number(document.querySelector('attention-lens').shadowRoot.querySelector('.train-status').dataset.steps) > b,
    before,
  );
  await page.waitForFunction(() => {
    const c = document.querySelector('attention-lens').shadowRoot.querySelector('.train-filter');
    return /after/.test(c.getAttribute('aria-label') ?? '');
  });
  // pausing stops the worker's loop: it says so with the step it stopped at, the last one shown
  await shadow(page, '.train').getByRole('button', { name: 'Pause' }).click();
  await page.waitForFunction(
    () => document.querySelector('attention-lens').shadowRoot.querySelector('.train-status').dataset.paused === 'true',
  );
  assert.match(await shadow(page, '.train-status').textContent(), /^Paused at step [\d,]+\.$/);
  // the weights trained so far go into the filter above
  await shadow(page, '.train').getByRole('button', { name: 'Use these weights in the filter above' }).click();
  await page.waitForFunction(() => document.querySelector('attention-lens').state.trainedSource);
  await waitForAnalysis(page);
  const applied = await page.evaluate(() => {
    const s = document.querySelector('attention-lens').state;
    return { weights: s.options.weights, shown: s.analyzed.options.weights, steps: s.trainedSource.steps };
  });
  assert.deepEqual([applied.weights, applied.shown], ['trained', 'trained']);
  assert.equal(applied.steps, await data(page, '.train-status', 'steps'), 'the weights of the step it paused at');
  assert.match(
    await shadow(page, '.controls')
      .getByLabel('Weights', { exact: true })
      .locator('option[value=trained]')
      .textContent(),
    /trained in this page/,
  );
  await screenshot(page, 'train');
  await shadow(page, '.train').getByRole('button', { name: 'Reset' }).click();
  await page.waitForFunction(
    () =>
      Number(document.querySelector('attention-lens').shadowRoot.querySelector('.train-accuracy').dataset.top10) === 0,
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('the shipped trained preset loads with the heads it was trained with, and the heads field says so', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const identity = (await readWeightsTable(page)).values;
  const trainedHeads = JSON.parse(readFileSync(join(dist, 'weights', 'train-report.json'), 'utf8')).options.heads;
  const heads = shadow(page, '.controls').getByLabel('Heads', { exact: true });
  assert.notEqual(Number(await heads.inputValue()), trainedHeads, 'the default heads differ from the trained ones');
  await shadow(page, '.controls').getByLabel('Weights', { exact: true }).selectOption('trained');
  await page.waitForFunction(
    (n) => document.querySelector('attention-lens').state.result?.options.heads === n,
    trainedHeads,
  );
  const { asked, used } = await page.evaluate(() => {
    const { options, result } = document.querySelector('attention-lens').state;
    return { asked: options, used: result.options };
  });
  assert.equal(asked.weights, 'trained');
  assert.notEqual(asked.heads, trainedHeads, 'the page does not set the heads itself: the core applies them');
  assert.equal(used.heads, trainedHeads);
  // the heads field shows the heads used, disabled, with the core's note
  assert.equal(Number(await heads.inputValue()), trainedHeads);
  assert.ok(await heads.isDisabled());
  assert.match(await heads.getAttribute('title'), /trained with heads/);
  assert.notDeepEqual((await readWeightsTable(page)).values, identity);
  // back to random: the heads asked for again, and the field free
  await shadow(page, '.controls').getByLabel('Weights', { exact: true }).selectOption('random');
  await page.waitForFunction(() => document.querySelector('attention-lens').state.result?.asked.weights === 'random');
  assert.equal(Number(await heads.inputValue()), asked.heads);
  assert.ok(!(await heads.isDisabled()));
  await page.close();
});
