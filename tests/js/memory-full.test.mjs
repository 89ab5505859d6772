// Wasm memory at its limit (2 GB): every entry point that copies bytes or text into it refuses
// with a RangeError that says so, writes nothing, and leaves the module usable: dispose() and a
// small analysis work once memory is free again. Before the check, _malloc's 0 was taken as an
// address and the bytes were written over the module's own data.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { readBytes } from '../../web/lib/assets.node.js';
import { createLensWith } from '../../web/lib/create-lens.js';
import { loadModule } from '../../web/lib/loader.js';
import { BUILDS, root } from './helpers.mjs';

const embeddings = new URL('../../dist/embeddings/', import.meta.url);

// Takes all of wasm memory with _malloc, biggest blocks first, down to 16 bytes; returns the
// blocks as { ptr, size }.
function fillMemory(module) {
  const blocks = [];
  for (let size = 256 * 2 ** 20; size >= 16; size >>= 2)
    for (let ptr = module._malloc(size); ptr; ptr = module._malloc(size)) blocks.push({ ptr, size });
  return blocks;
}

function picture(side) {
  const data = new Uint8Array(side * side * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 37) & 255;
  return { width: side, height: side, data };
}

const full = (what) => ({ name: 'RangeError', message: new RegExp(`wasm memory is full .*${what}`) });

for (const build of BUILDS)
  test(`${build}: with wasm memory full, every entry point that copies refuses with a RangeError, and dispose() and a small analysis work after`, async () => {
    const { module, simd } = await loadModule(new URL('../../dist/wasm/', import.meta.url), {
      simd: build === 'simd',
      build: 'attention-lens-train',
    });
    const read = (name, progress) => readBytes(new URL(name, embeddings), progress);
    const lens = await createLensWith({ module, simd, readAsset: read });
    const first = await lens.analyze('A Lannister always pays his debts');
    const before = lens.memoryStats();
    const imageTrainer = lens.createImageTrainer({ synthetic: 2 });
    const textTrainer = lens.createTrainer(new TextEncoder().encode('the king and the queen\n'.repeat(50)));
    const trainedWeights = textTrainer.weightsFile();
    const imageWeights = imageTrainer.weightsFile();
    textTrainer.dispose();
    const topic = readFileSync(`${root}/dist/weights/topic.bin`);
    const photo = picture(1024); // 4 MB, more than the few bytes left
    const hole = module._malloc(4096); // freed later: room for a short text only
    const blocks = fillMemory(module);
    try {
      assert.ok(module.HEAPU8.length > 2 ** 31 - 2 ** 27, `memory grew to ${module.HEAPU8.length} bytes only`);
      await assert.rejects(lens.analyzeImage(photo), full('the picture'));
      assert.throws(() => lens.setTrainedWeights(trainedWeights), full('the trained weights'));
      assert.throws(() => lens.setTrainedImageWeights(imageWeights), full('the trained image weights'));
      assert.throws(() => lens.setTopicModel(topic), full('the topic model'));
      assert.throws(() => lens.nearestWords(new Float32Array(100).fill(0.5)), full('the vector'));
      assert.throws(() => lens.createTrainer(new TextEncoder().encode('the king\n'.repeat(100))), full('the corpus'));
      assert.throws(() => imageTrainer.addPicture(photo), full('the picture'));
      assert.throws(() => imageTrainer.evaluate(imageWeights), full('the weights'));
      await assert.rejects(lens.analyze('the king'), full('the text'));
      // with room for a short text only: a rare word's shard (18 kB) is fetched and cannot be
      // copied in (its words stay unknown, with a warning); a long text cannot be passed
      module._free(hole);
      const warnings = await lens.loadFiles(['tyrion lannister'], 16);
      assert.match(
        warnings.join('\n'),
        /rare words were not looked up: .*wasm memory is full .*the embeddings file shard-/,
      );
      await assert.rejects(lens.analyze('the night is dark '.repeat(2000)), full('the text'));
      // nothing was written over the module's own numbers
      assert.equal(lens.memoryStats().liveAnalyses, before.liveAnalyses);
    } finally {
      for (const b of blocks) module._free(b.ptr);
    }
    assert.equal(first.step('weights').rows, 6, 'an earlier result still reads');
    first.dispose();
    const again = await lens.analyze('A Lannister always pays his debts', { heads: 2 });
    const w = again.step('weights', 1);
    for (let i = 0; i < w.rows; i++) {
      const sum = w.data.subarray(i * w.cols, (i + 1) * w.cols).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) < 1e-5, `row ${i} sums to ${sum}`);
    }
    again.dispose();
    const small = await lens.analyzeImage(picture(64));
    assert.equal(small.grid.count, 196);
    small.dispose();
    imageTrainer.dispose();
    lens.dispose();
    assert.equal(module.liveAnalyses(), 0);
  });
