// The guided tour as a first-time learner takes it, at desktop and phone widths: each step's
// target stays in view once the panels above it have drawn (they draw lazily and change height),
// "Why attention?" comes first and the picture after the output layer, and ending the tour
// leaves the page's URL without the explanation it opened.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openLens, screenshot, useBrowser, waitForAnalysis, waitForImage } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const WIDTHS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
];

// Resolves once the element has kept its size for `frames` animation frames in a row: the lazily
// drawn panels in view have drawn (counted by a ResizeObserver on the element and its panels).
const settled = (page, frames = 12) =>
  page.evaluate(
    (frames) =>
      new Promise((resolve) => {
        const host = document.querySelector('attention-lens');
        let quiet = 0;
        const ro = new ResizeObserver(() => {
          quiet = 0;
        });
        for (const el of [host, ...host.shadowRoot.querySelectorAll('section, details, figure')]) ro.observe(el);
        const tick = () => {
          if (++quiet >= frames) {
            ro.disconnect();
            resolve();
          } else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    frames,
  );

// Presses Next (Enter: it has the focus) until the card's title is `title`.
async function goTo(page, title) {
  for (let i = 0; i < 20; i++) {
    if ((await shadow(page, '.tour h2').textContent()) === title) return;
    await page.keyboard.press('Enter');
  }
  throw new Error(`no tour step "${title}"`);
}

// Where the step's target is in the window, and how much of its top the card covers.
const targetPlace = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('attention-lens').shadowRoot;
    const t = root.querySelector('.tour-focus').getBoundingClientRect(),
      c = root.querySelector('.tour').getBoundingClientRect();
    const top = Math.max(t.top, 0),
      bottom = Math.min(t.bottom, innerHeight, t.top + 120); // the target's first 120 px
    const covered = Math.max(0, Math.min(bottom, c.bottom) - Math.max(top, c.top));
    return { top: t.top, bottom: t.bottom, height: innerHeight, covered, shown: bottom - top };
  });

function assertInView(place, what) {
  assert.ok(
    place.top >= -1 && place.top < place.height - 60,
    `${what}: the target's top at ${Math.round(place.top)} px in a ${place.height} px window`,
  );
  assert.ok(place.covered < place.shown / 2, `${what}: the card covers ${place.covered} of ${place.shown} px`);
}

for (const [name, size] of WIDTHS) {
  test(`at ${size.width} px the tour keeps QKᵀ and the picture in view after the panels above them draw`, async () => {
    const { page, problems } = await openLens(env.context, env.url);
    await page.setViewportSize(size);
    await waitForAnalysis(page);
    await shadow(page, '.tour-start').click();
    assert.equal(await shadow(page, '.tour h2').textContent(), 'Why attention?');
    await shadow(page, '.recurrent-summary').waitFor();
    assert.ok(await shadow(page, 'details.recurrent').evaluate((d) => d.open && d.classList.contains('tour-focus')));

    await goTo(page, 'All the matches at once: QKᵀ');
    await waitForAnalysis(page);
    await settled(page);
    assertInView(await targetPlace(page), 'QKᵀ');
    await screenshot(page, `tour-qkt-${name}`);
    await page.screenshot({ path: `test-results/tour-qkt-${name}-window.png` });

    await goTo(page, 'The same on a picture');
    await waitForImage(page);
    await settled(page);
    assertInView(await targetPlace(page), 'the picture');
    await page.screenshot({ path: `test-results/tour-picture-${name}-window.png` });

    // the encoder-decoder step puts explain= in the URL; leaving the tour takes it out again
    await goTo(page, 'The next article: encoder and decoder');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('explain') === 'encoder-decoder');
    await shadow(page, '.tour').getByRole('button', { name: 'Leave the tour' }).click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('explain'));
    assert.equal(await shadow(page, 'details.encoder-decoder').evaluate((d) => d.open), false, 'its panel closed');
    assert.equal(await shadow(page, 'details.recurrent').evaluate((d) => d.open), false, 'the RNN panel closed');
    assert.deepEqual(problems, []);
    await page.close();
  });
}
