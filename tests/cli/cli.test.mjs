import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PNG } from 'pngjs';
import { run, runJson, streamRows, sumOf } from './run-cli.mjs';

// temporary folders of this file's tests, removed when they end
const temps = [];
after(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir() {
  temps.push(mkdtempSync(join(tmpdir(), 'al-cli-')));
  return temps.at(-1);
}

const SEED = 'A Lannister always pays his debts';

function assertRowsSumToOne(weights) {
  const [heads, rows, cols] = weights.shape;
  assert.equal(weights.data.length, heads);
  for (const head of weights.data) {
    assert.equal(head.length, rows);
    for (const row of head) {
      assert.equal(row.length, cols);
      assert.ok(Math.abs(sumOf(row) - 1) < 1e-5, `row sums to ${sumOf(row)}`);
      for (const w of row) assert.ok(w >= 0 && Number.isFinite(w));
    }
  }
}

test('the seed sentence gives 6 tokens, real ranks and two heads of weights whose rows sum to 1', () => {
  const r = runJson([SEED, '--heads', '2']);
  assert.deepEqual(
    r.tokens.map((t) => t.text),
    ['A', 'Lannister', 'always', 'pays', 'his', 'debts'],
  );
  assert.equal(r.tokens[0].known, false); // the package has no vector for "a": "an" stands in
  assert.equal(r.tokens[0].status, 'stand-in');
  assert.equal(r.tokens[0].standIn, 'an');
  assert.equal(r.tokens[1].rank, 139949);
  assert.deepEqual(r.steps.weights.shape, [2, 6, 6]);
  assert.deepEqual(r.steps.query.shape, [6, 100]);
  assert.equal(r.model.dK, 50);
  assertRowsSumToOne(r.steps.weights);
});

test('the table shows the weights with the unknown word marked and the stand-in named', () => {
  const r = run([SEED]);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /6 tokens: A\(=an\) Lannister always pays his debts/);
  assert.match(r.stdout, /each row sums to 1/);
  assert.match(r.stdout, /the vector of w stands in/);
  assert.match(run(['zxqv went home']).stdout, /3 tokens: zxqv\* went home\n\* no GloVe vector/);
});

test('--json answers "what is this about?": the topic, every class\'s score and a weight per token', () => {
  const t = runJson(['she played the violin for a year', '--steps', 'weights']).topic;
  assert.equal(t.label, 'music');
  assert.equal(Object.keys(t.scores).at(-1), 'none');
  assert.ok(Math.abs(sumOf(Object.values(t.scores)) - 1) < 1e-5);
  assert.equal(t.weights.length, 7);
  assert.ok(Math.abs(sumOf(t.weights) - 1) < 1e-5);
  assert.equal(t.wordScores[5], null); // "a" has no vector
  // on a word that carries the topic ("played" or "violin", as tests/fixtures/topic-sentences.json has it)
  assert.ok([1, 3].includes(t.weights.indexOf(Math.max(...t.weights))), t.weights.join(' '));
  // (0.86 since the model reads the words without their shared direction: "year" takes 0.12)
  assert.ok(t.weights[1] + t.weights[3] > 0.8, t.weights.join(' '));
  const unsure = runJson(['they waited for the bus in the rain', '--steps', 'weights']).topic;
  assert.equal(unsure.label, null);
  assert.ok(unsure.scores[unsure.best] < 0.5 || unsure.scores.none >= unsure.scores[unsure.best]);
  // the table says it in a line; a model given that is not there is an error
  assert.match(
    run(['she played the violin']).stdout,
    /What is this about\? music \(\d+%\): the question's weights (played|violin) [\d.]+, (played|violin)/,
  );
  const missing = run(['she played the violin', '--topic-model', '/nonexistent/topic.bin']);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /cannot open/);
});

test('empty or blank text is refused with a clear message and exit code 1', () => {
  for (const input of ['', '   \n\t  ', '\u0000\u0001']) {
    const r = run([], input);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /no words to attend to/);
    assert.equal(r.stdout, '');
  }
});

test('emoji, right-to-left text and markup are tokens like any other, with rows summing to 1', () => {
  const cases = {
    'I love 👩‍👩‍👧 and 👍🏽 🇫🇷!': ['I', 'love', '👩‍👩‍👧', 'and', '👍🏽', '🇫🇷', '!'],
    'שלום עולם': ['שלום', 'עולם'],
    'مرحبا بالعالم': ['مرحبا', 'بالعالم'],
    '<script>alert(1)</script>': ['<', 'script', '>', 'alert', '(', '1', ')', '<', '/', 'script', '>'],
  };
  for (const [text, tokens] of Object.entries(cases)) {
    const r = runJson([text]);
    assert.deepEqual(
      r.tokens.map((t) => t.text),
      tokens,
    );
    for (const t of r.tokens) assert.equal(text.slice(t.start, t.end), t.text); // UTF-16 offsets
    assertRowsSumToOne(r.steps.weights);
  }
});

test('a 5,000-word paste from stdin gives rows that all sum to 1', async () => {
  const paragraph =
    'The night is dark and full of terrors, but the fire burns them all away. ' +
    'Winter is coming; the north remembers, and a Lannister always pays his debts! ';
  const words = paragraph.split(/\s+/).filter(Boolean);
  const text = Array.from({ length: 5000 }, (_, i) => words[i % words.length]).join(' ');
  let rows = 0,
    worst = 0;
  const { status, stderr } = await streamRows(['--steps', 'weights', '--max-tokens', '8192'], text, (row) => {
    rows++;
    worst = Math.max(worst, Math.abs(sumOf(row) - 1));
  });
  assert.equal(status, 0, stderr);
  assert.ok(rows > 5000, `${rows} rows`); // words plus punctuation
  assert.ok(worst < 1e-5, `worst row sum error ${worst}`);
});

test('the causal mask zeroes every weight above the diagonal', () => {
  const r = runJson([SEED, '--causal', '--heads', '4']);
  for (const head of r.steps.weights.data)
    head.forEach((row, i) =>
      row.forEach((w, j) => {
        if (j > i) assert.equal(w, 0);
      }),
    );
  assertRowsSumToOne(r.steps.weights);
});

test('cross-attention takes keys and values from the document', () => {
  const r = runJson(['who pays debts', '--document', SEED]);
  assert.equal(r.cross, true);
  assert.deepEqual(r.steps.weights.shape, [1, 3, 6]);
  assert.deepEqual(r.steps.key.shape, [6, 100]);
  assert.deepEqual(r.steps.documentInput.shape, [6, 100]);
  assertRowsSumToOne(r.steps.weights);
  // a mask is of one text: the core uses none, and its JSON and stderr say why
  assert.equal(r.options.mask, 'none');
  assert.deepEqual(
    r.notes.map((n) => n.option),
    ['mask'],
  );
  const causal = run(['--json', 'who pays debts', '--document', SEED, '--mask', 'causal']);
  assert.equal(causal.status, 0, causal.stderr);
  assert.match(causal.stderr, /note: mask none \(cross-attention uses no mask, since/);
  const json = JSON.parse(causal.stdout);
  assert.equal(json.options.mask, 'none');
  assert.ok(json.steps.weights.data[0].every((row) => row.every((w) => w > 0)));
});

test('bad options get a clear message', () => {
  let r = run([SEED, '--heads', '3']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /heads must be one of 1, 2, 4, 5, 10, 20, 25, 50, 100, got 3/);
  r = run([SEED, '--frobnicate']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown option --frobnicate/);
  r = run([SEED, '--temperature', 'hot']);
  assert.match(r.stderr, /temperature must be a number, got 'hot'/);
  r = run([SEED, '--assets', '/nonexistent']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /cannot open '\/nonexistent\/core.bin'/);
  r = run(['--help']);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /Usage: attention-lens/);
  assert.match(r.stdout, /--max-tokens N +analyze at most this many tokens/); // from the core's schema
});

test('random weights depend on the seed only', () => {
  const a = runJson([SEED, '--weights', 'random', '--seed', '7', '--steps', 'weights']);
  const b = runJson([SEED, '--weights', 'random', '--seed', '7', '--steps', 'weights']);
  const c = runJson([SEED, '--weights', 'random', '--seed', '8', '--steps', 'weights']);
  assert.deepEqual(a.steps.weights, b.steps.weights);
  assert.notDeepEqual(a.steps.weights, c.steps.weights);
});

test('without positional encoding (or a mask), repeated words get identical rows', () => {
  const r = runJson(['debts debts debts', '--no-positional', '--mask', 'none', '--steps', 'input,weights']);
  const [r0, r1] = r.steps.weights.data[0];
  assert.deepEqual(r0, r1);
  const withPe = runJson(['debts debts debts', '--mask', 'none', '--steps', 'weights']);
  assert.notDeepEqual(withPe.steps.weights.data[0][0], withPe.steps.weights.data[0][1]);
});

// The image mode: a PNG written here (left third red, the rest blue).
function twoRegionPng(width = 96, height = 64) {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4,
        left = x < width / 3;
      png.data.set([left ? 200 : 40, 60, left ? 40 : 190, 255], i);
    }
  const file = join(tempDir(), 'two.png');
  writeFileSync(file, PNG.sync.write(png));
  return file;
}

test("--image shows a patch's weights on the grid, with their spread, for a PNG", () => {
  const r = run(['--image', twoRegionPng(), '--patch', '32', '--query', '3,0']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /96 × 64, its 224 × 224 view in 7 × 7 patches of 32 px \(49 tokens\)/);
  assert.match(r.stdout, /no pretrained network/);
  assert.match(r.stdout, /\[ *\d+\.\d\]/); // the query patch in brackets
  assert.match(r.stdout, /spread over [\d.]+ patches/);
});

test('--image --json gives the steps with their shapes, rows of weights summing to 1', () => {
  const r = runJson(['--image', twoRegionPng(), '--patch', '16', '--heads', '4', '--steps', 'weights,blended,view']);
  assert.deepEqual(r.grid, { patch: 16, side: 14, count: 196 });
  assert.deepEqual(r.steps.weights.shape, [4, 196, 196]);
  assert.deepEqual(r.steps.blended.shape, [196, 768]);
  assert.deepEqual(r.steps.view.shape, [224, 672]);
  for (const head of r.steps.weights.data) for (const row of head) assert.ok(Math.abs(sumOf(row) - 1) < 1e-5);
  assert.equal(r.options.patch, 16);
  assert.ok(r.query.effectivePatches >= 1 && r.query.effectivePatches <= 196);
});

test('--image refuses what is not a PNG, a damaged PNG and a patch off the grid, with a message', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'a.png'), '<html>not found</html>');
  let r = run(['--image', join(dir, 'a.png')]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /is not a PNG file/);
  writeFileSync(join(dir, 'cut.png'), readFileSync(twoRegionPng()).subarray(0, 60));
  r = run(['--image', join(dir, 'cut.png')]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /cannot read .* as a PNG/);
  r = run(['--image', twoRegionPng(), '--patch', '32', '--query', '7,0']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--query needs ROW,COL of a patch, each a whole number from 0 to 6/);
  r = run(['--image', twoRegionPng(), '--patch', '12']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /patch must be one of 32, 16, 8, got 12/);
});
