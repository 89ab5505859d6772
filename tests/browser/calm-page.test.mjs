// The first screen as a first-time learner meets it: few controls (counted as a person sees them:
// what is visible on the first 1280 × 900 screen, not what the DOM holds), a page no more than four
// phone screens tall, the explanations as chapters in the article's order, each panel two clicks
// away at most, and deep links that still open their panel.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLens, screenshot, typeSentence, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);

// the interactive controls a person sees in the window at the top of the page (the page's own and
// the element's): visible, not inert, with a box inside the window
const controlsOnScreen = (page) =>
  page.evaluate(() => {
    const SELECTOR =
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role=button], [role=tab]';
    const found = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.matches(SELECTOR)) found.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return found
      .filter((el) => {
        if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || el.closest('[inert]'))
          return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} ${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}`,
      );
  });

test('the first 1280 × 900 screen has at most 15 controls, and the sentence, the filter and the search side by side', async (t) => {
  const { page, problems } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const controls = await controlsOnScreen(page);
  t.diagnostic(`${controls.length} controls on the first 1280 × 900 screen`);
  assert.ok(controls.length <= 15, `${controls.length} controls on the first screen: ${controls.join(' | ')}`);
  const box = async (selector) => shadow(page, selector).boundingBox();
  const [sentence, filter, search, topic] = await Promise.all(
    ['.input textarea', '.filter', '.search', '.topic-line'].map(box),
  );
  for (const [name, b] of Object.entries({ sentence, filter, search, topic }))
    assert.ok(b.y < 900, `${name} starts on the first screen (y = ${b.y})`);
  assert.ok(
    Math.abs(filter.y - search.y) < 1 && search.x > filter.x + filter.width - 1,
    'the filter and the search side by side',
  );
  // four basic options; the rest one click away
  assert.equal(await shadow(page, '.basic-options .field').count(), 4);
  assert.equal(await shadow(page, '.more-options').evaluate((d) => d.open), false);
  assert.equal(await shadow(page, '.pipeline').evaluate((d) => d.open), false, 'the step by step is closed');
  await screenshot(page, 'calm-first-screen-1280');
  assert.deepEqual(problems, []);
  await page.close();
});

test('at 390 × 844 the default page is at most four screens tall', async (t) => {
  const { page } = await openLens(env.context, env.url);
  await page.setViewportSize({ width: 390, height: 844 });
  await waitForAnalysis(page);
  await page.waitForFunction(() => document.querySelector('attention-lens').state.width < 400);
  const tall = await page.evaluate(() => document.documentElement.scrollHeight);
  t.diagnostic(`the default page at 390 × 844 is ${tall} px: ${(tall / 844).toFixed(2)} screens`);
  t.diagnostic(`${(await controlsOnScreen(page)).length} controls on the first 390 × 844 screen`);
  assert.ok(tall <= 4 * 844, `the page is ${tall} px: ${(tall / 844).toFixed(1)} screens`);
  await screenshot(page, 'calm-first-screen-390');
  await page.close();
});

test('the explanations are chapters in the article’s order, and every panel is two clicks away at most', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const titles = await shadow(page, '.chapter > summary').allTextContents();
  assert.deepEqual(
    titles.map((t) => t.replace(/^\d+\s*/, '')),
    [
      'One word is enough',
      'Why attention?',
      'Query, key and value: a search engine',
      'Words as vectors, positions as waves',
      'Self-attention: one vector, three roles',
      'The filter: Q·Kᵀ, ÷√d_k, softmax',
      'Filter × V on a picture',
      'The output layer, and the next article',
    ],
  );
  // a panel: its chapter's summary, then its own; the step by step's stages: its summary, then theirs
  const clicks = await page.evaluate(() =>
    [...document.querySelector('attention-lens').shadowRoot.querySelectorAll('details.explain, details.stage')].map(
      (d) => {
        let n = d.open ? 0 : 1;
        for (let p = d.parentElement?.closest('details'); p; p = p.parentElement?.closest('details')) n += !p.open;
        return [d.className, n];
      },
    ),
  );
  assert.ok(clicks.length >= 20, `${clicks.length} panels and stages`);
  for (const [name, n] of clicks) assert.ok(n <= 2, `${name}: ${n} clicks`);
  await page.close();
});

test('a deep link (?explain=…) opens its panel and the chapter it is in', async () => {
  const { page } = await openLens(env.context, `${env.url}?explain=encoder-decoder`);
  await waitForAnalysis(page);
  await page.waitForFunction(() => {
    const root = document.querySelector('attention-lens').shadowRoot;
    return root.querySelector('details.encoder-decoder').open && root.querySelector('.chapter-next').open;
  });
  await page.waitForFunction(() => {
    const r = document.querySelector('attention-lens').shadowRoot.querySelector('details.encoder-decoder');
    const box = r.getBoundingClientRect();
    return box.top >= -1 && box.top < innerHeight;
  });
  await page.close();
});

test('a 150-word paste keeps the first screen: no token chips on it, and the filter’s labels inside it', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const before = await shadow(page, '.filter').boundingBox();
  const words = ['the', 'king', 'sent', 'his', 'army', 'north', 'before', 'winter', 'came', 'down'];
  await typeSentence(page, Array.from({ length: 150 }, (_, i) => words[i % words.length]).join(' '));
  const after = await shadow(page, '.filter').boundingBox();
  assert.ok(Math.abs(after.y - before.y) < 30, `the filter moved from y = ${before.y} to ${after.y}`);
  assert.ok(await shadow(page, '.token-list').isHidden(), 'the chips are in the step by step, closed');
  const inside = await shadow(page, '.filter').evaluate((f) => {
    const p = f.getBoundingClientRect();
    return [...f.querySelectorAll('canvas.col-labels, canvas.row-labels')].every((c) => {
      const r = c.getBoundingClientRect();
      return r.left >= p.left - 1 && r.right <= p.right + 1 && r.top >= p.top - 1;
    });
  });
  assert.ok(inside, 'the labels stay inside the filter panel');
  await screenshot(page, 'calm-150-words');
  await page.close();
});
