// The iframe embed, for platforms that allow only an iframe: frame.html takes every attribute from
// its URL, shows the element alone on a transparent page, and tells its parent its height, which a
// five-line host script (the README's) gives the iframe: no scrolling inside, from 280 to 800 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { useBrowser } from './browser.mjs';

const env = useBrowser(before, after);
// the README's host script, as a blogger pastes it
const HOST_SCRIPT = `<script>
addEventListener('message', (e) => {
  if (e.data?.type !== 'attention-lens-resize') return;
  for (const f of document.querySelectorAll('iframe')) if (f.contentWindow === e.source) f.style.height = e.data.height + 'px';
});
</script>`;

for (const width of [280, 500, 800])
  test(`at ${width} px the iframe takes its element's height and the URL's view`, async () => {
    const page = await env.context.newPage();
    await page.setViewportSize({ width: width + 40, height: 900 });
    const src = `${env.url}frame.html?sentence=${encodeURIComponent('The night is dark and full of terrors')}&view=filter&heads=2&mask=causal`;
    await page.route('**/iframe-host.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body:
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An LMS page</title></head>' +
          `<body style="margin:20px"><iframe src="${src}" title="Attention Lens" style="width:${width}px;border:0"></iframe>` +
          `${HOST_SCRIPT}</body></html>`,
      }),
    );
    await page.goto(`${env.url}iframe-host.html`);
    const frame = page.frameLocator('iframe');
    const inner = page.frames().find((f) => f.url().includes('frame.html'));
    await inner.waitForFunction(() => document.querySelector('attention-lens')?.state?.result);
    const options = await inner.evaluate(() => document.querySelector('attention-lens').state.result.options);
    assert.equal(options.heads, 2);
    assert.equal(options.mask, 'causal');
    assert.ok(await frame.locator('attention-lens').locator('.filter').isVisible());
    assert.ok(await frame.locator('attention-lens').locator('.search').isHidden(), 'view=filter: the filter alone');
    // the iframe is as tall as the page inside it: nothing scrolls inside
    await page.waitForFunction(() => {
      const f = document.querySelector('iframe');
      const inside = f.contentDocument.documentElement.scrollHeight;
      return Math.abs(f.getBoundingClientRect().height - inside) <= 1;
    });
    const transparent = await inner.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(transparent, 'rgba(0, 0, 0, 0)');
    await page.close();
  });
