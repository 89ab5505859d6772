// The training worker: its own wasm module and a trainer that runs a few mini-batches at a time,
// so that the page stays responsive and messages (pause, a new sentence) get through between
// them. Two kinds, chosen by the start message:
// - text: a lens with the embeddings and the WordNet corpus (masked-word prediction);
//   in:  start {files, heads, seed, sentence} · sentence {text}
//   out: ready {train, heldOut, vocabulary} · eval {steps, top1, top10}
//        · filter {steps, tokens, rows, cols, weights}
// - image: learned non-local means (filter × V of noisy pictures against the clean ones), training
//   on the core's seeded dead-leaves pictures and scored on the built-in photos (images/index.json,
//   bundled in: dist/indexes.js), decoded here and held out (never trained on); no embeddings
//   are loaded;
//   in:  start {kind: 'image', files, heads, patch, seed}
//   out: ready {trainingViews, heldOut, pictures, copies, baselines} · eval {steps, loss, psnr}
// Both:
//   in:  pause · resume · reset {seed} · weights · file {path, bytes | error} (the page's answer
//        to a need)
//   out: need {path}: a file the page has read or reads (its embeddings, the relaxed-SIMD
//        kernels, the photos), sent from there rather than downloaded twice
//   out: progress {steps, epochs, loss, stepsPerSecond} · paused {steps}
//        · weights {bytes, heads, steps; the image layer's: patch, positional, similarity, mask,
//          temperature} (asked with weights) · error {message}
// the training builds' glue, bundled in (scripts/build-page.mjs): a worker fetches only binaries
import trainBaseline from '../../../dist/wasm/attention-lens-train-baseline.mjs';
import trainSimd from '../../../dist/wasm/attention-lens-train-simd.mjs';
import { INDEXES } from '../../../dist/indexes.js';
import { readBytes } from '../../lib/assets.js';
import { SCHEMA } from '../../lib/generated/schema.js';
import { createLensWith } from '../../lib/create-lens.js';
import { Lens } from '../../lib/lens.js';
import { loadModule } from '../../lib/loader.js';
import { filesFrom } from '../../lib/locate.js';
import { IMAGE_TRAINING_DEFAULTS } from '../../lib/options.js';
import { decodePicture } from '../image/decode.js';

const SLICE_MS = 40,
  FILTER_EVERY_MS = 250;
let job = null, // { trainer, evalEvery, evaluate(), preview(force), weights() }
  running = false,
  lastEval = -1,
  sentence = ''; // the text layer's: the user's sentence, whose filter follows training
let recent = []; // recent step timings, for steps per second

const GLUE = { 'attention-lens-train-baseline': trainBaseline, 'attention-lens-train-simd': trainSimd };
// The bytes of a file the page has (or reads for us): asked for with a need, answered with a file.
const asked = new Map(); // path -> [{ resolve, reject }]
function fromPage(path) {
  return new Promise((resolve, reject) => {
    if (!asked.has(path)) {
      asked.set(path, []);
      postMessage({ type: 'need', path });
    }
    asked.get(path).push({ resolve, reject });
  });
}
function received({ path, bytes, error }) {
  for (const { resolve, reject } of asked.get(path) ?? []) {
    if (error) reject(new Error(error));
    else resolve(bytes);
  }
  asked.delete(path);
}

// where the page's files are (its message: a base URL, or each file's URL), with the glue in hand;
// the files the page also reads come from it (read)
function place(message) {
  return {
    ...filesFrom(message),
    importGlue: async (name) => ({ default: GLUE[name] }),
    read: fromPage,
  };
}

// The text layer: files is where the page's files are (engine.js's files.message(): a base URL,
// or each file's URL).
async function textJob(files, { seed, heads }) {
  const { module, simd } = await loadModule(files, { build: 'attention-lens-train' });
  const lens = await createLensWith({
    module,
    simd,
    readAsset: (name) => files.read(`embeddings/${name}`),
  });
  const corpus = await readBytes(files.url('corpus/wordnet-examples.txt'));
  const trainer = lens.createTrainer(corpus, { heads, seed });
  let lastFilter = 0;
  postMessage({
    type: 'ready',
    train: trainer.trainSentences,
    heldOut: trainer.heldOutSentences,
    vocabulary: trainer.vocabularySize,
  });
  return {
    trainer,
    evalEvery: 250,
    evaluate() {
      const e = trainer.evaluate(300);
      postMessage({ type: 'eval', steps: trainer.stepCount, top1: e.top1, top10: e.top10 });
    },
    // the filter of the user's sentence with the weights so far, at most every FILTER_EVERY_MS
    async preview(force = false) {
      if (!force && performance.now() - lastFilter < FILTER_EVERY_MS) return;
      lastFilter = performance.now();
      if (!sentence.trim()) return;
      lens.setTrainedWeights(trainer.weightsFile());
      const r = await lens.analyze(sentence, { heads, weights: 'trained', maxTokens: 64 });
      try {
        const w = r.step('weights', 0);
        postMessage({
          type: 'filter',
          steps: trainer.stepCount,
          tokens: r.tokens.map((t) => t.text),
          rows: w.rows,
          cols: w.cols,
          weights: w.data,
        });
      } finally {
        r.dispose();
      }
    },
    weights: () => ({ heads }),
  };
}

// The image layer: the options as lens.createImageTrainer's (heads, patch, seed; the rest at
// their defaults: 200 dead-leaves pictures, noise 0.3, batch 4, the picture mode's similarity,
// mask and temperature), with the shipped preset's schedule: the learning rate falls linearly
// over its 1,000 steps (after them it stays at 0.1%).
async function imageJob(files, { heads, patch, seed }) {
  const { module, simd } = await loadModule(files, { build: 'attention-lens-train' });
  const lens = new Lens(module, null, simd); // no embeddings: the image trainer needs none
  const trainer = lens.createImageTrainer({ heads, patch, seed, decaySteps: SCHEMA.presetImageTrainingSteps });
  // the built-in photos, decoded as the page decodes them, in their index's order (which fixes
  // each one's noise draws)
  const pictures = [];
  for (const p of INDEXES['images/index.json']?.images ?? []) {
    const bytes = await files.read(`images/${p.file}`);
    trainer.addPicture(await decodePicture(new Blob([bytes])), { heldOut: true });
    pictures.push(p.name);
  }
  const summary = (e) => ({ loss: e.loss, psnr: e.psnr });
  const b = trainer.baselines();
  postMessage({
    type: 'ready',
    trainingViews: trainer.trainingViews,
    heldOut: trainer.heldOutPictures,
    pictures,
    copies: b.identity.pictures,
    baselines: { identity: summary(b.identity), noisyInput: summary(b.noisyInput), meanPatch: summary(b.meanPatch) },
  });
  return {
    trainer,
    evalEvery: 100,
    evaluate() {
      if (!trainer.heldOutPictures) return;
      postMessage({ type: 'eval', steps: trainer.stepCount, ...summary(trainer.evaluate()) });
    },
    async preview() {},
    // trained with the schema's defaults for the rest (the picture mode's input and comparison):
    // the page shows them with those
    weights: () => {
      const { positional, similarity, mask, temperature } = IMAGE_TRAINING_DEFAULTS;
      return { heads, patch, positional, similarity, mask, temperature };
    },
  };
}

async function start(data) {
  sentence = data.sentence ?? ''; // before loading: a new sentence meanwhile replaces it
  const files = place(data.files);
  job = data.kind === 'image' ? await imageJob(files, data) : await textJob(files, data);
  evaluate();
  running = true;
  loop();
}

function evaluate() {
  lastEval = job.trainer.stepCount;
  job.evaluate();
}

async function loop() {
  const { trainer } = job;
  while (running) {
    const t0 = performance.now();
    let loss = 0,
      n = 0;
    while (performance.now() - t0 < SLICE_MS) {
      loss += trainer.steps(1);
      n++;
    }
    recent.push({ at: performance.now(), steps: n });
    recent = recent.filter((w) => w.at > performance.now() - 2000);
    const seconds = (recent.at(-1).at - recent[0].at) / 1000 || SLICE_MS / 1000;
    postMessage({
      type: 'progress',
      steps: trainer.stepCount,
      epochs: trainer.epochs,
      loss: loss / n,
      stepsPerSecond: recent.reduce((s, w) => s + w.steps, 0) / Math.max(seconds, SLICE_MS / 1000),
    });
    if (trainer.stepCount - lastEval >= job.evalEvery) evaluate();
    await job.preview();
    await new Promise((r) => setTimeout(r, 0)); // let messages in
  }
  postMessage({ type: 'paused', steps: trainer.stepCount }); // the loop has stopped: no more steps
}

self.onmessage = async ({ data }) => {
  try {
    if (data.type === 'file') received(data);
    else if (data.type === 'start') await start(data);
    else if (data.type === 'pause') running = false;
    else if (data.type === 'resume' && job && !running) {
      running = true;
      loop();
    } else if (data.type === 'reset' && job) {
      job.trainer.reset(data.seed);
      recent = [];
      evaluate();
      await job.preview(true);
    } else if (data.type === 'weights' && job) {
      const bytes = job.trainer.weightsFile();
      postMessage({ type: 'weights', bytes, ...job.weights(), steps: job.trainer.stepCount }, [bytes.buffer]);
    } else if (data.type === 'sentence') {
      sentence = data.text;
      await job?.preview(true);
    }
  } catch (e) {
    running = false;
    postMessage({ type: 'error', message: e.message });
  }
};
