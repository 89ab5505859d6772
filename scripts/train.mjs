#!/usr/bin/env node
// npm run train: trains the attention layer natively with a fixed seed and writes the shipped
// "trained" preset, dist/weights/trained.bin, with its report (train-report.json). The same
// command reproduces the same file. Skips the work when the weights are newer than the tool
// and the corpus (--force trains again).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TRAIN_ARGS = ['--steps', '10000', '--batch', '32', '--lr', '0.005', '--heads', '4', '--seed', '1'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tool = join(root, 'build', 'native', 'attention-train');
const corpus = join(root, 'dist', 'corpus', 'wordnet-examples.txt');
const dir = join(root, 'dist', 'weights');
const out = join(dir, 'trained.bin'), report = join(dir, 'train-report.json');
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
run('cmake', ['--preset', 'native']);
run('cmake', ['--build', '--preset', 'native', '--target', 'attention-train']);
if (!process.argv.includes('--force') && mtime(out) > Math.max(mtime(tool), mtime(corpus)) && existsSync(report)) {
  console.log(`train: up to date (${out}); npm run train -- --force trains again`);
  process.exit(0);
}
mkdirSync(dir, { recursive: true });
run(tool, ['--corpus', corpus, '--out', `${out}.tmp`, '--report', `${report}.tmp`, ...TRAIN_ARGS]);
renameSync(`${out}.tmp`, out);
renameSync(`${report}.tmp`, report);
const r = JSON.parse(readFileSync(report, 'utf8'));
const a = r.heldOutAccuracy;
console.log(`train: wrote ${out}: held-out top-10 ${(100 * a.trained.top10).toFixed(1)}% trained, ` +
  `${(100 * a.identity.top10).toFixed(1)}% identity, ${(100 * a.random.top10).toFixed(1)}% random; ${r.stepsPerSecond.toFixed(0)} steps/s`);
