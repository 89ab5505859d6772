// The code the first screen does not run comes with a part, when first asked for
// (web/app/parts.js): the explanations' bodies, the tour's steps and questions and the filter's
// export are not among the first screen's bytes; their part is fetched once, when the tour
// starts; and when it cannot come, the button that asked says so in the page and a second click
// tries again.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDetails, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);

test('the explanations and the tour’s steps are not in the first screen’s bytes: their part comes once, when the tour starts', async () => {
  const page = await env.context.newPage();
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  const parts = () => asked.filter((p) => p.endsWith('/attention-lens-explain.js'));
  await page.goto(env.url);
  await waitForAnalysis(page);
  await page.evaluate(() => new Promise((r) => requestIdleCallback(r))); // the page idle after its first attention
  assert.deepEqual(parts(), [], 'no explanation part for the first screen');
  await shadow(page, '.tour-start').click();
  await shadow(page, '.tour').waitFor();
  assert.equal(await shadow(page, '.tour-count').textContent(), 'Step 1 of 8');
  assert.deepEqual(parts(), ['/attention-lens-explain.js']);
  await page.close();
});

test('when the part cannot come, the tour’s button and the export say so in the page, and a second click tries again', async () => {
  const page = await env.context.newPage();
  const block = (route) => route.abort();
  await page.route('**/attention-lens-explain.js', block);
  await page.goto(env.url);
  await waitForAnalysis(page);
  await shadow(page, '.tour-start').click();
  await shadow(page, '.tour-wrap .error').waitFor();
  assert.match(await shadow(page, '.tour-wrap .error').textContent(), /^The tour could not be loaded: .+\.$/);
  assert.ok(await shadow(page, '.tour').isHidden());
  await openDetails(shadow(page, '.export'));
  await shadow(page, '.export').getByRole('button', { name: 'CSV' }).click();
  await shadow(page, '.export .error').waitFor();
  assert.match(await shadow(page, '.export .error').textContent(), /^The export could not be loaded: .+\.$/);
  // the network back: the same button brings the tour, and its message goes
  await page.unroute('**/attention-lens-explain.js', block);
  await shadow(page, '.tour-start').click();
  await shadow(page, '.tour').waitFor();
  assert.equal(await shadow(page, '.tour-wrap .error').count(), 0);
  await page.close();
});
