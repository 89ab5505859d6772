// The explanations, checked by the numbers they show.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  openAround,
  openDetails,
  openLens,
  readWeightsTable,
  screenshot,
  useBrowser,
  waitForAnalysis,
} from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const num = (s) => Number(s.replace(/[^\d.eE+-]/g, ''));
const near = (a, b, tol, what) => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b}`);

async function open(query = '') {
  const { page, problems } = await openLens(env.context, `${env.url}${query}`);
  await waitForAnalysis(page);
  return { page, problems };
}

// the numbers of the trace panel: { products, dot, score, divisor, scaled, exp, rowMax, rowSum, weight }.
// The panel is drawn when on screen: scrolled into view, it draws the focused cell of the head shown.
async function readTrace(page) {
  await openDetails(shadow(page, '.trace'));
  await shadow(page, '.trace').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const el = document.querySelector('attention-lens');
    const { result, head, focus } = el.state;
    const i = Math.min(focus.i, result.tokens.length - 1),
      j = Math.min(focus.j, (result.cross ? result.documentTokens : result.tokens).length - 1);
    return el.shadowRoot.querySelector('.trace-body').dataset.cell === `${head},${i},${j}`;
  });
  return shadow(page, '.trace').evaluate((el) => {
    const value = (cls) => el.querySelector(`.trace-line.${cls} .trace-value`)?.textContent ?? '';
    const products = [...el.querySelectorAll('.trace-dims td.product')].map((td) => Number(td.textContent));
    return {
      products,
      dot: value('dot'),
      score: value('score'),
      scaled: value('scaled'),
      exp: value('exp'),
      rowSum: value('row-sum'),
      weight: value('weight'),
      masked: value('masked'),
    };
  });
}

test('a cell’s arithmetic adds up to the weight the filter shows', async () => {
  const { page } = await open('?text=A+Lannister+always+pays+his+debts&heads=2');
  await shadow(page, 'canvas.heatmap').focus();
  for (const key of [
    'PageUp', // to the first cell: the focus starts on the query word's row
    'Home',
    'ArrowDown',
    'ArrowDown',
    'ArrowDown',
    'ArrowRight',
    'ArrowRight',
    'ArrowRight',
    'ArrowRight',
    'ArrowRight',
  ])
    await page.keyboard.press(key); // pays → debts
  const t = await readTrace(page);
  assert.equal(t.products.length, 13, '12 dimensions listed and one line for the rest');
  const dot = num(t.dot.split('=')[1]);
  near(
    t.products.reduce((a, b) => a + b, 0),
    dot,
    5e-4 * 13,
    'the products add up to q·k',
  );
  near(num(t.score), dot, 1e-3, 'the score is the sum');
  const [lhs, scaled] = t.scaled.split('=');
  const [score, divisor] = lhs.split('÷').map(num);
  near(divisor, Math.sqrt(50), 1e-3, 'd_k = 50 with two heads');
  near(num(scaled), score / divisor, 1e-3, 'scaled = score ÷ √d_k');
  const [e, total] = t.weight.split('=')[0].split('÷').map(num);
  const weight = num(t.weight.split('=')[1].split('(')[0]);
  near(weight, e / total, 1e-4, 'weight = exp ÷ row total');
  const table = await readWeightsTable(page);
  near(weight, table.values[3][5], 1e-4, 'the filter shows the same weight');
  await screenshot(page, 'explain-trace');
  await page.close();
});

test('a masked cell’s trace says it is masked, why, and its weight is 0', async () => {
  const { page } = await open('?text=the+night+is+dark&mask=causal');
  await shadow(page, 'canvas.heatmap').focus();
  await page.keyboard.press('ArrowRight'); // the → night: masked
  let t = await readTrace(page);
  assert.match(t.masked, /may not look ahead/);
  assert.equal(num(t.weight.split('=')[1].split('(')[0]), 0);
  await page.goto(`${env.url}?text=the+night+is+dark&mask=self`);
  await waitForAnalysis(page);
  await shadow(page, 'canvas.heatmap').focus();
  for (const key of ['PageUp', 'Home']) await page.keyboard.press(key); // the → the: masked
  t = await readTrace(page);
  assert.match(t.masked, /^the query itself\. This weight is exactly 0/);
  assert.equal(num(t.weight.split('=')[1].split('(')[0]), 0);
  await page.close();
});

test('without ÷√d_k the score spread grows like √d_k and the softmax saturates', async () => {
  const { page } = await open();
  const slider = shadow(page, '.scaling input[type=range]');
  const read = () => shadow(page, '.scaling-summary').evaluate((p) => ({ ...p.dataset }));
  // closed by default, and then not even built: nothing is computed for it on a keystroke
  assert.equal(await shadow(page, '.scaling').evaluate((d) => d.open), false);
  assert.equal(await shadow(page, '.scaling-summary').count(), 0);
  await openDetails(shadow(page, '.scaling'));
  assert.ok(Number((await read()).spreadRaw) > 0, 'opening it computes the study');
  await slider.fill('2'); // d_k = 4
  const small = await read();
  await slider.fill('9'); // d_k = 256
  const large = await read();
  near(Number(large.spreadRaw) / Number(small.spreadRaw), 8, 8 * 0.4, 'spread × √(256/4)');
  near(Number(large.spreadScaled) / Number(small.spreadScaled), 1, 0.4, 'scaled spread stays');
  assert.ok(Number(large.maxRaw) > Number(large.maxScaled) + 0.1, 'unscaled: one word takes more of the weight');
  const before = (await readWeightsTable(page)).values;
  await shadow(page, '.scaling button.switch').click();
  await waitForAnalysis(page);
  assert.equal(await page.evaluate(() => document.querySelector('attention-lens').state.options.scale), false);
  assert.notDeepEqual((await readWeightsTable(page)).values, before, 'the switch flips the real heatmap');
  await screenshot(page, 'explain-scaling');
  await page.close();
});

test('shuffling the words only permutes attention without positional encoding', async () => {
  const { page } = await open();
  await openDetails(shadow(page, '.positional'));
  await shadow(page, '.positional button').click();
  const off = shadow(page, '.pe-off'),
    on = shadow(page, '.pe-on');
  await off.waitFor();
  assert.ok(Number(await off.getAttribute('data-max-diff')) < 1e-5);
  assert.ok(Number(await on.getAttribute('data-max-diff')) > 1e-3);
  assert.equal(await shadow(page, '.perm line').count(), 6, 'one line per word');
  await screenshot(page, 'explain-positional');
  await page.close();
});

test('cosine and dot product side by side: dot = |q|·|k|·cos', async () => {
  const { page } = await open();
  await openDetails(shadow(page, '.similarity'));
  const cell = shadow(page, '.similarity-cell');
  await cell.waitFor();
  const d = await cell.evaluate((p) => ({ ...p.dataset }));
  near(Number(d.dot), Number(d.qn) * Number(d.kn) * Number(d.cos), 1e-3 * Math.abs(Number(d.dot)), 'dot = |q||k|cos');
  assert.equal(await shadow(page, '.similarity .small-matrix').count(), 2);
  await page.close();
});

test('what if: hiding a word, comparing heads and sentences show where the weights changed', async () => {
  const { page } = await open('?text=A+Lannister+always+pays+his+debts&heads=2&q=1');
  await openDetails(shadow(page, '.whatif'));
  await shadow(page, '.whatif').getByRole('button', { name: 'hide it' }).click();
  const result = shadow(page, '.whatif-result');
  await result.waitFor();
  assert.match(await result.textContent(), /“Lannister” hidden/);
  assert.notEqual(Number(await result.getAttribute('data-max-change')), 0);
  await shadow(page, '.whatif').getByRole('button', { name: 'compare' }).first().click();
  await page.waitForFunction(() =>
    /Head 1 against head 2/.test(
      document.querySelector('attention-lens').shadowRoot.querySelector('.whatif-result')?.textContent,
    ),
  );
  await shadow(page, '.whatif textarea').fill('two words');
  await shadow(page, '.whatif').getByRole('button', { name: 'compare' }).last().click();
  await page.waitForFunction(() =>
    /different numbers of words/.test(
      document.querySelector('attention-lens').shadowRoot.querySelector('.whatif-body').textContent,
    ),
  );
  await screenshot(page, 'explain-whatif');
  await page.close();
});

test('cross-attention searches a document: its words are the results', async () => {
  const { page } = await open();
  await openDetails(shadow(page, '.document'));
  await shadow(page, '.document textarea').fill('Tyrion drinks and knows things');
  await waitForAnalysis(page);
  const table = await readWeightsTable(page);
  assert.deepEqual(table.cols, ['Tyrion', 'drinks', 'and', 'knows', 'things']);
  assert.deepEqual(table.rows, ['A', 'Lannister', 'always', 'pays', 'his', 'debts']);
  for (const row of table.values)
    near(
      row.reduce((a, b) => a + b, 0),
      1,
      1e-3,
      'row sum',
    );
  const titles = await shadow(page, '.result .title .word').allTextContents();
  assert.deepEqual([...titles].sort(), [...table.cols].sort());
  assert.ok(await shadow(page, '.controls').getByLabel('Mask', { exact: true }).isDisabled());
  await screenshot(page, 'explain-cross');
  await page.close();
});

test('the output layer W_O is drawn as the last step', async () => {
  const { page } = await open();
  const wo = shadow(page, '.text-mode [data-step="output"] canvas.weight-matrix');
  await openAround(wo); // the step by step, closed at first
  await wo.scrollIntoViewIfNeeded(); // a step is drawn when it comes on screen
  await page.waitForFunction(() =>
    /100 by 100/.test(
      document
        .querySelector('attention-lens')
        .shadowRoot.querySelector('.text-mode [data-step="output"] canvas.weight-matrix')
        .getAttribute('aria-label'),
    ),
  );
  await page.close();
});
