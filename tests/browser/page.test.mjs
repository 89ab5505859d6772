import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  openAround,
  openDetails,
  openLens,
  readWeightsTable,
  root,
  screenshot,
  serve,
  startAll,
  typeSentence,
  useBrowser,
  waitForAnalysis,
} from './browser.mjs';

const SEED = 'A Lannister always pays his debts';
const env = useBrowser(before, after);

const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const rowSums = (values) => values.map((row) => row.reduce((a, b) => a + b, 0));

describe('the page', () => {
  test("shows the seed sentence with the native CLI's numbers and no console errors", async () => {
    const { page, problems } = await openLens(env.context, env.url);
    await waitForAnalysis(page);
    const table = await readWeightsTable(page);
    assert.deepEqual(table.cols, ['A', 'Lannister', 'always', 'pays', 'his', 'debts']);
    const cli = spawnSync(join(root, 'build', 'native', 'attention-lens'), [SEED, '--json', '--steps', 'weights'], {
      encoding: 'utf8',
    });
    const want = JSON.parse(cli.stdout).steps.weights.data[0];
    table.values.forEach((row, i) =>
      row.forEach((v, j) => assert.ok(Math.abs(v - want[i][j]) <= 5e-5, `cell ${i},${j}: ${v} vs ${want[i][j]}`)),
    );
    assert.equal(
      await shadow(page, '.search-box input').inputValue(),
      'pays',
      'the seed sentence starts on its query word, “pays” (another sentence on its first word with a vector)',
    );
    await screenshot(page, 'page-seed');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('typing changes the heatmap and the search panel', async () => {
    const { page } = await openLens(env.context, env.url);
    await waitForAnalysis(page);
    const before = await readWeightsTable(page);
    const titlesBefore = await shadow(page, '.result .title').allTextContents();
    await typeSentence(page, 'Winter is coming to the north');
    const after = await readWeightsTable(page);
    assert.deepEqual(after.cols, ['Winter', 'is', 'coming', 'to', 'the', 'north']);
    assert.notDeepEqual(after.values, before.values);
    const titlesAfter = await shadow(page, '.result .title').allTextContents();
    assert.notDeepEqual(titlesAfter, titlesBefore);
    assert.ok(titlesAfter.every((t) => after.cols.some((c) => t.startsWith(c))));
    for (const s of rowSums(after.values)) assert.ok(Math.abs(s - 1) < 1e-3);
    await screenshot(page, 'page-typed');
    await page.close();
  });

  test('the causal mask zeroes the upper triangle, the self mask the diagonal, and each row still sums to 1', async () => {
    const { page } = await openLens(env.context, env.url);
    await waitForAnalysis(page);
    const mask = shadow(page, '.controls').getByLabel('Mask', { exact: true });
    await openAround(mask); // under "More options"
    await mask.selectOption('causal');
    await waitForAnalysis(page);
    const { values } = await readWeightsTable(page);
    values.forEach((row, i) =>
      row.forEach((v, j) => {
        if (j > i) assert.equal(v, 0, `cell ${i},${j}`);
      }),
    );
    assert.equal(values[0][0], 1);
    for (const s of rowSums(values)) assert.ok(Math.abs(s - 1) < 1e-3);
    assert.match(await shadow(page, '.mask-note').textContent(), /^Causal mask/);
    await screenshot(page, 'page-causal');
    // the self mask: the diagonal is exactly 0, the rest of each row sums to 1
    await mask.selectOption('self');
    await waitForAnalysis(page);
    const self = (await readWeightsTable(page)).values;
    self.forEach((row, i) => assert.equal(row[i], 0, `cell ${i},${i}`));
    for (const s of rowSums(self)) assert.ok(Math.abs(s - 1) < 1e-3);
    // one note says it, with why the diagonal is hidden
    assert.ok(await shadow(page, '.mask-note').isHidden());
    assert.match(await shadow(page, '.diagonal-note').textContent(), /^Self mask: the grey diagonal is hidden/);
    await page.close();
  });

  test('selecting a word makes it the query and ranks the results by its weights', async () => {
    const { page } = await openLens(env.context, env.url);
    await waitForAnalysis(page);
    await openAround(shadow(page, '.token-list')); // the step by step's first stage
    await shadow(page, '.token-list').getByRole('button', { name: 'debts' }).click();
    assert.equal(await shadow(page, '.search-box input').inputValue(), 'debts');
    const weights = await shadow(page, '.result').evaluateAll((els) => els.map((e) => Number(e.dataset.weight)));
    for (let i = 1; i < weights.length; i++) assert.ok(weights[i - 1] >= weights[i], 'results in weight order');
    const table = await readWeightsTable(page);
    const row = table.values[5];
    assert.ok(Math.abs(weights[0] - Math.max(...row)) < 1e-4, "the top result has the row's largest weight");
    assert.equal(weights.length, 6);
    await page.close();
  });

  test('markup is shown as text and never executed', async () => {
    const { page, problems } = await openLens(env.context, env.url);
    await waitForAnalysis(page);
    const evil =
      '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> <b>bold</b> javascript:alert(3)';
    await typeSentence(page, evil);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    const chips = await shadow(page, '.token-list .token').allTextContents();
    assert.ok(chips.includes('<') && chips.includes('img') && chips.includes('script'));
    assert.equal(
      await page
        .locator('attention-lens')
        .first()
        .evaluate((el) => el.shadowRoot.querySelector('.text-mode').querySelectorAll('img, b, script').length),
      0,
    );
    assert.equal(await shadow(page, '.input > textarea').inputValue(), evil, 'the text is kept as typed');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the heatmap is navigable with the keyboard', async () => {
    const { page } = await openLens(env.context, env.url);
    await waitForAnalysis(page);
    const heatmap = shadow(page, 'canvas.heatmap');
    // the focus starts on the query word's row ("pays"), at the real word it attends to most
    const start = await page.evaluate(() => document.querySelector('attention-lens').state.focus);
    assert.equal(start.i, 3);
    await heatmap.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const readout = shadow(page, '.readout');
    await page.waitForFunction(() => {
      const { i, j } = document.querySelector('attention-lens').state.focus;
      return i === 4 && j === 1;
    });
    assert.match(await readout.textContent(), /^“his” → “Lannister”: weight 0\.\d{4}, score/);
    await page.keyboard.press('Enter');
    assert.equal(await shadow(page, '.search-box input').inputValue(), 'his');
    await screenshot(page, 'page-keyboard');
    await page.close();
  });

  test('empty text shows a friendly prompt; a long paste is cut with a note', async () => {
    const { page } = await openLens(env.context, env.url);
    await waitForAnalysis(page);
    await typeSentence(page, '   ');
    assert.match(await shadow(page, '.notes').textContent(), /Type a sentence in the “Your sentence” box/);
    assert.ok(!(await shadow(page, '.search').isVisible()));
    const long = Array.from({ length: 3000 }, (_, i) => ['winter', 'is', 'coming', 'north'][i % 4]).join(' ');
    await typeSentence(page, long);
    assert.match(await shadow(page, '.notes').textContent(), /This text has 3,000 tokens; the first 1,024 are shown/);
    await page.close();
  });

  test('the options live in the URL, so a link reproduces the view', async () => {
    const { page } = await openLens(env.context, `${env.url}?text=the+night+is+dark&heads=2&mask=causal&q=3`);
    await waitForAnalysis(page, 'the night is dark');
    assert.equal(await shadow(page, '.controls').getByLabel('Heads', { exact: true }).inputValue(), '2');
    assert.equal(await shadow(page, '.controls').getByLabel('Mask', { exact: true }).inputValue(), 'causal');
    assert.equal(await shadow(page, '.search-box input').inputValue(), 'dark');
    await shadow(page, '.controls').getByLabel('Heads', { exact: true }).selectOption('4');
    await page.waitForFunction(() => location.search.includes('heads=4'));
    assert.match(page.url(), /text=the\+night\+is\+dark/);
    await page.close();
  });

  test('exports the weights as CSV, SVG and PNG', async () => {
    const { page } = await openLens(env.context, env.url);
    await waitForAnalysis(page);
    await openDetails(shadow(page, '.export')); // "Export the filter", closed at first
    const download = async (name) => {
      const [d] = await Promise.all([
        page.waitForEvent('download'),
        shadow(page, '.export').getByRole('button', { name }).click(),
      ]);
      return readFileSync(await d.path());
    };
    const csv = (await download('CSV')).toString('utf8').trim().split('\r\n');
    assert.equal(csv[0], 'query \\ key,A,Lannister,always,pays,his,debts');
    const table = await readWeightsTable(page);
    csv.slice(1).forEach((line, i) =>
      line
        .split(',')
        .slice(1)
        .forEach((v, j) => assert.ok(Math.abs(Number(v) - table.values[i][j]) < 1e-4)),
    );
    const svg = (await download('SVG')).toString('utf8');
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.equal((svg.match(/<rect [^>]*><title>/g) ?? []).length, 36, 'one cell for each weight');
    assert.match(svg, />Lannister<\/text>/);
    const png = await download('PNG');
    assert.deepEqual([...png.subarray(1, 4)], [80, 78, 71]); // "PNG"
    // the causal mask: the SVG draws masked cells as the screen does, never as a weight of 0
    const mask = shadow(page, '.controls').getByLabel('Mask', { exact: true });
    await openAround(mask); // under "More options"
    await mask.selectOption('causal');
    await waitForAnalysis(page);
    const masked = (await download('SVG')).toString('utf8');
    assert.equal((masked.match(/fill="url\(#masked\)"/g) ?? []).length, 15, 'the 15 cells above the diagonal');
    const names = [];
    for (const kind of ['PNG', 'SVG', 'CSV']) {
      const [d] = await Promise.all([
        page.waitForEvent('download'),
        shadow(page, '.export').getByRole('button', { name: kind }).click(),
      ]);
      names.push(d.suggestedFilename());
    }
    assert.deepEqual(names, [
      'a-lannister-always-pays-head-1-filter.png',
      'a-lannister-always-pays-head-1-filter.svg',
      'a-lannister-always-pays-head-1-weights.csv',
    ]);
    await page.close();
  });

  test('the layout works at phone width', async () => {
    const page = await env.context.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(env.url);
    await waitForAnalysis(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
    await screenshot(page, 'page-phone');
    await page.close();
  });
});

describe('embedding', () => {
  test('the embed example renders two independent instances', async () => {
    const { page, problems } = await openLens(env.context, `${env.url}embed-example.html`, { waitForResult: false });
    await startAll(page); // each element starts as the reader nears it
    const first = await readWeightsTable(page, 0),
      second = await readWeightsTable(page, 1);
    assert.deepEqual(first.cols, ['A', 'Lannister', 'always', 'pays', 'his', 'debts']);
    assert.deepEqual(second.cols, ['The', 'night', 'is', 'dark', 'and', 'full', 'of', 'terrors']);
    second.values.forEach((row, i) =>
      row.forEach((v, j) => {
        if (j > i) assert.equal(v, 0);
      }),
    );
    assert.equal(
      await page
        .locator('attention-lens')
        .nth(1)
        .evaluate((e) => e.state.result.heads),
      2,
    );
    await screenshot(page, 'embed-example');
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('security', () => {
  test('the page works under a strict Content-Security-Policy (no inline code, no eval)', async () => {
    const strict = await serve({ csp: true });
    try {
      const { page, problems } = await openLens(env.context, strict.url);
      const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
      assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'; style-src 'self'/);
      const table = await readWeightsTable(page);
      assert.deepEqual(table.cols, ['A', 'Lannister', 'always', 'pays', 'his', 'debts']);
      assert.deepEqual(problems, [], 'no CSP violations or other console errors');
      await page.close();
    } finally {
      strict.server.close();
    }
  });
});
