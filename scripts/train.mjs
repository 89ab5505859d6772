#!/usr/bin/env node
// npm run train: trains the attention layer natively with a fixed seed and writes the shipped
// "trained" preset, dist/weights/trained.bin, with its report (train-report.json). The same
// command reproduces the same file. Skips the work when the weights are newer than the tool
// and the corpus (--force trains again).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tool = join(root, 'build', 'native', 'attention-train');
const corpus = join(root, 'dist', 'corpus', 'wordnet-examples.txt');
const dir = join(root, 'dist', 'weights');
const out = join(dir, 'trained.bin'),
  report = join(dir, 'train-report.json');
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
// its inputs, when npm run train is called on its own (npm run build makes them first)
if (!existsSync(join(root, 'dist', 'embeddings', 'core.bin')))
  run(process.execPath, ['--max-old-space-size=4096', join(root, 'scripts', 'build-embeddings.mjs')]);
if (!existsSync(corpus)) run(process.execPath, [join(root, 'scripts', 'build-corpus.mjs')]);
run('cmake', ['--preset', 'native']);
run('cmake', ['--build', '--preset', 'native', '--target', 'attention-train']);
if (!process.argv.includes('--force') && mtime(out) > Math.max(mtime(tool), mtime(corpus)) && existsSync(report)) {
  console.log(`train: up to date (${out}); npm run train -- --force trains again`);
  process.exit(0);
}
mkdirSync(dir, { recursive: true });
// the tool's defaults are the preset's settings (src/core/train/options.h)
run(tool, ['--corpus', corpus, '--out', `${out}.tmp`, '--report', `${report}.tmp`]);
renameSync(`${out}.tmp`, out);
renameSync(`${report}.tmp`, report);
const r = JSON.parse(readFileSync(report, 'utf8'));
const a = r.heldOutAccuracy;
console.log(
  `train: wrote ${out}: held-out top-10 ${(100 * a.trained.top10).toFixed(1)}% trained, ` +
    `${(100 * a.identity.top10).toFixed(1)}% identity, ${(100 * a.random.top10).toFixed(1)}% random; ${r.stepsPerSecond.toFixed(0)} steps/s`,
);
