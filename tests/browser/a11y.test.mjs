// axe-core in the real page: no serious or critical accessibility violations.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDetails, openLens, seriousViolations, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);

for (const [name, path] of [
  ['the demo page', ''],
  ['the embed example', 'embed-example.html'],
]) {
  test(`axe-core finds no serious or critical violations on ${name}`, async () => {
    const { page } = await openLens(env.context, `${env.url}${path}`, { waitForResult: false });
    await page.waitForFunction(() => [...document.querySelectorAll('attention-lens')].every((e) => e.state?.result));
    await waitForAnalysis(page);
    await openDetails(page.locator('attention-lens').first().locator('.table-details')); // the table too
    const bad = await seriousViolations(page);
    assert.deepEqual(bad, []);
    await page.close();
  });
}
