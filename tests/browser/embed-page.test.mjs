// The embed page shows how to embed: the exact script tag and where attention-lens.js comes from,
// on the page (not only in an HTML comment), a copy button on every code block, no code block
// overflowing sideways at a phone's width, and no axe-core violations of any impact.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { allViolations, openLens, root, screenshot, startAll, useBrowser } from './browser.mjs';

const env = useBrowser(before, after);
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const SCRIPT = `<script src="https://cdn.jsdelivr.net/npm/attention-lens@${version}/dist/attention-lens.js"></script>`;

async function openEmbed(size) {
  const { page, problems } = await openLens(env.context, `${env.url}embed-example.html`, { waitForResult: false });
  await page.setViewportSize(size);
  await startAll(page); // each element starts as the reader nears it
  return { page, problems };
}

for (const size of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width} px the embed page shows the script tag, and every code block fits and has a copy button`, async () => {
    const { page, problems } = await openEmbed(size);
    const blocks = page.locator('.code-block');
    const n = await blocks.count();
    assert.ok(n >= 8, `${n} code blocks`); // the install snippets and each demo's HTML
    const first = blocks.first();
    assert.ok((await first.locator('code').textContent()).includes(SCRIPT), 'the exact script tag');
    assert.ok(await first.isVisible());
    assert.match(await page.locator('main').textContent(), /copy its dist\/ folder/);
    for (let i = 0; i < n; i++) {
      const b = blocks.nth(i);
      assert.equal(await b.getByRole('button', { name: /^Copy / }).count(), 1, `block ${i}: a copy button`);
      const { scroll, client } = await b
        .locator('pre')
        .evaluate((pre) => ({ scroll: pre.scrollWidth, client: pre.clientWidth }));
      assert.ok(scroll <= client, `block ${i} overflows sideways: ${scroll} > ${client} px`);
    }
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= size.width, `the page is ${pageWidth} px wide`);
    await screenshot(page, `embed-page-${size.width}`);
    await page.screenshot({ path: `test-results/embed-page-${size.width}-window.png` });
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('a copy button copies its block’s code and says so', async () => {
  await env.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url.replace(/\/$/, '') });
  const { page, problems } = await openEmbed({ width: 1280, height: 900 });
  const block = page.locator('.code-block').first();
  await block.getByRole('button', { name: /^Copy / }).click();
  await block.locator('.copied', { hasText: 'Copied' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await block.locator('code').textContent());
  assert.deepEqual(problems, []);
  await page.close();
});

test('axe-core finds no violations at all on the embed page', async () => {
  const { page } = await openEmbed({ width: 1280, height: 900 });
  assert.deepEqual(await allViolations(page), []);
  await page.close();
});
