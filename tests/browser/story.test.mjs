// The article's whole story: "why attention" (an RNN's fading reach beside attention's) and the
// encoder–decoder example, each checked against the numbers the core gives through the JS API.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  openDetails,
  openLens,
  screenshot,
  seriousViolations,
  typeSentence,
  useBrowser,
  waitForAnalysis,
} from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const PHONE = { width: 375, height: 800 };

// 300 words of plain sentences (each word in the GloVe vocabulary), ending in a full stop
const SENTENCES = [
  'The king rode north with his men before the winter came',
  'A Lannister always pays his debts and never forgets a friend',
  'The night is dark and full of terrors for those who walk alone',
  'She opened the old book and read the story of the seven kingdoms',
  'Rain fell on the city while the river carried boats to the sea',
  'Every child in the village knew the song about the dragon',
];
const words = SENTENCES.join(' ').split(' ');
const LONG = `${Array.from({ length: 300 }, (_, i) => words[i % words.length]).join(' ')}.`;

async function open(query = '') {
  const { page, problems } = await openLens(env.context, `${env.url}${query}`);
  await waitForAnalysis(page);
  return { page, problems };
}

// what the "why attention" view shows: its rows' and its summary's numbers
async function readInfluence(page) {
  await shadow(page, '.recurrent-summary').waitFor();
  return shadow(page, '.recurrent').evaluate((el) => ({
    rows: [...el.querySelectorAll('.influence-table tbody tr[data-index]')].map((tr) => ({
      index: Number(tr.dataset.index),
      recurrent: Number(tr.dataset.recurrent),
      attention: Number(tr.dataset.attention),
    })),
    summary: Object.fromEntries(
      Object.entries(el.querySelector('.recurrent-summary').dataset).map(([k, v]) => [k, Number(v)]),
    ),
    text: el.querySelector('.recurrent-summary').textContent,
  }));
}

// the same numbers from the core, through the JS API in the page
const coreInfluence = (page) =>
  page.evaluate(() => {
    const { result, options } = document.querySelector('attention-lens').state;
    const s = result.recurrentInfluence({ seed: options.seed });
    return { ...s, recurrentShare: [...s.recurrentShare], attentionShare: [...s.attentionShare] };
  });

test('the RNN view shows the core’s shares, word by word, beside attention’s', async () => {
  const { page, problems } = await open('?text=Hi%2C+How+are+you%3F+I+am+fine&heads=2');
  assert.equal(await shadow(page, '.recurrent').evaluate((d) => d.open), false, 'closed until asked for');
  await openDetails(shadow(page, '.recurrent'));
  const shown = await readInfluence(page),
    core = await coreInfluence(page);
  assert.equal(shown.rows.length, core.recurrentShare.length, 'a short sentence lists every word');
  for (const r of shown.rows) {
    assert.equal(r.recurrent, core.recurrentShare[r.index], `RNN share of word ${r.index}`);
    assert.equal(r.attention, core.attentionShare[r.index], `attention share of word ${r.index}`);
  }
  assert.equal(shown.summary.recurrentFirst, core.recurrentShare[0]);
  assert.equal(shown.summary.attentionFirst, core.attentionShare[0]);
  assert.equal(shown.summary.recurrentHalf, core.recurrentFirstHalf);
  assert.equal(shown.summary.attentionHalf, core.attentionFirstHalf);
  assert.match(shown.text, /The first word, “Hi”, holds [\d.]+% of the influence on the last word, “fine”/);
  assert.equal(await shadow(page, '.influence-chart rect').count(), 2 * shown.rows.length, 'two bars a word');
  await screenshot(page, 'story-rnn-desktop');
  assert.deepEqual(problems, []);
  await page.close();
});

test('on a 300-word paste the RNN’s early words fade to nothing, attention’s do not', async () => {
  const { page, problems } = await open();
  await typeSentence(page, LONG);
  await openDetails(shadow(page, '.recurrent'));
  const shown = await readInfluence(page),
    core = await coreInfluence(page);
  assert.equal(shown.summary.words, 301);
  assert.equal(shown.summary.recurrentFirst, core.recurrentShare[0]);
  assert.ok(shown.summary.recurrentFirst < 1e-30, `RNN, first word: ${shown.summary.recurrentFirst}`);
  assert.ok(shown.summary.attentionFirst > 1e-5, `attention, first word: ${shown.summary.attentionFirst}`);
  // 2e-19 since the words enter without their shared direction and PE at 1/√d_model (the tanh
  // saturates less than at 12-06's inputs, which made it 1e-20 and below)
  assert.ok(shown.summary.recurrentHalf < 1e-15, `RNN, first half: ${shown.summary.recurrentHalf}`);
  assert.ok(shown.summary.attentionHalf > 0.1, `attention, first half: ${shown.summary.attentionHalf}`);
  assert.match(shown.text, /holds [\d.]+ × 10⁻[⁰¹²³⁴⁵⁶⁷⁸⁹]+% of the influence/);
  assert.equal(shown.rows.length, 16, 'the first and last 8 words in the table');
  for (const r of shown.rows) assert.equal(r.recurrent, core.recurrentShare[r.index]);
  assert.equal(await shadow(page, '.influence-chart polyline').count(), 2, 'drawn as two lines');
  await shadow(page, '.recurrent').scrollIntoViewIfNeeded();
  await screenshot(page, 'story-rnn-long-desktop');
  await page.setViewportSize(PHONE);
  await page.waitForFunction(() => document.querySelector('attention-lens').state.width < 400);
  await shadow(page, '.recurrent-summary').waitFor();
  await screenshot(page, 'story-rnn-long-phone');
  assert.deepEqual(problems, []);
  await page.close();
});

// the numbers of an encoder–decoder grid: { rows: [text], cols: [text], weights: [[number]] }
const readGrid = (page, cls) =>
  shadow(page, `.${cls}`).evaluate((el) => ({
    cols: [...el.querySelectorAll('thead th')].map((th) => th.textContent),
    rows: [...el.querySelectorAll('tbody th')].map((th) => th.textContent),
    weights: [...el.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.weight)),
    ),
  }));

// lens.analyze(output, causal) and lens.crossAnalyze(output, input) in the page, with its options
const coreFilters = (page, input, output) =>
  page.evaluate(
    async ([input, output]) => {
      const { lens, options, head } = document.querySelector('attention-lens').state;
      const o = { ...options, maskedToken: -1 };
      const self = await lens.analyze(output, { ...o, mask: 'causal' });
      const cross = await lens.crossAnalyze(output, input, { ...o, mask: 'none' });
      const rows = (r) => {
        const w = r.step('weights', head);
        return Array.from({ length: w.rows }, (_, i) => [...w.data.subarray(i * w.cols, (i + 1) * w.cols)]);
      };
      const out = {
        outputWords: self.tokens.map((t) => t.text),
        inputWords: cross.documentTokens.map((t) => t.text),
        self: rows(self),
        cross: rows(cross),
      };
      self.dispose();
      cross.dispose();
      return out;
    },
    [input, output],
  );

// waits until the cross-attention grid has a row for each of n output words
const waitForGrids = (page, n) =>
  page.waitForFunction((n) => {
    const rows = document.querySelector('attention-lens').shadowRoot.querySelectorAll('.ed-cross tbody tr');
    return rows.length === n;
  }, n);

test('?explain=encoder-decoder opens the panel; its filters are lens.analyze’s and crossAnalyze’s', async () => {
  const { page, problems } = await open('?explain=encoder-decoder&heads=2&head=1');
  const panel = shadow(page, '.encoder-decoder');
  await waitForGrids(page, 3);
  assert.equal(await panel.evaluate((d) => d.open), true, 'the link opened it');
  const { top } = await panel.evaluate((d) => d.getBoundingClientRect().toJSON());
  assert.ok(top >= -1 && top < 900, `scrolled into view (top ${top})`);
  const core = await coreFilters(page, 'Hi, How are you?', 'I am fine');
  const self = await readGrid(page, 'ed-self'),
    cross = await readGrid(page, 'ed-cross');
  assert.deepEqual(core.outputWords, ['I', 'am', 'fine']);
  assert.deepEqual(core.inputWords, ['Hi', ',', 'How', 'are', 'you', '?']);
  assert.deepEqual(
    [self.rows, self.cols, cross.rows, cross.cols],
    [core.outputWords, core.outputWords, core.outputWords, core.inputWords],
  );
  assert.deepEqual(self.weights, core.self, 'causal self-attention, head 2');
  assert.deepEqual(cross.weights, core.cross, 'cross-attention, head 2');
  assert.equal(self.weights[0][1], 0, '“I” may not look ahead at “am”');

  // the keyboard chooses “fine”: its search ranks the input words by its cross-attention weights
  await shadow(page, '.ed-cross tbody th button').nth(2).focus();
  await page.keyboard.press('Enter');
  await shadow(page, '.ed-search[data-query="2"]').waitFor();
  assert.equal(await shadow(page, '.ed-search input').inputValue(), 'fine');
  const results = await shadow(page, '.ed-search .result').evaluateAll((lis) =>
    lis.map((li) => [Number(li.dataset.key), Number(li.dataset.weight)]),
  );
  const ranked = core.cross[2].map((w, j) => [j, w]).sort((a, b) => b[1] - a[1]);
  assert.deepEqual(results, ranked);
  assert.match(await shadow(page, '.ed-search .about').textContent(), /is about: \S/);
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'story-encoder-decoder-desktop');

  // editing the output recomputes both filters
  await shadow(page, '.ed-fields input').nth(1).fill('I am fine thank you');
  await waitForGrids(page, 5);
  const edited = await coreFilters(page, 'Hi, How are you?', 'I am fine thank you');
  assert.deepEqual((await readGrid(page, 'ed-cross')).weights, edited.cross);
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a linked explanation stays at the window’s top while the page above it grows, until the reader scrolls', async () => {
  const { page } = await open('?explain=encoder-decoder');
  await waitForGrids(page, 3);
  const top = () => shadow(page, '.encoder-decoder').evaluate((d) => d.getBoundingClientRect().top);
  // the panel's top is within `limit` px of the window's top (or, with `below`, below it by more)
  const waitTop = (limit, below = false) =>
    page.waitForFunction(
      ([limit, below]) => {
        const y = document.querySelector('attention-lens').shadowRoot.querySelector('.encoder-decoder');
        const t = y.getBoundingClientRect().top;
        return below ? scrollY > 0 && t > limit : Math.abs(t) < limit;
      },
      [limit, below],
    );
  await waitTop(2);
  // something above it draws late (as a panel whose part or file comes after the scroll), in a
  // window that does not anchor its scroll to what it shows (a browser without scroll anchoring)
  await page.addStyleTag({ content: 'html { overflow-anchor: none; }' });
  const grow = (px) =>
    page.evaluate((h) => {
      const root = document.querySelector('attention-lens').shadowRoot;
      const late = root.querySelector('.late-above') ?? document.createElement('div');
      late.className = 'late-above';
      late.style.height = `${h}px`;
      root.querySelector('.encoder-decoder').before(late);
    }, px);
  await grow(600);
  await waitTop(2);
  // the reader scrolls: the page is theirs again
  await page.mouse.move(400, 400);
  await page.mouse.wheel(0, -300);
  await waitTop(200, true);
  const after = await top();
  await grow(900);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.ok((await top()) >= after + 299, 'no longer followed once the reader scrolled');
  await page.close();
});

test('the open explanation is in the store for the link; a phone-width page still shows both', async () => {
  const { page } = await open('?explain=recurrent');
  await shadow(page, '.recurrent-summary').waitFor();
  const explain = () => page.evaluate(() => document.querySelector('attention-lens').state.explain);
  assert.equal(await explain(), 'recurrent');
  await shadow(page, '.recurrent > summary').click();
  await page.waitForFunction(() => document.querySelector('attention-lens').state.explain === null);
  await page.setViewportSize(PHONE);
  await page.goto(`${env.url}?explain=encoder-decoder`);
  await waitForGrids(page, 3);
  assert.equal(await explain(), 'encoder-decoder');
  const { width } = await shadow(page, '.ed-cross table').evaluate((t) => t.getBoundingClientRect().toJSON());
  const panel = await shadow(page, '.encoder-decoder').evaluate((d) => d.clientWidth);
  assert.ok(width <= panel, `the cross-attention table fits the phone (${width} of ${panel} px)`);
  await screenshot(page, 'story-encoder-decoder-phone');
  await openDetails(shadow(page, '.recurrent'));
  await shadow(page, '.recurrent').scrollIntoViewIfNeeded();
  await screenshot(page, 'story-rnn-phone');
  await page.close();
});

test('“Why attention?” names GRU and LSTM as the article does, and says what it shows: a plain RNN only', async () => {
  const { page } = await open();
  await openDetails(shadow(page, '.recurrent'));
  const note = await shadow(page, '.recurrent .gated-note').textContent();
  assert.match(note, /GRU and LSTM/);
  assert.match(note, /longer window, but still a finite one/);
  assert.match(note, /only the plain RNN/);
  await page.close();
});
