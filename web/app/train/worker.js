// The training worker: its own wasm module and lens, the WordNet corpus, and a trainer that runs
// a few mini-batches at a time, so that the page stays responsive and messages (pause, a new
// sentence) get through between them.
//   in:  start {files, heads, seed, sentence} · pause · resume · reset {seed} · sentence {text} · weights
//   out: ready {train, heldOut, vocabulary} · progress {steps, epochs, loss, stepsPerSecond}
//        · eval {steps, top1, top10} · filter {steps, tokens, rows, cols, weights} · paused {steps}
//        · weights {bytes, heads, steps} (asked with weights) · error {message}
import { readBytes } from '../../lib/assets.js';
import { createLensWith } from '../../lib/lens.js';
import { loadModule } from '../../lib/loader.js';
import { filesFrom } from '../../lib/locate.js';

const SLICE_MS = 40,
  EVAL_EVERY = 250,
  FILTER_EVERY_MS = 250;
let lens,
  trainer,
  running = false,
  heads,
  sentence = '',
  lastFilter = 0,
  lastEval = -1;
let recent = []; // recent step timings, for steps per second

// files: where the page's files are (engine.js's files.message: a base URL, or each file's URL)
async function start({ files: where, seed, sentence: text, heads: h }) {
  heads = h;
  sentence = text;
  const files = filesFrom(where);
  const { module, simd } = await loadModule(files, { build: 'attention-lens-train' });
  lens = await createLensWith({ module, simd, readAsset: (name) => readBytes(files.url(`embeddings/${name}`)) });
  const corpus = await readBytes(files.url('corpus/wordnet-examples.txt'));
  trainer = lens.createTrainer(corpus, { heads, seed });
  postMessage({
    type: 'ready',
    train: trainer.trainSentences,
    heldOut: trainer.heldOutSentences,
    vocabulary: trainer.vocabularySize,
  });
  evaluate();
  running = true;
  loop();
}

function evaluate() {
  const e = trainer.evaluate(300);
  lastEval = trainer.stepCount;
  postMessage({ type: 'eval', steps: trainer.stepCount, top1: e.top1, top10: e.top10 });
}

async function filter() {
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
}

async function loop() {
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
    if (trainer.stepCount - lastEval >= EVAL_EVERY) evaluate();
    if (performance.now() - lastFilter > FILTER_EVERY_MS) await filter();
    await new Promise((r) => setTimeout(r, 0)); // let messages in
  }
  postMessage({ type: 'paused', steps: trainer.stepCount }); // the loop has stopped: no more steps
}

self.onmessage = async ({ data }) => {
  try {
    if (data.type === 'start') await start(data);
    else if (data.type === 'pause') running = false;
    else if (data.type === 'resume' && trainer && !running) {
      running = true;
      loop();
    } else if (data.type === 'reset' && trainer) {
      trainer.reset(data.seed);
      recent = [];
      evaluate();
      await filter();
    } else if (data.type === 'weights' && trainer) {
      const bytes = trainer.weightsFile();
      postMessage({ type: 'weights', bytes, heads, steps: trainer.stepCount }, [bytes.buffer]);
    } else if (data.type === 'sentence') {
      sentence = data.text;
      if (trainer) await filter();
    }
  } catch (e) {
    running = false;
    postMessage({ type: 'error', message: e.message });
  }
};
