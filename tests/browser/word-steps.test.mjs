// The word space's steps in the step by step (lookup table → remove the shared direction → × √d_model,
// + position), each with one click that shows the reader's sentence without it: the filter beside
// the one shown, and where the query word looks most in each, all the core's numbers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openAround, openDetails, openLens, screenshot, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const SEED = 'A Lannister always pays his debts';

// the core's filter of the sentence with the page's options and one changed: the query row's
// strongest key, its weight, and the whole matrix
const coreRow = (page, patch, query) =>
  page.evaluate(
    async ([patch, query, text]) => {
      const { lens, options, head } = document.querySelector('attention-lens').state;
      const r = await lens.analyze(text, { ...options, ...patch });
      const w = r.step('weights', head);
      const words = r.tokens.map((t) => t.text);
      r.dispose();
      let best = 0;
      for (let j = 0; j < w.cols; j++) if (w.data[query * w.cols + j] > w.data[query * w.cols + best]) best = j;
      return { word: words[best], weight: w.data[query * w.cols + best], data: [...w.data] };
    },
    [patch, query, SEED],
  );

const percent = (w) => `${(100 * w).toFixed(1)}%`;

for (const [option, stage, patch, name, ask] of [
  ['sharedDirection', 'centered', { sharedDirection: 'kept' }, 'GloVe as it is', 'sharedCompareAsk'],
  ['positionalWeight', 'input', { positionalWeight: 1 }, 'positions × 1', 'scaleCompareAsk'],
  ['positional', 'input', { positional: false }, 'no positions', 'positionCompareAsk'],
])
  test(`the step ${stage} shows the sentence with ${name} in one click, with the core's numbers`, async () => {
    const { page, problems } = await openLens(env.context, `${env.url}?text=${encodeURIComponent(SEED)}&q=3`);
    await waitForAnalysis(page);
    const details = shadow(page, `.pipeline details[data-step="${stage}"]`);
    await openDetails(details);
    await details.scrollIntoViewIfNeeded();
    const block = details.locator(`.step-compare[data-option="${option}"]`);
    const toggle = block.locator('.compare-toggle');
    assert.equal(await toggle.textContent(), `Before / after: your sentence with ${name}`);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.ok(await block.locator('.compare-body').isHidden());
    await toggle.click();
    const said = block.locator('.compare-said');
    await page.waitForFunction((el) => el.textContent.includes('looks most at'), await said.elementHandle());
    const [now, then] = [await coreRow(page, {}, 3), await coreRow(page, patch, 3)];
    assert.equal(
      await said.textContent(),
      `“pays” looks most at “${now.word}” (${percent(now.weight)}) now; with ${name}, at “${then.word}” (${percent(then.weight)}).`,
    );
    // the second filter drawn is the core's with the step undone (its canvas is labelled so)
    assert.equal(await block.locator('.small-matrix').count(), 2);
    assert.match(
      await block.locator('.small-matrix figcaption').nth(1).textContent(),
      new RegExp(name.replace(/[×÷√]/g, '.')),
    );
    if (option === 'sharedDirection') await screenshot(page, 'word-steps-shared');
    // closed again: hidden, and nothing more is asked of the core
    const asked = (key) => page.evaluate((k) => document.querySelector('attention-lens').state[k], key);
    assert.deepEqual((await asked(ask)).options, {
      ...(await page.evaluate(() => document.querySelector('attention-lens').state.options)),
      ...patch,
    });
    await toggle.click();
    assert.ok(await block.locator('.compare-body').isHidden());
    assert.equal(await asked(ask), null);
    assert.deepEqual(problems, []);
    await page.close();
  });

test('raw GloVe is one click away in the options, and the layer then takes GloVe as it is', async () => {
  const { page, problems } = await openLens(env.context, `${env.url}?text=${encodeURIComponent(SEED)}`);
  await waitForAnalysis(page);
  const select = shadow(page, '.controls select').filter({ has: page.locator('option[value="kept"]') });
  await openAround(select); // under "More options"
  assert.equal(await select.inputValue(), 'removed');
  await select.selectOption('kept');
  await page.waitForFunction(
    () => document.querySelector('attention-lens').state.result?.options.sharedDirection === 'kept',
  );
  // the input is GloVe's rows plus the positions, and the step without the shared direction is still shown
  const same = await page.evaluate(() => {
    const { result } = document.querySelector('attention-lens').state;
    const e = result.step('embeddings').data,
      x = result.step('input').data,
      pe = result.step('positional').data,
      w = result.options.positionalWeight;
    return e.every((v, k) => Math.abs(v + Math.fround(w * pe[k]) - x[k]) < 1e-6);
  });
  assert.ok(same);
  assert.deepEqual(problems, []);
  await page.close();
});
