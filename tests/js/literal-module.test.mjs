// The colour scales are d3-scale-chromatic's, whether the page computes them (web/app/palettes.js
// with d3) or holds them as literals built in when its script is built (scripts/literal-module.mjs,
// as scripts/build-page.mjs does): the same colours as the d3 calls the page made before, and the
// built-in module neither imports nor computes anything.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { rgb } from 'd3-color';
import { interpolateRdBu, interpolateViridis } from 'd3-scale-chromatic';
import { literalModule } from '../../scripts/literal-module.mjs';
import { packRgba, SIGNED_COLORS, WEIGHT_COLORS, weightScale } from '../../web/app/colors.js';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const dataModule = (code) => import(`data:text/javascript,${encodeURIComponent(code)}`);

test('built in, the palettes are their values: the same lists, and no import or code', async () => {
  const code = await literalModule(join(root, 'web', 'app', 'palettes.js'));
  assert.doesNotMatch(code, /\bimport\b|=>|function/);
  const built = await dataModule(code);
  const palettes = await import('../../web/app/palettes.js'); // as the page computes them, with d3
  assert.deepEqual({ ...built }, { ...palettes });
  assert.equal(palettes.WEIGHT_HEX.length, 256);
});

test('a module whose export is not plain data is refused, with its name', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'al-literal-'));
  try {
    const path = join(dir, 'code.mjs');
    writeFileSync(path, 'export const ok = [1, 2];\nexport const scale = (x) => x * 2;\n');
    await assert.rejects(literalModule(path), /export scale is not plain data/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the colours are d3’s: viridis for weights (clamped to [0, 1]), red-blue for signed values', () => {
  // weightScale: d3-scale's scaleSequential(interpolateViridis).clamp(true), which the page used
  const clamp = (w) => Math.min(1, Math.max(0, w));
  for (const w of [
    -1,
    -1e-9,
    0,
    1e-6,
    0.1,
    1 / 3,
    0.5,
    0.999,
    1,
    1.5,
    ...Array.from({ length: 200 }, (_, i) => i / 199),
  ])
    assert.equal(weightScale(w), interpolateViridis(clamp(w)), `w = ${w}`);
  // the pixel palettes: 256 colours at i / 255, as the page made them with d3
  const packed = (c) => packRgba(c.r, c.g, c.b);
  for (let i = 0; i < 256; i++) {
    assert.equal(WEIGHT_COLORS[i], packed(rgb(interpolateViridis(i / 255))), `weight colour ${i}`);
    assert.equal(SIGNED_COLORS[i], packed(rgb(interpolateRdBu(1 - i / 255))), `signed colour ${i}`);
  }
});
