#!/usr/bin/env node
// The README's screenshots: the demo page's first screen in Debian's Chromium, in both modes.
//   node scripts/screenshot.mjs [dir]   (default docs/; writes screenshot.png and screenshot-image.png;
//   needs the built dist/)
import { join } from 'node:path';
import { launch, root, serve, waitForAnalysis, waitForImage } from '../tests/browser/browser.mjs';

const dir = process.argv[2] ?? join(root, 'docs');
const nextFrame = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const { server, url } = await serve();
const context = await launch();
const page = await context.newPage();
await page.setViewportSize({ width: 1280, height: 1240 }); // the first screen and the chapters, unscrolled

await page.goto(`${url}?text=A+Lannister+always+pays+his+debts&q=3`);
await waitForAnalysis(page);
// the nearest words, once the whole vocabulary has arrived
await page.waitForFunction(() => document.querySelector('attention-lens').state.vocabulary?.ready, null, {
  timeout: 60000,
});
await page
  .locator('attention-lens')
  .locator('canvas.heatmap')
  .hover({ position: { x: 242, y: 154 } }); // "pays" → "debts" (cells of 44 px)
await nextFrame(page);
await page.screenshot({ path: join(dir, 'screenshot.png') });

// the picture mode with its default options (16-px patches, cosine, its own patch masked), the
// query patch on the cat's eye; from the options to the filter and the search
await page.setViewportSize({ width: 1280, height: 1500 });
await page.goto(`${url}?mode=image&picture=chelsea&at=75`);
await waitForImage(page, 'chelsea');
const top = await page.locator('attention-lens').locator('.image-controls').boundingBox();
await page.screenshot({
  path: join(dir, 'screenshot-image.png'),
  clip: { x: 0, y: top.y - 12, width: 1280, height: 900 },
});

await context.close();
server.close();
console.log(`wrote ${join(dir, 'screenshot.png')} and screenshot-image.png`);
