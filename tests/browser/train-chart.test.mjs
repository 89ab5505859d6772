// The training panel before training starts, at desktop and phone widths: its charts fit their
// card (the empty curve shows its frame and step axis; the filter waits, hidden, for weights).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDetails, openLens, screenshot, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);

for (const size of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width} px the training panel's placeholders fit inside it before training`, async () => {
    const { page, problems } = await openLens(env.context, env.url);
    await page.setViewportSize(size);
    await waitForAnalysis(page);
    const panel = shadow(page, 'details.train');
    await openDetails(panel);
    await panel.scrollIntoViewIfNeeded();
    const boxes = await panel.evaluate((d) => {
      const card = d.getBoundingClientRect();
      return {
        card: { left: card.left, right: card.right },
        canvases: [...d.querySelectorAll('canvas')]
          .filter((c) => c.getClientRects().length)
          .map((c) => {
            const r = c.getBoundingClientRect(),
              fig = c.closest('figure').getBoundingClientRect();
            return { left: r.left, right: r.right, figRight: fig.right, label: c.getAttribute('aria-label') };
          }),
        drawn: (() => {
          const c = d.querySelector('.curve canvas');
          const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          return px.some((v, i) => i % 4 === 3 && v > 0);
        })(),
      };
    });
    assert.ok(boxes.canvases.length >= 1);
    for (const c of boxes.canvases) {
      assert.ok(c.right <= boxes.card.right + 0.5, `${c.label}: ends at ${c.right}, the card at ${boxes.card.right}`);
      assert.ok(c.right <= c.figRight + 0.5, `${c.label}: wider than its figure (${c.right} > ${c.figRight})`);
    }
    assert.ok(boxes.drawn, 'the empty curve shows its frame');
    await screenshot(page, `train-placeholder-${size.width}`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}
