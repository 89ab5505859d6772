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

test('the form makes a snippet from the preview’s numbers: the element with its poster, the iframe, the PNG linked to the live page', async () => {
  const { page, problems } = await openEmbed({ width: 1280, height: 900 });
  const code = (name) => page.locator(`.snippet-out[data-snippet="${name}"] code`);
  const made = (text) =>
    page.waitForFunction(
      (t) => document.querySelector('.snippet-out[data-snippet="element"] code').textContent.includes(t),
      text,
    );
  await page.locator('.snippet-form [name=base]').fill('https://blog.example/lens/');
  await page.locator('.snippet-form [name=sentence]').fill('The king and the queen <b>rode</b>');
  await page.locator('.snippet-form [name=view]').selectOption('filter');
  await made('sentence="The king and the queen &lt;b&gt;rode&lt;/b&gt;" view="filter"');
  const element = await code('element').textContent();
  assert.match(
    element,
    /^<link rel="preload" href="https:\/\/blog\.example\/lens\/attention-lens-element\.js" as="script">\n<link rel="modulepreload" href="https:\/\/blog\.example\/lens\/wasm\/attention-lens-simd\.mjs">\n<script src="https:\/\/blog\.example\/lens\/attention-lens\.js"><\/script>\n<attention-lens /,
  );
  // its poster: the preview's numbers (its query's three best keys), in words
  const shown = await page.evaluate(() => {
    const { result, query } = document.querySelector('.snippet-preview attention-lens').state;
    const n = result.tokens.length;
    const w = result.step('weights', 0).data.slice(query * n, (query + 1) * n);
    const j = [...w.keys()].filter((k) => !result.masked(query, k)).sort((a, b) => w[b] - w[a])[0];
    return `“${result.tokens[query].text}” looks most at “${result.tokens[j].text}” (${Math.round(w[j] * 100)}%)`;
  });
  assert.ok(element.includes(shown), `${shown} in the poster`);
  assert.match(
    await code('iframe').textContent(),
    /^<iframe src="https:\/\/blog\.example\/lens\/frame\.html\?sentence=The\+king\+and\+the\+queen\+%3Cb%3Erode%3C%2Fb%3E&amp;view=filter"/,
  );
  assert.match(
    await code('link').textContent(),
    /^<a href="https:\/\/blog\.example\/lens\/index\.html\?text=The\+king[^"]*"><img src="attention-lens-poster\.png" alt="The attention filter of/,
  );
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.snippet-png').click()]);
  assert.equal(download.suggestedFilename(), 'attention-lens-poster.png');
  const png = readFileSync(await download.path());
  assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
  assert.ok(png.readUInt32BE(16) >= 640 && png.readUInt32BE(20) > 200, 'a poster twice as large as on screen');
  // the snippet, pasted into a post, runs: its poster first, then the live element
  const post = await env.context.newPage();
  const pasted = element.replace('https://blog.example/lens/attention-lens.js', `${env.url}attention-lens.js`);
  await post.goto(`${env.url}embed-example.html`);
  await post.setContent(
    `<!doctype html><html lang="en"><head><title>A post</title></head><body>${pasted}</body></html>`,
  );
  await post.waitForFunction(() => document.querySelector('attention-lens').state?.result);
  assert.equal(
    await post.evaluate(() => document.querySelector('attention-lens').state.result.tokens.length),
    13, // The king and the queen < b > rode < / b >: the markup as text, as the core cuts it
  );
  await post.close();
  await screenshot(page, 'embed-form');
  assert.deepEqual(problems, []);
  await page.close();
});
