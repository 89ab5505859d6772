#!/usr/bin/env node
// The README's screenshot: the demo page's first screen in Debian's Chromium.
//   node scripts/screenshot.mjs [out.png]   (default docs/screenshot.png; needs the built dist/)
import { join } from 'node:path';
import { launch, root, serve, waitForAnalysis } from '../tests/browser/browser.mjs';

const out = process.argv[2] ?? join(root, 'docs', 'screenshot.png');
const { server, url } = await serve();
const context = await launch();
const page = await context.newPage();
await page.setViewportSize({ width: 1280, height: 1020 });
await page.goto(`${url}?text=A+Lannister+always+pays+his+debts&heads=2&q=3`);
await waitForAnalysis(page);
await page
  .locator('attention-lens')
  .locator('canvas.heatmap')
  .hover({ position: { x: 60, y: 160 } });
await page.waitForTimeout(100);
await page.screenshot({ path: out });
await context.close();
server.close();
console.log(`wrote ${out}`);
