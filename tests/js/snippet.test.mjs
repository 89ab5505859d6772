// The attention-lens-snippet command (web/lib/snippet-cli.js): the HTML a blogger pastes, its
// poster computed by the package's lens (the API's numbers), markup in the sentence shown as text,
// bad attributes refused with what is wrong, the iframe twin with a first height, the live link.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createAttentionLens } from '../../web/lib/index.js';
import { reservedHeight } from '../../web/lib/reserve.js';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const snippet = (...args) =>
  spawnSync('node', [join(root, 'web', 'lib', 'snippet-cli.js'), ...args], { encoding: 'utf8' });

test('the script tag and the element with its poster: the filter of its sentence and its first query in words', async () => {
  const r = snippet('sentence=The night is dark and full of terrors', 'view=filter', 'heads=2', 'mask=causal');
  assert.equal(r.status, 0, r.stderr);
  const [preload, modulePreload, script, open] = r.stdout.split('\n');
  // what the script loads first, asked for with it (beside it: --src below)
  assert.equal(preload, '<link rel="preload" href="attention-lens-element.js" as="script">');
  assert.equal(modulePreload, '<link rel="modulepreload" href="wasm/attention-lens-simd.mjs">');
  assert.equal(script, '<script src="attention-lens.js"></script>');
  assert.equal(
    open,
    '<attention-lens sentence="The night is dark and full of terrors" view="filter" heads="2" mask="causal">',
  );
  assert.match(r.stdout, /<\/attention-lens>\n$/);
  // the poster's cells: the API's weights of head 1, in the element's colours; the causal mask grey
  const lens = await createAttentionLens();
  const result = await lens.analyze('The night is dark and full of terrors', { heads: 2, mask: 'causal' });
  const n = result.tokens.length;
  const cells = [...r.stdout.matchAll(/<rect x="(\d+)" y="(\d+)" width="1" height="1" fill="(#[0-9a-f]{6})"\/>/g)];
  assert.equal(cells.length, n * n);
  const { weightColour } = await import('../../web/lib/poster.js');
  const w = result.step('weights', 0).data;
  for (const [, x, y, fill] of cells) {
    const [i, j] = [Number(y), Number(x)];
    assert.equal(fill, j > i ? '#d0d4d9' : weightColour(w[i * n + j]), `cell ${i},${j}`);
  }
  // the first query ("The") in words: the causal mask leaves it only itself
  assert.equal(Math.round(w[0] * 100), 100);
  assert.match(r.stdout, /“The” looks most at “The” \(100%\)\./);
  result.dispose();
  lens.dispose();
});

test('--src: the script and the two files it loads first, from where it is served', () => {
  const r = snippet('--src', 'https://cdn.example/npm/attention-lens@1.2.3/dist/attention-lens.js', 'sentence=Hi');
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.stdout.split('\n').slice(0, 3), [
    '<link rel="preload" href="https://cdn.example/npm/attention-lens@1.2.3/dist/attention-lens-element.js" as="script">',
    '<link rel="modulepreload" href="https://cdn.example/npm/attention-lens@1.2.3/dist/wasm/attention-lens-simd.mjs">',
    '<script src="https://cdn.example/npm/attention-lens@1.2.3/dist/attention-lens.js"></script>',
  ]);
});

test('markup in the sentence is text: escaped in the attribute and in the poster', () => {
  const r = snippet('sentence=<img src=x onerror=alert(1)> "quoted" & more');
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /<img/);
  assert.match(r.stdout, /sentence="&lt;img src=x onerror=alert\(1\)&gt; &quot;quoted&quot; &amp; more"/);
  assert.match(r.stdout, /&lt;img/);
});

test('a bad attribute is refused with what is wrong; no sentence, no snippet', () => {
  const bad = snippet('sentence=Winter is coming', 'heads=3');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /heads="3": .*1.*2.*4/);
  assert.equal(bad.stdout, '');
  const none = snippet();
  assert.equal(none.status, 2);
  assert.match(none.stderr, /usage: npx attention-lens-snippet/);
  assert.equal(snippet('view=filter').status, 2);
  assert.match(snippet('--live', 'not a url', 'sentence=x').stderr, /--live not a url is not a URL/);
});

test('the poster links to the live page with the same state; --iframe prints the frame and its host script', () => {
  const r = snippet('--live', 'https://example.org/lens/', 'sentence=Winter is coming', 'heads=2', 'view=topic');
  assert.match(
    r.stdout,
    /<a href="https:\/\/example\.org\/lens\/\?text=Winter\+is\+coming&amp;heads=2">Open it live<\/a>/,
  );
  assert.match(r.stdout, /What is it about\?/);
  const f = snippet('--iframe', 'https://example.org/lens/frame.html', 'sentence=Winter is coming', 'view=filter');
  assert.equal(f.status, 0, f.stderr);
  assert.match(
    f.stdout,
    /<iframe src="https:\/\/example\.org\/lens\/frame\.html\?sentence=Winter\+is\+coming&amp;view=filter"/,
  );
  const height = Number(/height="(\d+)"/.exec(f.stdout)[1]);
  assert.equal(height, reservedHeight('filter', 680, 3));
  assert.match(f.stdout, /e\.data\?\.type !== 'attention-lens-resize'/);
});

test('weights=trained takes the shipped preset; a picture gets its title', () => {
  const t = snippet('sentence=The king and the queen', 'weights=trained', 'heads=4');
  assert.equal(t.status, 0, t.stderr);
  assert.match(t.stdout, /looks most at/);
  const p = snippet('mode=image', 'picture=rocket');
  assert.equal(p.status, 0, p.stderr);
  assert.match(p.stdout, /patches of the picture “Falcon 9/);
});
