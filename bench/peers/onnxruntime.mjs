// onnxruntime-web, wasm backend, one thread, on graphs built in JS: the forward composed of
// standard ONNX ops, and the same with the attention core as ONNX Runtime's fused contrib ops
// (com.microsoft MultiHeadAttention; Attention, which also fuses the Q, K, V projections).
import * as ort from 'onnxruntime-web';
import { attentionModel } from './onnx-graph.mjs';

ort.env.wasm.numThreads = 1;
ort.env.wasm.proxy = false;
ort.env.logLevel = 'error';

const FORMULATIONS = { 'composed ops': 'composed', MultiHeadAttention: 'mha', Attention: 'attention' };

const formulation = ([label, graph]) => ({
  name: `onnxruntime-web ${ort.env.versions?.web ?? ''} wasm 1 thread`.replace('  ', ' '),
  formulation: label,
  async setup(inputs) {
    const session = await ort.InferenceSession.create(attentionModel(inputs, graph), {
      executionProviders: ['wasm'],
      graphOptimizationLevel: 'all',
    });
    const feeds = { X: new ort.Tensor('float32', inputs.x, [1, inputs.n, inputs.d]) };
    return {
      async run() {
        const out = await session.run(feeds);
        const y = new Float32Array(out.Y.data);
        out.Y.dispose?.();
        return y;
      },
      async dispose() {
        await session.release();
      },
    };
  },
});

export const onnxruntimePeers = Object.entries(FORMULATIONS).map(formulation);
