// No hole, no jump, something without JavaScript (issue 35.1). On a blog post with five elements,
// each with the poster the attention-lens-snippet command prints inside it, loaded on Lighthouse's
// mobile network: the poster is the first thing a reader sees of an element, in a box of the
// element's final height, and the page's Cumulative Layout Shift stays under 0.05. Without
// JavaScript the posters show the filter. The box holds its height until it can change unseen.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { CONTEXT, holdElement, launchBrowser, root, screenshot, serve } from './browser.mjs';

const MOBILE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 1.024,
  uploadThroughput: (750e3 / 8) * 1.024,
};
const env = {};

// five-post.html with each element as the snippet command writes it (its poster inside)
function withPosters(html) {
  return html.replace(/<attention-lens ([^>]*)><\/attention-lens>/g, (_m, attrs) => {
    const args = [...attrs.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => `${name}=${value ?? ''}`);
    const out = execFileSync('node', [join(root, 'web', 'lib', 'snippet-cli.js'), ...args], { encoding: 'utf8' });
    return out.slice(out.indexOf('<attention-lens')); // the page has its script tag already
  });
}

before(async () => {
  env.dir = mkdtempSync(join(tmpdir(), 'al-hosts-'));
  const five = readFileSync(join(root, 'tests', 'fixtures', 'hosts', 'five-post.html'), 'utf8');
  writeFileSync(join(env.dir, 'five.html'), withPosters(five));
  env.server = await serve({ extra: { '/five-posters.html': join(env.dir, 'five.html') } });
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  env.server?.server.close();
  rmSync(env.dir, { recursive: true, force: true });
});

// In the page before its scripts: layout shifts (not after input), the first paint, and when each
// element first shows an analysis.
function observe() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ at: e.startTime, value: e.value });
  }).observe({ type: 'layout-shift', buffered: true });
  window.__live = new Map();
  document.addEventListener(
    'attention-lens-render',
    (e) => {
      if (!window.__live.has(e.target)) window.__live.set(e.target, performance.now());
    },
    true,
  );
}
// CLS as Chromium reports it: the largest session window of shifts (gaps under 1 s, at most 5 s)
const cls = (shifts) => {
  let best = 0,
    current = 0,
    start = 0,
    last = -Infinity;
  for (const { at, value } of shifts) {
    if (at - last > 1000 || at - start > 5000) {
      current = 0;
      start = at;
    }
    current += value;
    last = at;
    best = Math.max(best, current);
  }
  return best;
};

for (const [width, height] of [
  [390, 844],
  [1280, 900],
])
  test(`five elements on a phone's network at ${width} px: their posters first, then live with CLS under 0.05`, async () => {
    const context = await env.browser.newContext({ ...CONTEXT, viewport: { width, height } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', MOBILE);
    await page.addInitScript(observe);
    // the element's own script held back: what the reader sees meanwhile
    const release = await holdElement(page);
    await page.goto(`${env.server.url}five-posters.html`, { waitUntil: 'domcontentloaded' });
    const before = await page.evaluate(() =>
      [...document.querySelectorAll('attention-lens')].map((el) => ({
        height: el.getBoundingClientRect().height,
        reserve: Number.parseFloat(el.style.getPropertyValue('--al-reserve')),
        poster: el.querySelector('[data-attention-lens-poster]')?.getBoundingClientRect().height ?? 0,
        defined: Boolean(customElements.get('attention-lens')),
      })),
    );
    for (const [i, b] of before.entries()) {
      assert.equal(b.defined, false);
      assert.ok(b.reserve > 200, `element ${i} has its box reserved: ${b.reserve}`);
      assert.ok(Math.abs(b.height - b.reserve) < 1, `element ${i} is ${b.height} px, its reserve ${b.reserve}`);
      assert.ok(b.poster > 40, `element ${i} shows its poster (${b.poster} px)`);
    }
    await screenshot(page, `posters-${width}`);
    release();
    // the elements near the first screen are live
    await page.waitForFunction(
      () => {
        const near = [...document.querySelectorAll('attention-lens')].filter(
          (el) => el.getBoundingClientRect().top < innerHeight + 800,
        );
        return near.length > 0 && near.every((el) => window.__live.has(el));
      },
      null,
      { timeout: 120000 },
    );
    // and the frame after the last of them
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { shifts, paint, live } = await page.evaluate(() => ({
      shifts: window.__shifts,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      live: [...window.__live.values()],
    }));
    const score = cls(shifts);
    console.log(
      `${width} px: posters painted at ${Math.round(paint)} ms, live at ${live.map(Math.round).join(', ')} ms ` +
        `(element script held until the posters were checked); CLS ${score.toFixed(4)}`,
    );
    assert.ok(score <= 0.05, `CLS ${score}`);
    // the poster said what the live element shows: its query's three best keys, their weights
    const { said, shown } = await page.evaluate(() => {
      const el = document.querySelector('attention-lens');
      const { result, query } = el.state;
      const w = result.step('weights', 0).data.slice(query * result.tokens.length, (query + 1) * result.tokens.length);
      const best = [...w.keys()].filter((j) => !result.masked(query, j)).sort((a, b) => w[b] - w[a]);
      return {
        said: el.querySelector('[data-attention-lens-poster]').textContent.match(/“[^”]+” looks most at [^.]+\./)[0],
        shown: `“${result.tokens[query].text}” looks most at ${best
          .slice(0, 3)
          .map((j) => `“${result.tokens[j].text}” (${Math.round(w[j] * 100)}%)`)
          .join(', ')
          .replace(/, ([^,]*)$/, ' and $1')}.`,
      };
    });
    assert.equal(said, shown);
    // a live element shows its views, not its poster
    assert.equal(
      await page.evaluate(
        () =>
          document.querySelector('attention-lens').shadowRoot.querySelector('.poster').getBoundingClientRect().height,
      ),
      0,
    );
    await screenshot(page, `posters-live-${width}`);
    await context.close();
  });

test('without JavaScript the posters show the filter, the answer and the topic, in words', async () => {
  const context = await env.browser.newContext({ ...CONTEXT, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${env.server.url}five-posters.html`);
  const posters = await page.evaluate(() =>
    [...document.querySelectorAll('[data-attention-lens-poster]')].map((f) => ({
      cells: f.querySelectorAll('svg rect').length,
      text: f.textContent,
      height: f.getBoundingClientRect().height,
    })),
  );
  assert.equal(posters.length, 5);
  for (const p of posters) assert.ok(p.height > 40, `a poster ${p.height} px tall`);
  // the first: six words, their 36 cells and the query's outline; its answer in words
  assert.equal(posters[0].cells, 6 * 6 + 1);
  assert.match(posters[0].text, /“pays” looks most at “debts” \(\d+%\)/); // the element's first query
  assert.match(posters[3].text, /What is it about\? music \(\d+%\): the question weighs “trumpet” most/);
  assert.match(posters[2].text, /patches of the picture “A cup of coffee”/);
  await screenshot(page, 'posters-no-js');
  await context.close();
});

// A page of its own with body, the element's script in its head.
async function hostPage(context, body) {
  const page = await context.newPage();
  await page.route('**/held-post.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title>' +
        `<script src="attention-lens.js"></script></head><body style="margin:8px">${body}</body></html>`,
    }),
  );
  await page.goto(`${env.server.url}held-post.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('attention-lens')].every((el) => el.state?.result));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page;
}
const heights = (page) =>
  page.evaluate(() => [...document.querySelectorAll('attention-lens')].map((el) => el.getBoundingClientRect().height));

test('a box held shorter than its content offers “Show all” and opens on a click; one whose change nobody sees takes its height', async () => {
  const context = await env.browser.newContext(CONTEXT);
  const sentence = 'The night is dark and full of terrors';
  // the first on screen, its reserve too short; the second below the window
  const page = await hostPage(
    context,
    `<attention-lens sentence="${sentence}" view="filter" style="--al-reserve: 300px"></attention-lens>` +
      `<div style="height: 1200px"></div><attention-lens sentence="${sentence}" view="filter" style="--al-reserve: 300px" loading="eager"></attention-lens>`,
  );
  const [first, second] = await heights(page);
  assert.equal(first, 300, 'on screen: it keeps its box');
  assert.ok(second > 500, `below the window: its own height (${second} px)`);
  const more = page.locator('attention-lens').first().locator('.show-all');
  assert.ok(await more.isVisible(), 'what does not fit is offered');
  await screenshot(page, 'held-short', { fullPage: false }); // a full page's capture resizes the window
  await more.click();
  await page.waitForFunction(() => document.querySelector('attention-lens').getBoundingClientRect().height > 300);
  assert.equal((await heights(page))[0], second, 'opened: the same height as its twin');
  assert.ok(await more.isHidden());
  await context.close();
});

test('a box held taller than its content keeps its place until the reader scrolls past it (the browser anchors the scroll)', async () => {
  const context = await env.browser.newContext(CONTEXT);
  const page = await hostPage(
    context,
    '<attention-lens sentence="Winter is coming" view="filter" style="--al-reserve: 800px"></attention-lens>' +
      '<p id="below">Below the element.</p><div style="height: 3000px"></div>',
  );
  assert.equal((await heights(page))[0], 800, 'on screen: it keeps its box (space below its views)');
  const before = await page.evaluate(() => document.getElementById('below').getBoundingClientRect().top);
  await page.evaluate(() => scrollTo(0, 1500)); // the element above the window now
  await page.waitForFunction(() => document.querySelector('attention-lens').getBoundingClientRect().height < 800);
  // what the reader sees did not move: the scroll was anchored (scrollY follows the change)
  const { scrolled, below } = await page.evaluate(() => ({
    scrolled: scrollY,
    below: document.getElementById('below').getBoundingClientRect().top + scrollY,
  }));
  assert.ok(scrolled < 1500, `the anchored scroll moved with the element (${scrolled})`);
  assert.ok(below < before, 'the text below came up by what the element gave back');
  const { shifts } = await page.evaluate(() => ({ shifts: performance.getEntriesByType('layout-shift') }));
  assert.deepEqual(shifts, []);
  await context.close();
});

test('the reserved heights are the live heights (else: node scripts/measure-reserve.mjs)', async () => {
  const { KINDS, liveHeight, sentence } = await import('../../scripts/measure-reserve.mjs');
  const { reservedHeight } = await import('../../web/lib/reserve.js');
  const context = await env.browser.newContext(CONTEXT);
  const page = await context.newPage();
  const off = [];
  for (const width of [390, 680]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${env.server.url}embed-example.html`);
    await page.setContent(
      `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>t</title>` +
        `<style>body { margin: 0; }</style><script src="${env.server.url}attention-lens.js"></script></head><body></body></html>`,
    );
    for (const kind of ['filter', 'filter search', 'topic', 'compact'])
      for (const n of [3, 10]) {
        const live = await liveHeight(page, KINDS[kind](sentence(n)));
        const reserved = reservedHeight(kind, width, n);
        if (Math.abs(live - reserved) > 3)
          off.push(`${kind}, ${n} words at ${width} px: live ${live}, reserved ${reserved}`);
      }
  }
  assert.deepEqual(off, [], 'the element changed its layout: node scripts/measure-reserve.mjs writes the table again');
  await context.close();
});
