// Training the picture layer in a Web Worker, in the browser, driven from the keyboard: run for
// the steps the panel suggests, its held-out filter × V on the built-in photos beats identity
// weights' (where it started), pause stops the steps, the weights so far change the picture's
// filter and bring the options they were trained with, reset starts again. Waits are on the
// page's state and the worker's messages, never on timers. (How fast it trains is measured by
// npm run bench:page, not asserted here.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  blendRow,
  IMAGE_TRAINED_OPTIONS,
  openLens,
  screenshot,
  seriousViolations,
  useBrowser,
  waitForImage,
} from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const data = (page, selector, key) => shadow(page, selector).evaluate((el, k) => Number(el.dataset[k] ?? NaN), key);
// waits until the panel's element (selector) has data-<key> at least min
const waitForData = (page, selector, key, min) =>
  page.waitForFunction(
    ([s, k, m]) => Number(document.querySelector('attention-lens').shadowRoot.querySelector(s).dataset[k]) >= m,
    [selector, key, min],
    { timeout: 120000 },
  );
const press = async (locator, key = 'Enter') => {
  await locator.focus();
  await locator.press(key);
};

test('training the picture layer in a worker for the steps the panel suggests beats identity on held-out filter × V, pauses, and its weights change the filter', async (t) => {
  const { page, problems } = await openLens(env.context, `${env.url}?mode=image&picture=chelsea&at=75`);
  await waitForImage(page, 'chelsea');
  const panel = shadow(page, '.image-train');
  await panel.evaluate((d) => {
    d.toggled = new Promise((resolve) => d.addEventListener('toggle', resolve, { once: true }));
  });
  await press(panel.locator('summary'));
  await panel.evaluate((d) => d.toggled);
  const suggested = Number(await panel.getAttribute('data-suggested-steps'));
  assert.ok(suggested > 0 && suggested <= 1000, `the panel suggests ${suggested} steps`);
  assert.match(await panel.locator('.hint').textContent(), new RegExp(`Give it ${suggested} steps`));
  await press(panel.getByRole('button', { name: 'Train' }));

  // held-out filter × V at step 0 is identity weights' (training starts there); after the
  // suggested steps it is better
  await waitForData(page, '.image-train-status', 'steps', 1);
  const started = Date.now();
  await waitForData(page, '.train-held-out', 'steps', suggested);
  t.diagnostic(`${suggested} steps in ${((Date.now() - started) / 1000).toFixed(1)} s after the first`);
  const heldOut = await shadow(page, '.train-held-out').evaluate((el) => ({ ...el.dataset }));
  assert.equal(Number(heldOut.firstPsnr), Number(heldOut.identity), 'starts at identity weights');
  assert.ok(Number(heldOut.identity) > Number(heldOut.noisyInput), 'identity beats the noisy input');
  assert.ok(
    Number(heldOut.psnr) > Number(heldOut.identity),
    `held-out filter × V ${heldOut.psnr} dB at step ${heldOut.steps}, identity ${heldOut.identity} dB`,
  );
  assert.match(
    await shadow(page, '.train-held-out').textContent(),
    /^Held out \(chelsea, coffee, astronaut, rocket; 8 noisy copies\)/,
  );
  assert.ok((await data(page, '.image-train-status', 'stepsPerSecond')) > 0);

  // pausing stops the worker's loop: it says so with the step it stopped at; the weights it
  // sends afterwards are that step's, so no step ran in between
  await press(panel.getByRole('button', { name: 'Pause' }));
  await page.waitForFunction(
    () =>
      document.querySelector('attention-lens').shadowRoot.querySelector('.image-train-status').dataset.paused ===
      'true',
  );
  assert.match(await shadow(page, '.image-train-status').textContent(), /^Paused at step [\d,]+\.$/);
  const pausedAt = await data(page, '.image-train-status', 'steps');
  await press(panel.getByRole('button', { name: 'Use these weights in the picture above' }));
  await page.waitForFunction(() => document.querySelector('attention-lens').state.trainedImageSource);
  await waitForImage(page, 'chelsea');
  const applied = await page.evaluate(() => {
    const s = document.querySelector('attention-lens').state;
    return {
      source: s.trainedImageSource,
      weights: s.imageOptions.weights,
      shown: s.imageAnalyzed.imageOptions.weights,
    };
  });
  assert.deepEqual(applied, {
    source: { steps: pausedAt, ...IMAGE_TRAINED_OPTIONS },
    weights: 'trained',
    shown: 'trained',
  });
  assert.match(
    await shadow(page, '.image-controls option[value=trained]').textContent(),
    /^trained in this page \([\d,]+ steps, 4 heads, patch 16\)$/,
  );
  const trained = await blendRow(page);
  assert.ok(Math.abs(trained.reduce((a, b) => a + b, 0) - 1) < 1e-4, 'the row sums to 1');
  // identity weights (the options asked for again: one head, the same patch): another filter
  await shadow(page, '.image-controls select')
    .filter({ has: page.locator('option[value=trained]') })
    .selectOption('identity');
  await page.waitForFunction(() => document.querySelector('attention-lens').state.imageOptions.weights === 'identity');
  await waitForImage(page, 'chelsea');
  const identity = await blendRow(page);
  assert.ok(
    Math.max(...trained.map((w, i) => Math.abs(w - identity[i]))) > 1e-3,
    'the weights trained in the page give another filter',
  );
  assert.deepEqual(await seriousViolations(page), []);
  await screenshot(page, 'image-train');

  // reset: step 0 again, scored again
  await press(panel.getByRole('button', { name: 'Reset' }));
  await page.waitForFunction(
    () => document.querySelector('attention-lens').shadowRoot.querySelector('.train-held-out').dataset.steps === '0',
  );
  assert.deepEqual(problems, []);
  await page.close();
});
