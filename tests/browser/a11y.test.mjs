// axe-core in the real page: no serious or critical accessibility violations.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { openDetails, openLens, useBrowser, waitForAnalysis } from './browser.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
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
    await page.addScriptTag({ path: axePath });
    const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
    assert.deepEqual(bad, []);
    await page.close();
  });
}
