// Attention that means something, as a reader sees it: "what is this about?" on the first screen
// (the core's answer, on sentences the tests were not tuned to), the defaults that show attention
// between different words (and why the diagonal is hidden, one click from seeing it), and the
// tour's random → trained heads, with their numbers.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  openAround,
  openDetails,
  openLens,
  root,
  screenshot,
  typeSentence,
  useBrowser,
  waitForAnalysis,
} from './browser.mjs';

const env = useBrowser(before, after);
const SETS = JSON.parse(readFileSync(join(root, 'tests', 'fixtures', 'topic-sentences.json'), 'utf8'));
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const topicOf = (page) =>
  page.evaluate(() => {
    const s = document.querySelector('attention-lens').state;
    const t = s.topic;
    return { ...t, answer: null, tokens: s.result.tokens.map((x) => x.text) };
  });

// what the panel shows: the answer, the words' cells (text, weight), the ranked results, the scores
const shown = (page) =>
  shadow(page, '.topic').evaluate((el) => ({
    answer: el.querySelector('.topic-answer').textContent,
    detail: el.querySelector('.topic-detail').textContent,
    words: [...el.querySelectorAll('.topic-word')].map((li) => [
      li.querySelector('.w').textContent,
      li.querySelector('.p').textContent,
    ]),
    results: [...el.querySelectorAll('.topic-result .title')].map((t) => t.textContent),
    scores: [...el.querySelectorAll('.topic-score')].map((li) => [
      li.children[0].textContent,
      li.children[2].textContent,
    ]),
    seed: el.querySelector('.topic-seed').hidden ? null : el.querySelector('.topic-seed').textContent,
  }));

const pct = (x) => `${(100 * x).toFixed(1)}%`;
const argmax = (a) => a.reduce((b, x, i) => (x > a[b] ? i : b), 0);

for (const [width, height] of [
  [1280, 900],
  [390, 844],
]) {
  test(`at ${width} px the first screen says what the seed sentence is about: not sure, and why`, async () => {
    const { page, problems } = await openLens(env.context, env.url);
    await page.setViewportSize({ width, height });
    await waitForAnalysis(page);
    // one line on the first screen, beside the sentence: the answer and the word weighed most
    const line = shadow(page, '.topic-line');
    const box = await line.boundingBox();
    assert.ok(box.y + box.height <= height, `the topic's line at y = ${box.y} is below the first screen`);
    const t = await topicOf(page);
    const top0 = argmax(t.weights);
    assert.equal(
      await line.textContent(),
      `What is this about? not sure (best guess ${t.best}, ${Math.round(100 * t.scores[t.best])}%): ` +
        `the question weighs “${t.tokens[top0]}” (${pct(t.weights[top0])}) most.`,
    );
    // the whole of it in the first chapter
    await openAround(shadow(page, '.topic'));
    const s = await shown(page);
    assert.equal(t.label, null);
    assert.equal(s.answer, 'not sure');
    assert.match(s.detail, new RegExp(`${t.best}, has ${Math.round(100 * t.scores[t.best])}%`));
    assert.match(s.seed, /TV series/);
    // the cells are the core's weights, and the word it weighs most is named in the note
    const top = argmax(t.weights);
    assert.deepEqual(
      s.words,
      t.tokens.map((w, i) => [w, t.wordScores[i] === null ? '—' : pct(t.weights[i])]),
    );
    assert.ok(s.seed.includes(`“${t.tokens[top]}”`), s.seed);
    assert.equal(s.results[0], t.tokens[top]);
    assert.equal(s.scores.at(-1)[0], 'no topic');
    await screenshot(page, `topic-seed-${width}`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('one click on a sentence where one word gives it away names the topic, at every keystroke', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  await openAround(shadow(page, '.topic-examples')); // the first chapter
  await shadow(page, '.topic-examples')
    .getByRole('button', { name: /trumpet/ })
    .click();
  await waitForAnalysis(page, 'my cousin from a small town bought a trumpet');
  let t = await topicOf(page);
  let s = await shown(page);
  assert.equal(t.label, 'music');
  assert.equal(s.answer, `music (${Math.round(100 * t.scores.music)}%)`);
  assert.equal(t.tokens[argmax(t.weights)], 'trumpet');
  assert.equal(s.results[0], 'trumpet');
  assert.equal(s.seed, null);
  // typed letter by letter: the answer follows each keystroke
  const box = shadow(page, '.input > textarea');
  await box.fill('');
  await box.pressSequentially('the judge dismissed the lawsuit');
  await waitForAnalysis(page, 'the judge dismissed the lawsuit');
  t = await topicOf(page);
  s = await shown(page);
  assert.equal(t.label, 'law');
  assert.match(s.answer, /^law \(\d+%\)$/);
  assert.ok(['judge', 'dismissed', 'lawsuit'].includes(s.results[0]));
  await page.close();
});

test('on sentences the tests were not tuned to, the page shows the core’s answer and says “not sure” for none', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  await openAround(shadow(page, '.topic')); // its chapter open: the panel draws as the sentences change
  // one topical sentence of each of six labels, two with a distractor, two with no topic
  const labels = new Set();
  const picked = [
    ...SETS.topical.filter((x) => !labels.has(x.label) && labels.add(x.label)).slice(0, 6),
    ...SETS.distractor.slice(0, 2),
  ];
  let wins = 0;
  for (const x of picked) {
    await typeSentence(page, x.text);
    const t = await topicOf(page);
    const s = await shown(page);
    const top = t.tokens[argmax(t.weights)];
    wins += x.words.includes(top.toLowerCase());
    assert.equal(s.results[0], top);
    assert.equal(s.answer, t.label ? `${t.label} (${Math.round(100 * t.scores[t.label])}%)` : 'not sure', x.text);
  }
  assert.ok(wins >= 6, `the topic word wins on ${wins} of ${picked.length}`);
  let unsure = 0;
  for (const text of SETS.none.slice(0, 4)) {
    await typeSentence(page, text);
    unsure += (await shown(page)).answer === 'not sure';
  }
  assert.ok(unsure >= 3, `not sure on ${unsure} of 4 everyday sentences`);
  await page.close();
});

test('by default no word of the seed takes most of its weight from itself, and one click shows why', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const rowsOnSelf = () =>
    page.evaluate(() => {
      const { result } = document.querySelector('attention-lens').state;
      const { rows, cols, data } = result.step('weights', 0);
      let self = 0;
      for (let i = 0; i < rows; i++) {
        const row = data.subarray(i * cols, (i + 1) * cols);
        self += row.indexOf(Math.max(...row)) === i;
      }
      return self;
    });
  assert.equal(await page.evaluate(() => document.querySelector('attention-lens').state.options.mask), 'self');
  assert.equal(await rowsOnSelf(), 0);
  const note = shadow(page, '.diagonal-note');
  assert.match(await note.textContent(), /nothing is more similar to a vector than itself/);
  await note.getByRole('button', { name: 'Show the diagonal' }).click();
  await page.waitForFunction(() => document.querySelector('attention-lens').state.options.mask === 'none');
  await waitForAnalysis(page);
  assert.ok((await rowsOnSelf()) >= 4, 'with identity weights and no mask, the diagonal dominates');
  assert.match(await note.textContent(), /Most words take most of their weight from themselves/);
  await note.getByRole('button', { name: /Hide the diagonal/ }).click();
  await page.waitForFunction(() => document.querySelector('attention-lens').state.options.mask === 'self');
  await page.close();
});

test('the heads panel shows random heads as noise and trained heads with a habit, with the core’s numbers', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const panel = shadow(page, '.heads-learned');
  await openDetails(panel);
  await panel.locator('tr.trained td[data-habit]').first().waitFor();
  const cells = (cls) =>
    panel.locator(`tr.${cls} td`).evaluateAll((tds) =>
      tds.map((td) => ({
        habit: td.dataset.habit,
        share: Number(td.dataset.share),
        effective: Number(td.dataset.effective),
      })),
    );
  const random = await cells('random'),
    trained = await cells('trained');
  assert.equal(random.length, 4);
  assert.equal(trained.length, 4);
  const mean = (a, f) => a.reduce((s, x) => s + f(x), 0) / a.length;
  // 6 words: random heads spread over most of them, trained heads over about two
  assert.ok(mean(random, (c) => c.effective) > 4, JSON.stringify(random));
  assert.ok(mean(trained, (c) => c.effective) < 3, JSON.stringify(trained));
  // the summary names exactly the heads whose rows mostly look at one place (a habit)
  const summary = await panel.locator('.heads-summary').textContent();
  assert.match(summary, /Trained heads spread each word’s weight over/);
  trained.forEach((c, k) =>
    assert.equal(summary.includes(`head ${k + 1} `), c.habit !== 'elsewhere', `head ${k + 1}: ${summary}`),
  );
  // the numbers are the core's: the trained analysis of the same sentence, head by head
  const core = await page.evaluate(async () => {
    const lens = document.querySelector('attention-lens').state.lens;
    const r = await lens.analyze('A Lannister always pays his debts', { heads: 4, mask: 'none', weights: 'trained' });
    const out = [0, 1, 2, 3].map((k) => r.headSummary(k));
    r.dispose();
    return out;
  });
  core.forEach((s, k) => {
    assert.equal(trained[k].habit, s.main);
    assert.ok(Math.abs(trained[k].effective - s.meanEffective) < 1e-9);
  });
  await page.close();
});

test('view="topic" shows only what the sentence is about', async () => {
  const page = await env.context.newPage();
  await page.goto(`${env.url}embed-example.html`);
  await page.setContent(
    `<!doctype html><script src="${env.url}attention-lens.js"></script>` +
      '<attention-lens view="topic" sentence="the priest waved at us from the corner"></attention-lens>',
  );
  await page.waitForFunction(() => document.querySelector('attention-lens')?.state?.result);
  await waitForAnalysis(page);
  assert.ok(await shadow(page, '.topic').isVisible());
  for (const hidden of ['.filter', '.search', '.controls', '.input'])
    assert.ok(await shadow(page, hidden).isHidden(), `${hidden} is hidden`);
  assert.match(await shadow(page, '.topic h2 .topic-answer').textContent(), /^religion \(\d+%\)$/);
  await page.close();
});

test('while its chapter is closed the topic’s panel draws nothing on a keystroke; opened, it shows the sentence’s numbers', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  // the whole vocabulary in: the answer's nearest words could be computed, and are not while unseen
  await page.waitForFunction(() => document.querySelector('attention-lens').state.lens?.vocabularyReady);
  await shadow(page, '.topic-body').evaluate((body) => {
    window.__topicMutations = 0;
    new MutationObserver((m) => {
      window.__topicMutations += m.length;
    }).observe(body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await typeSentence(page, 'the priest waved at us from the corner');
  assert.equal(await page.evaluate(() => window.__topicMutations), 0, 'a closed panel is left as it was');
  assert.equal(await page.evaluate(() => document.querySelector('attention-lens').state.topicNear ?? null), null);
  // the first screen's line follows every keystroke
  assert.match(await shadow(page, '.topic-line').textContent(), /“\w+” \(\d+\.\d%\)/);
  await openAround(shadow(page, '.topic'));
  const t = await topicOf(page);
  const s = await shown(page);
  assert.deepEqual(
    s.words,
    t.tokens.map((w, i) => [w, t.wordScores[i] === null ? '—' : pct(t.weights[i])]),
  );
  // opened: its nearest words, of this sentence's answer
  await page.waitForFunction(() => {
    const { topicNear, result } = document.querySelector('attention-lens').state;
    return topicNear?.result === result;
  });
  const near = await page.evaluate(() =>
    document.querySelector('attention-lens').state.topicNear.words.map((w) => w.word),
  );
  assert.equal(await shadow(page, '.topic .about').textContent(), `The answer’s nearest words: ${near.join(', ')}.`);
  assert.deepEqual(problems, []);
  await page.close();
});
