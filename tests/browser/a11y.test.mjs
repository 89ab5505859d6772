// axe-core in the real page, with every panel opened as a reader would: no serious or critical
// accessibility violations.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDetails, openLens, seriousViolations, startAll, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);

for (const [name, path] of [
  ['the demo page', ''],
  ['the embed example', 'embed-example.html'],
]) {
  test(`axe-core finds no serious or critical violations on ${name}`, async () => {
    const { page } = await openLens(env.context, `${env.url}${path}`, { waitForResult: false });
    await startAll(page); // each element starts as the reader nears it
    await waitForAnalysis(page);
    // every <details> of every element: the table, the document, the explanations, the training
    const details = page.locator('attention-lens').locator('details');
    for (let i = 0, n = await details.count(); i < n; i++)
      if (await details.nth(i).isVisible()) await openDetails(details.nth(i));
    await waitForAnalysis(page);
    const bad = await seriousViolations(page);
    assert.deepEqual(bad, []);
    await page.close();
  });
}
