// One statement of the scaling: in cosine mode "Scale by √dₖ" multiplies by the core's cosine
// scale (10), and the step by step and the arithmetic of one weight say and compute the same;
// with dot products both divide by √d_k.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDetails, openLens, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const num = (s) => Number(s.replace(/[^\d.eE+-]/g, ''));

// the trace's scaling line, once the trace shows the focused cell
async function scalingLine(page) {
  await openDetails(shadow(page, '.trace'));
  await shadow(page, '.trace').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const el = document.querySelector('attention-lens');
    const { head, focus } = el.state;
    return el.shadowRoot.querySelector('.trace-body')?.dataset.cell === `${head},${focus.i},${focus.j}`;
  });
  return shadow(page, '.trace-line.scaled').evaluate((el) => ({
    label: el.querySelector('.trace-label').textContent,
    value: el.querySelector('.trace-value').textContent,
  }));
}

// the summary's formula and the text of a pipeline stage
const stage = (page, step) =>
  shadow(page, `.pipeline [data-step="${step}"]`).evaluate((d) => ({
    formula: d.querySelector('summary code').textContent,
    text: d.querySelector(':scope > p').textContent,
  }));

test('in cosine mode the step by step and the trace say × 10 and compute × 10', async () => {
  const { page, problems } = await openLens(env.context, `${env.url}?similarity=cosine`);
  await waitForAnalysis(page);
  await page.waitForFunction(() => document.querySelector('attention-lens').state.options.similarity === 'cosine');
  const scaled = await stage(page, 'scaled');
  assert.equal(scaled.formula, '10 · S / T');
  assert.match(scaled.text, /multiplied by 10/);
  assert.doesNotMatch(scaled.text, /√d_k/);
  assert.equal((await stage(page, 'weights')).formula, 'softmax(10 · S / T)');
  const line = await scalingLine(page);
  assert.equal(line.label, '× 10 (the cosine scale)');
  const m = line.value.match(/^(-?[\d.]+) × 10 = (-?[\d.]+)$/);
  assert.ok(m, line.value);
  assert.ok(Math.abs(num(m[1]) * 10 - num(m[2])) < 1e-3, line.value);
  assert.doesNotMatch(line.value, /÷/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('with dot products both divide by √d_k', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  assert.equal((await stage(page, 'scaled')).formula, 'S / (√d_k · T)');
  assert.equal((await stage(page, 'weights')).formula, 'softmax(S / (√d_k · T))');
  const line = await scalingLine(page);
  assert.equal(line.label, '÷ √d_k');
  assert.match(line.value, /^-?[\d.]+ ÷ 10\.0000 = -?[\d.]+$/, 'd_k = 100: √d_k = 10');
  await page.close();
});
