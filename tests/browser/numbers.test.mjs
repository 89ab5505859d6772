// Every number trustworthy: what the answer is about names the query word's own family on
// sentences these tests did not tune to; a cosine filter is not flat; the readout under the
// heatmap follows every control; every panel starts on the same real pair of words.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  openAround,
  openDetails,
  openLens,
  readWeightsTable,
  typeSentence,
  useBrowser,
  waitForAnalysis,
} from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const state = (page) => page.evaluate(() => document.querySelector('attention-lens').state);

async function chooseQuery(page, word) {
  await openAround(shadow(page, '.token-list')); // the step by step's first stage
  await shadow(page, '.token-list').getByRole('button', { name: word, exact: true }).click();
  await page.waitForFunction((w) => {
    const s = document.querySelector('attention-lens').state;
    return s.result.tokens[s.query].text === w;
  }, word);
}

test('what the answer is about names the query word’s family, whatever the sentence', async () => {
  // without the default self mask, the query word's own value is in its answer
  const { page, problems } = await openLens(env.context, `${env.url}?mask=none`);
  await waitForAnalysis(page);
  // [sentence, query word, words of its family, at least one of which must be among the five]
  const cases = [
    ['The farmer grows wheat and barley in the valley', 'wheat', ['wheat', 'barley', 'corn', 'grain', 'soybeans']],
    ['She played the violin at the concert last night', 'violin', ['violin', 'cello', 'piano', 'viola', 'violinist']],
    [
      'The surgeon operated on the patient in the hospital',
      'surgeon',
      ['surgeon', 'surgeons', 'doctor', 'physician', 'surgery'],
    ],
    ['A Lannister always pays his debts', 'pays', ['pays', 'pay', 'paying', 'paid', 'owed']],
  ];
  for (const [sentence, word, family] of cases) {
    await typeSentence(page, sentence);
    await chooseQuery(page, word);
    const words = (await shadow(page, '.search .about').getAttribute('data-words')).split(' ');
    assert.ok(words.includes(word), `“${word}” in “${sentence}”: ${words.join(', ')}`);
    assert.ok(words.filter((w) => family.includes(w)).length >= 2, `“${word}”: ${words.join(', ')}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('a cosine filter is not flat: its rows have clear favourites', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const similarity = shadow(page, '.controls').getByLabel('Similarity', { exact: true });
  await openAround(similarity); // under "More options"
  await similarity.selectOption('cosine');
  await waitForAnalysis(page);
  const { values } = await readWeightsTable(page);
  const n = values.length;
  for (const row of values)
    assert.ok(Math.max(...row) > 2 / n, `a row's largest weight ${Math.max(...row)} vs 1/n = ${1 / n}`);
  await page.close();
});

test('the readout follows the sentence, the temperature and the weights for the cell it names', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const box = await shadow(page, 'canvas.heatmap').boundingBox();
  await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.4); // a cell, chosen
  const check = async (what) => {
    const s = await state(page);
    const { values } = await readWeightsTable(page);
    const shown = Number(await shadow(page, '.readout').getAttribute('data-weight'));
    assert.ok(Math.abs(shown - values[s.focus.i][s.focus.j]) < 1e-4, `${what}: the readout ${shown} vs the table`);
  };
  await check('clicked');
  const temperature = shadow(page, '.controls').getByLabel('Temperature', { exact: true });
  await openAround(temperature); // under "More options"
  await temperature.fill('5');
  await waitForAnalysis(page);
  await check('temperature');
  await shadow(page, '.controls').getByLabel('Weights', { exact: true }).selectOption('random');
  await waitForAnalysis(page);
  await check('random weights');
  await typeSentence(page, 'Winter is coming for all of us');
  await check('a new sentence');
  await page.close();
});

test('every panel starts on the same real pair of words', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const s = await state(page);
  const query = s.result.tokens[s.query].text;
  assert.equal(s.focus.i, s.query, 'the focused row is the query word');
  const key = s.result.tokens[s.focus.j];
  assert.ok(key.known && s.focus.j !== s.query, `the focused key is another real word, got “${key.text}”`);
  assert.equal(await shadow(page, '.search-box input').inputValue(), query);
  assert.match(await shadow(page, '.readout').textContent(), new RegExp(`^“${query}” → “${key.text}”`));
  await openDetails(shadow(page, '.trace')); // drawn when open and on screen
  await shadow(page, '.trace').scrollIntoViewIfNeeded();
  assert.match(
    await shadow(page, '.trace-dims caption').textContent(),
    new RegExp(`^“${query}” asks, “${key.text}” answers`),
  );
  await page.close();
});
