#!/usr/bin/env node
// npm run train: trains the attention layers natively with fixed seeds and writes the shipped
// presets: the text layer's dist/weights/trained.bin with its report (train-report.json), the
// image layer's dist/weights/image-trained.bin with image-trained.json (learned non-local means;
// the pictures from build/train-images, written by scripts/build-images.mjs), and the topic
// query's dist/weights/topic.bin with topic-report.json (WordNet's topic domains, from
// build/topics, written by scripts/build-topics.mjs). The same command reproduces the same
// files. Each is skipped when it is newer than its tool and its data (--force trains again).
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
// the word vectors both text presets learn from (and their shared direction): a rebuild retrains them
const vectors = join(root, 'dist', 'embeddings', 'manifest.json');

const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
// its inputs, when npm run train is called on its own (npm run build makes them first)
if (!existsSync(join(root, 'dist', 'embeddings', 'core.bin')))
  run(process.execPath, ['--max-old-space-size=4096', join(root, 'scripts', 'build-embeddings.mjs')]);
if (!existsSync(corpus)) run(process.execPath, [join(root, 'scripts', 'build-corpus.mjs')]);
run('cmake', ['--preset', 'native']);
run('cmake', [
  '--build',
  '--preset',
  'native',
  '--target',
  'attention-train',
  'attention-train-image',
  'attention-train-topic',
]);
mkdirSync(dir, { recursive: true });
const force = process.argv.includes('--force');
if (!force && mtime(out) > Math.max(mtime(tool), mtime(corpus), mtime(vectors)) && existsSync(report))
  console.log(`train: up to date (${out}); npm run train -- --force trains again`);
else trainText();
trainImage();
trainTopic();

function trainText() {
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
}

// The image layer: trained on the pictures build-images.mjs marks "train", scored on those it
// marks "held-out" (the four built-in photos), with the tool's defaults (src/core/train/image_options.h).
function trainImage() {
  const imageTool = join(root, 'build', 'native', 'attention-train-image');
  const pictures = join(root, 'build', 'train-images');
  const index = join(pictures, 'index.json');
  if (!existsSync(index)) run(process.execPath, [join(root, 'scripts', 'build-images.mjs')]);
  const imageOut = join(dir, 'image-trained.bin'),
    imageReport = join(dir, 'image-trained.json');
  if (!force && mtime(imageOut) > Math.max(mtime(imageTool), mtime(index)) && existsSync(imageReport)) {
    console.log(`train: up to date (${imageOut})`);
    return;
  }
  const args = JSON.parse(readFileSync(index, 'utf8')).pictures.flatMap((p) => [
    p.role === 'train' ? '--train' : '--held-out',
    join(pictures, p.file),
  ]);
  run(imageTool, [...args, '--out', `${imageOut}.tmp`, '--report', `${imageReport}.tmp`]);
  renameSync(`${imageOut}.tmp`, imageOut);
  renameSync(`${imageReport}.tmp`, imageReport);
  const h = JSON.parse(readFileSync(imageReport, 'utf8')).heldOut;
  console.log(
    `train: wrote ${imageOut}: held-out filter × V ${h.trained.psnr.toFixed(2)} dB trained, ` +
      `${h.identity.psnr.toFixed(2)} dB identity, ${h.random.psnr.toFixed(2)} dB random, ` +
      `${h.noisyInput.psnr.toFixed(2)} dB the noisy input`,
  );
}

// The topic query: trained on WordNet's samples of topic domains (and of none), scored on the
// held-out synsets beside the same classifier on the mean of the word vectors.
function trainTopic() {
  const topicTool = join(root, 'build', 'native', 'attention-train-topic');
  const topics = join(root, 'build', 'topics');
  const samples = join(topics, 'wordnet-topics.tsv'),
    words = join(topics, 'plain-words.txt');
  if (!existsSync(samples) || !existsSync(words)) run(process.execPath, [join(root, 'scripts', 'build-topics.mjs')]);
  const topicOut = join(dir, 'topic.bin'),
    topicReport = join(dir, 'topic-report.json');
  const inputs = Math.max(mtime(topicTool), mtime(samples), mtime(words), mtime(vectors));
  if (!force && mtime(topicOut) > inputs && existsSync(topicReport)) {
    console.log(`train: up to date (${topicOut})`);
    return;
  }
  // the tool's defaults are the shipped model's settings (src/core/topic/trainer.h)
  run(topicTool, [
    '--corpus',
    samples,
    '--distractors',
    words,
    '--out',
    `${topicOut}.tmp`,
    '--report',
    `${topicReport}.tmp`,
  ]);
  renameSync(`${topicOut}.tmp`, topicOut);
  renameSync(`${topicReport}.tmp`, topicReport);
  const h = JSON.parse(readFileSync(topicReport, 'utf8')).heldOut;
  const pct = (x) => `${(100 * x).toFixed(1)}%`;
  console.log(
    `train: wrote ${topicOut}: held-out accuracy ${pct(h.attention.accuracy)} the query, ` +
      `${pct(h.meanOfVectors.accuracy)} the mean of the vectors, ${pct(h.prior.accuracy)} the prior`,
  );
}
