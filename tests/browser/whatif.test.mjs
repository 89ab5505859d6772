// What-if reports the real change: replacing a word names the query and the key whose weight
// changed most (each as before and after the edit) and gives both weights, the core's numbers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDetails, openLens, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const SEED = 'A Lannister always pays his debts';

// the largest change between the analyses of two texts, from the core: [i, j, before, after]
const coreLargestChange = (page, a, b) =>
  page.evaluate(
    async ([a, b]) => {
      const { lens, options, head } = document.querySelector('attention-lens').state;
      const [ra, rb] = [await lens.analyze(a, options), await lens.analyze(b, options)];
      const wa = ra.step('weights', head),
        wb = rb.step('weights', head);
      ra.dispose();
      rb.dispose();
      let best = 0;
      for (let k = 0; k < wa.data.length; k++)
        if (Math.abs(wb.data[k] - wa.data[k]) > Math.abs(wb.data[best] - wa.data[best])) best = k;
      return [Math.floor(best / wa.cols), best % wa.cols, wa.data[best], wb.data[best]];
    },
    [a, b],
  );

test('replacing “Lannister” with “Stark” names the query and key whose weight changed most, with both weights', async () => {
  const { page, problems } = await openLens(env.context, `${env.url}?text=${encodeURIComponent(SEED)}&q=1`);
  await waitForAnalysis(page);
  await openDetails(shadow(page, '.whatif')); // its 'toggle' builds the panel's body
  await shadow(page, '.whatif input[type="text"]').fill('Stark');
  await shadow(page, '.whatif').getByRole('button', { name: 'replace', exact: true }).click();
  const result = shadow(page, '.whatif-result');
  await result.waitFor();
  const text = await result.textContent();
  const [i, j, was, now] = await coreLargestChange(page, SEED, 'A Stark always pays his debts');
  assert.equal(await result.getAttribute('data-at'), `${i},${j}`);
  const words = ['A', 'Lannister', 'always', 'pays', 'his', 'debts'];
  const named = (k) => (k === 1 ? '“Lannister” (now “Stark”)' : `“${words[k]}”`);
  assert.ok(
    text.includes(
      `Largest change: query ${named(i)} on key ${named(j)}: weight ${was.toFixed(4)} before → ${now.toFixed(4)} after`,
    ),
    text,
  );
  assert.doesNotMatch(text, /“Lannister” → “Lannister”/);
  assert.deepEqual(problems, []);
  await page.close();
});
