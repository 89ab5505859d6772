// Shared by the JS tests: a lens per build, and the native CLI's JSON for comparison.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { createAttentionLens } from '../../web/lib/index.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = process.env.ATTENTION_LENS_CLI ?? join(root, 'build', 'native', 'attention-lens');

// Which wasm builds to test: both by default; ATTENTION_LENS_BUILDS=simd or =baseline for one.
export const BUILDS = (process.env.ATTENTION_LENS_BUILDS ?? 'simd,baseline').split(',');

const lenses = new Map();
export function lensFor(build) {
  if (!lenses.has(build)) lenses.set(build, createAttentionLens({ simd: build === 'simd' }));
  return lenses.get(build);
}

// The four built-in photos (dist/images/*.jpg, npm run build:images) as RGBA pictures
// { name, width, height, data }, decoded with jpeg-js as the page decodes them with the browser,
// in their index's order.
export function builtInPhotos() {
  const images = join(root, 'dist', 'images');
  return JSON.parse(readFileSync(join(images, 'index.json'), 'utf8')).images.map((p) => {
    const { width, height, data } = jpeg.decode(readFileSync(join(images, p.file)), { useTArray: true });
    return { name: p.name, width, height, data };
  });
}

export function cliJson(args) {
  const r = spawnSync(cli, ['--json', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`attention-lens ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

// The CLI flags for JS API options.
export function cliFlags(o) {
  const f = ['--heads', String(o.heads ?? 1)];
  if (o.positional === false) f.push('--no-positional');
  if (o.positionalWeight !== undefined) f.push('--positional-weight', String(o.positionalWeight));
  if (o.scale === false) f.push('--no-scale');
  if (o.temperature !== undefined) f.push('--temperature', String(o.temperature));
  if (o.similarity) f.push('--similarity', o.similarity);
  if (o.mask) f.push('--mask', o.mask);
  if (o.weights) f.push('--weights', o.weights);
  if (o.seed !== undefined) f.push('--seed', String(o.seed));
  return f;
}

// max |a - b| / max(1, max |b|) over a JS step and the CLI's nested arrays: the difference
// relative to the matrix's scale (scores of ~80 carry float32 rounding of ~1e-5 absolute).
export function maxDiff(step, nested) {
  const flat = nested.flat(2);
  if (flat.length !== step.data.length) return Infinity;
  let worst = 0,
    scale = 1;
  for (let i = 0; i < flat.length; i++) {
    worst = Math.max(worst, Math.abs(step.data[i] - flat[i]));
    scale = Math.max(scale, Math.abs(flat[i]));
  }
  return worst / scale;
}
