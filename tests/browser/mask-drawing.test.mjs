// Every view that shows the mask shows the core's answer, not a rule of its own: the page's
// results are given a mask row that no rule makes (cells hidden before, on and after the
// diagonal, under a mask named "causal" or "self"), and the pixels and the classes the views
// draw are compared with it, cell by cell. A view that decides by the mask's name which cells
// are hidden draws the named rule instead, and fails. (The drawing functions themselves are held
// to it by npm run lint: scripts/check-mask-drawing.mjs.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDetails, openLens, screenshot, useBrowser, waitForAnalysis, waitForImage } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);

// Gives every result of the page (text and picture: the methods both inherit) mask rows of the
// test's making, query i hiding key j when (4i + 7j) mod 5 = 0: no mask rule's pattern.
function poisonMaskRows(page) {
  return page.evaluate(() => {
    const el = document.querySelector('attention-lens');
    let owner = el.state.result ?? el.state.imageResult;
    while (owner && !Object.hasOwn(owner, 'maskRow')) owner = Object.getPrototypeOf(owner);
    owner.maskRow = function poisoned(i) {
      const keys = this.handle.step('weights', 0).cols;
      return Uint8Array.from({ length: keys }, (_, j) => ((4 * i + 7 * j) % 5 === 0 ? 1 : 0));
    };
    // the whole table (the core gives it in one call too): the same rows
    owner.maskTable = function poisonedTable() {
      const { rows, cols } = this.handle.step('weights', 0);
      const data = new Uint8Array(rows * cols);
      for (let i = 0; i < rows; i++) data.set(this.maskRow(i), i * cols);
      return { rows, cols, data };
    };
  });
}
const poisoned = (i, j) => (4 * i + 7 * j) % 5 === 0;

// Each pixel of a canvas (one per cell at this size) as whether it is grey (r = g = b: the
// masked check; the weights' palette has no grey), row by row.
const greyCells = (canvas) =>
  canvas.evaluate((c) => {
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    return Array.from({ length: c.height }, (_, i) =>
      Array.from({ length: c.width }, (_, j) => {
        const k = 4 * (i * c.width + j);
        return data[k] === data[k + 1] && data[k + 1] === data[k + 2];
      }),
    );
  });

function assertFollows(grid, what) {
  assert.ok(grid.length > 1, `${what}: ${grid.length} rows drawn`);
  const wrong = [];
  grid.forEach((row, i) => row.forEach((grey, j) => grey !== poisoned(i, j) && wrong.push(`(${i}, ${j})`)));
  assert.deepEqual(wrong, [], `${what}: cells drawn otherwise than the core's mask rows say`);
}

// the text with two heads (their thumbnails) under the causal mask, given the poisoned rows,
// then analysed again so that every view draws a result that has them
async function openPoisoned(query) {
  const { page, problems } = await openLens(env.context, `${env.url}${query}`);
  await waitForAnalysis(page);
  await poisonMaskRows(page);
  await shadow(page, '.input > textarea').fill('the night is dark and full of terrors');
  await waitForAnalysis(page, 'the night is dark and full of terrors');
  return { page, problems };
}

test('the heatmap, the head thumbnails and the search draw the core’s mask rows, whatever the mask’s name', async () => {
  for (const mask of ['causal', 'self']) {
    const { page, problems } = await openPoisoned(`?mask=${mask}&heads=2`);
    assertFollows(await greyCells(shadow(page, 'canvas.heatmap')), `${mask}: the heatmap`);
    const thumbs = shadow(page, '.heads canvas');
    assert.equal(await thumbs.count(), 2);
    for (let h = 0; h < 2; h++) assertFollows(await greyCells(thumbs.nth(h)), `${mask}: head ${h + 1}'s thumbnail`);
    const listed = await shadow(page, '.search').evaluate((s) => {
      const query = document.querySelector('attention-lens').state.query;
      return {
        query,
        keys: [...s.querySelectorAll('li[data-key]')].map((li) => [+li.dataset.key, li.matches('.masked')]),
      };
    });
    assert.ok(listed.keys.length > 1, 'the search lists the keys');
    for (const [j, masked] of listed.keys)
      assert.equal(masked, poisoned(listed.query, j), `${mask}: the search's key ${j} of query ${listed.query}`);
    if (mask === 'causal') await screenshot(page, 'mask-drawing-poisoned');
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('the step by step’s weights draw the core’s mask rows', async () => {
  const { page } = await openPoisoned('?mask=causal');
  const stage = shadow(page, '.pipeline [data-step="weights"]');
  await openDetails(stage);
  await stage.scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    /\d+ × \d+/.test(
      document.querySelector('attention-lens').shadowRoot.querySelector('.pipeline [data-step="weights"] .shape')
        .textContent,
    ),
  );
  try {
    assertFollows(await greyCells(stage.locator('.stage-plot canvas')), 'the weights stage');
  } finally {
    await page.close();
  }
});

test('the picture’s filter leaves the patches the core’s mask row hides transparent', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await shadow(page, '[role=tab][data-mode=image]').click();
  await waitForImage(page, null);
  await poisonMaskRows(page);
  const patch = () => page.evaluate(() => document.querySelector('attention-lens').state.patch);
  const before = await patch();
  // a click on another patch (the first, or the last if the first is chosen): its row painted again
  const stack = shadow(page, '.picture-stack');
  const { width, height } = await stack.boundingBox();
  await stack.click({ position: before === 0 ? { x: width - 2, y: height - 2 } : { x: 2, y: 2 } });
  await page.waitForFunction((p) => document.querySelector('attention-lens').state.patch !== p, before);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const { q, clear } = await shadow(page, 'canvas.weights-overlay').evaluate((c) => {
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    const clear = [];
    for (let k = 0; k < c.width * c.height; k++) clear.push(data[4 * k + 3] === 0);
    return { q: document.querySelector('attention-lens').state.patch, clear };
  });
  const wrong = clear.flatMap((c, k) => (c !== poisoned(q, k) ? [k] : []));
  assert.deepEqual(wrong, [], `patches of query ${q} drawn otherwise than the core's mask row says`);
  assert.deepEqual(problems, []);
  await page.close();
});
