// Colours that match their legend: an all-zero matrix is drawn in the colour the legend gives 0
// (white), and says it is all 0; every difference map of the what-if panel has a legend whose
// ends are the map's largest change.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openAround, openDetails, openLens, screenshot, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const WHITE = [242, 239, 238]; // the middle of the signed palette (d3's RdBu), the legend's 0

// the RGB of every pixel of a canvas, as distinct colours
const colours = (canvas) =>
  canvas.evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4) seen.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
    return [...seen].map((s) => s.split(',').map(Number));
  });

const near = (a, b) => a.every((x, i) => Math.abs(x - b[i]) <= 2);

test('without positional encoding the PE matrix is all 0: drawn white, and its legend says so', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  await shadow(page, '.controls').getByLabel('Positional encoding', { exact: true }).uncheck();
  await waitForAnalysis(page);
  const stage = shadow(page, '.pipeline [data-step="positional"]');
  await openAround(stage); // the step by step, closed at first
  await stage.scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    /all 0/.test(
      document
        .querySelector('attention-lens')
        .shadowRoot.querySelector('.pipeline [data-step="positional"] .stage-legend').textContent,
    ),
  );
  const seen = await colours(stage.locator('.stage-plot canvas'));
  assert.ok(seen.length === 1 && near(seen[0], WHITE), `drawn in ${JSON.stringify(seen)}, not white`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the what-if difference maps have legends: before and after 0 to 1, the difference ± its largest change', async () => {
  const { page, problems } = await openLens(env.context, `${env.url}?text=A+Lannister+always+pays+his+debts&q=1`);
  await waitForAnalysis(page);
  await openDetails(shadow(page, '.whatif'));
  await shadow(page, '.whatif').getByRole('button', { name: 'hide it' }).click();
  const result = shadow(page, '.whatif-result');
  await result.waitFor();
  const maps = shadow(page, '.whatif .small-matrix');
  assert.equal(await maps.count(), 3);
  for (const i of [0, 1]) assert.match(await maps.nth(i).locator('.legend').textContent(), /^01$/);
  const max = Math.abs(Number(await result.getAttribute('data-max-change')));
  const signed = maps.nth(2).locator('.signed-legend');
  assert.equal(Number(await signed.getAttribute('data-extent')), max);
  const e = max.toFixed(max < 0.01 ? 4 : 2);
  assert.equal(await signed.textContent(), `−${e}+${e}`, 'its two ends, and nothing else');
  assert.ok(await signed.locator('.ramp.signed').isVisible());
  await shadow(page, '.whatif').scrollIntoViewIfNeeded();
  await screenshot(page, 'legends-whatif');
  assert.deepEqual(problems, []);
  await page.close();
});
