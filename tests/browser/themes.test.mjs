// The element on a light and on a dark blog: it takes the host's theme (auto), or the one its theme
// attribute names, sets its own background and text in it, and axe finds no violation on either
// page at 1280 and 390 px; a host page can set its colours (--al-…) and style its parts (::part).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { allViolations, screenshot, useBrowser } from './browser.mjs';

const env = useBrowser(before, after);
const LIGHT =
  'body { background: #fffdf8; color: #222; font-family: Georgia, serif; } main { max-width: 680px; margin: auto; }';
const DARK =
  'html { color-scheme: dark; } body { background: #15171a; color: #e6e6e6; font-family: Georgia, serif; } ' +
  'main { max-width: 680px; margin: auto; } a { color: #9ecbff; }';

async function blog(style, element = '<attention-lens sentence="A Lannister always pays his debts"></attention-lens>') {
  const page = await env.context.newPage();
  await page.route('**/themed-post.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title>' +
        `<style>${style}</style><script src="attention-lens.js"></script></head><body><main>` +
        `<h1>How a word decides what to look at</h1><p>Every word looks at every other word:</p>${element}` +
        '<p>That is the attention filter.</p></main></body></html>',
    }),
  );
  await page.goto(`${env.url}themed-post.html`);
  await page.waitForFunction(() => document.querySelector('attention-lens')?.state?.result);
  return page;
}
const theme = (page) =>
  page.evaluate(() => document.querySelector('attention-lens').shadowRoot.querySelector('.lens').dataset.theme);

for (const [name, style, expected] of [
  ['light', LIGHT, 'light'],
  ['dark', DARK, 'dark'],
])
  for (const width of [1280, 390])
    test(`on a ${name} blog at ${width} px the element is ${expected}, and axe finds no violation`, async () => {
      const page = await blog(style);
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction((w) => document.querySelector('attention-lens').state.width < w, width);
      assert.equal(await theme(page), expected);
      assert.deepEqual(await allViolations(page), []);
      await screenshot(page, `theme-${name}-${width}`);
      await page.close();
    });

test('the theme attribute wins over the host; a page that prefers dark and allows it gets dark', async () => {
  let page = await blog(DARK, '<attention-lens theme="light" sentence="Winter is coming"></attention-lens>');
  assert.equal(await theme(page), 'light');
  await page.evaluate(() => document.querySelector('attention-lens').setAttribute('theme', 'dark'));
  assert.equal(await theme(page), 'dark');
  await page.close();
  page = await blog('html { color-scheme: light dark; }');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.querySelector('attention-lens').setAttribute('theme', 'auto'));
  assert.equal(await theme(page), 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(
    () => document.querySelector('attention-lens').shadowRoot.querySelector('.lens').dataset.theme === 'light',
  );
  await page.close();
});

test('a host sets the colours (--al-accent) and styles the parts (::part(filter))', async () => {
  const page = await blog(
    `${LIGHT} attention-lens { --al-accent: rgb(200, 0, 120); } attention-lens::part(filter) { border-color: rgb(0, 128, 0); }`,
  );
  const seen = await page.evaluate(() => {
    const root = document.querySelector('attention-lens').shadowRoot;
    return {
      accent: getComputedStyle(root.querySelector('.lens')).getPropertyValue('--accent').trim(),
      border: getComputedStyle(root.querySelector('.filter')).borderTopColor,
    };
  });
  assert.equal(seen.accent, 'rgb(200, 0, 120)');
  assert.equal(seen.border, 'rgb(0, 128, 0)');
  await page.close();
});
