// onnxruntime-web, wasm backend, one thread, on the same graph built in JS.
import * as ort from 'onnxruntime-web';
import { attentionModel } from './onnx-graph.mjs';

ort.env.wasm.numThreads = 1;
ort.env.wasm.proxy = false;
ort.env.logLevel = 'error';

export const onnxruntimePeer = {
  name: `onnxruntime-web ${ort.env.versions?.web ?? ''} wasm 1 thread`.replace('  ', ' '),
  async setup(inputs) {
    const session = await ort.InferenceSession.create(attentionModel(inputs), {
      executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
    const feeds = { X: new ort.Tensor('float32', inputs.x, [inputs.n, inputs.d]) };
    return {
      async run() {
        const out = await session.run(feeds);
        const y = new Float32Array(out.Y.data);
        out.Y.dispose?.();
        return y;
      },
      async dispose() { await session.release(); },
    };
  },
};
