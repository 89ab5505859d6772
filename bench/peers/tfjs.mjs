// @tensorflow/tfjs-backend-wasm, one thread, the same forward with tf ops, in four
// formulations (the benchmark keeps the fastest per row that matches the reference):
//   2-D per head:      K transposed once, then per head 2-D matMuls on column slices of Q, Kᵀ, V
//   2-D, transposeB:   the same, with matMul(q_h, k_h, false, true) instead of the one transpose
//   per-head weights:  W_Q, W_K, W_V split into per-head blocks once (W_K's transposed), so each
//                      head's Q_h, K_hᵀ, V_h come straight out of 2-D matMuls, without slicing
//   batched:           heads as a rank-3 [h, n, dk] batch, one matMul(q, k, false, true)
// In tfjs-backend-wasm 4.22 only 2-D matMul without transposeB goes through XNNPACK's fast
// path; the rank-3 and transposeB forms run a slower path.
import * as tf from '@tensorflow/tfjs-core';
import { setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { fileURLToPath } from 'node:url';

let ready;
async function init() {
  setWasmPaths(fileURLToPath(new URL('../../node_modules/@tensorflow/tfjs-backend-wasm/dist/', import.meta.url)));
  setThreadsCount(1);
  await tf.setBackend('wasm');
  await tf.ready();
}

// each returns the output [n, d] from X and the weights (tensors), inside tf.tidy
const FORMULATIONS = {
  '2-D per head': ({ n, d, heads }, { X, Wq, Wk, Wv, Wo, alpha }) => {
    const dk = d / heads;
    const q = tf.mul(tf.matMul(X, Wq), alpha); // scaled once: n·d products instead of h·n²
    const kT = tf.transpose(tf.matMul(X, Wk)); // [d, n], so that each head's Kᵀ is a row slice
    const v = tf.matMul(X, Wv);
    const context = Array.from({ length: heads }, (_, h) => {
      const p = tf.softmax(tf.matMul(tf.slice(q, [0, h * dk], [n, dk]), tf.slice(kT, [h * dk, 0], [dk, n])));
      return tf.matMul(p, tf.slice(v, [0, h * dk], [n, dk]));
    });
    return tf.matMul(heads > 1 ? tf.concat(context, 1) : context[0], Wo);
  },
  '2-D, transposeB': ({ n, d, heads }, { X, Wq, Wk, Wv, Wo, alpha }) => {
    const dk = d / heads;
    const q = tf.mul(tf.matMul(X, Wq), alpha),
      k = tf.matMul(X, Wk),
      v = tf.matMul(X, Wv);
    const context = Array.from({ length: heads }, (_, h) => {
      const slice = (m) => tf.slice(m, [0, h * dk], [n, dk]);
      return tf.matMul(tf.softmax(tf.matMul(slice(q), slice(k), false, true)), slice(v));
    });
    return tf.matMul(heads > 1 ? tf.concat(context, 1) : context[0], Wo);
  },
  'per-head weights': ({ heads }, { X, Wo, alpha, perHead }) => {
    const xT = tf.transpose(X); // [d, n], once: each head's Kᵀ = W_K,hᵀ · Xᵀ comes out transposed
    const context = perHead.map(({ wq, wkT, wv }) => {
      const p = tf.softmax(tf.matMul(tf.mul(tf.matMul(X, wq), alpha), tf.matMul(wkT, xT)));
      return tf.matMul(p, tf.matMul(X, wv));
    });
    return tf.matMul(heads > 1 ? tf.concat(context, 1) : context[0], Wo);
  },
  batched: ({ n, d, heads }, { X, Wq, Wk, Wv, Wo, alpha }) => {
    const dk = d / heads;
    const split = (m) => tf.transpose(tf.reshape(m, [n, heads, dk]), [1, 0, 2]); // [h, n, dk]
    const q = split(tf.matMul(X, Wq)),
      k = split(tf.matMul(X, Wk)),
      v = split(tf.matMul(X, Wv));
    const p = tf.softmax(tf.mul(tf.matMul(q, k, false, true), alpha));
    return tf.matMul(tf.reshape(tf.transpose(tf.matMul(p, v), [1, 0, 2]), [n, d]), Wo);
  },
};

const formulation = (name) => ({
  name: `tfjs-backend-wasm ${tf.version_core} 1 thread`,
  formulation: name,
  async setup(inputs) {
    ready ??= init();
    await ready;
    const { n, d, heads, x, w } = inputs;
    const [Wq, Wk, Wv, Wo] = w.map((m) => tf.tensor2d(m, [d, d]));
    const dk = d / heads;
    const t = { X: tf.tensor2d(x, [n, d]), Wq, Wk, Wv, Wo, alpha: tf.scalar(1 / Math.sqrt(dk)) };
    // each head's column block of W_Q and W_V, and of W_K transposed, split once (weights)
    t.perHead =
      name === 'per-head weights'
        ? tf.tidy(() =>
            Array.from({ length: heads }, (_, h) => ({
              wq: tf.slice(Wq, [0, h * dk], [d, dk]),
              wkT: tf.transpose(tf.slice(Wk, [0, h * dk], [d, dk])),
              wv: tf.slice(Wv, [0, h * dk], [d, dk]),
            })),
          )
        : [];
    return {
      run() {
        const y = tf.tidy(() => FORMULATIONS[name](inputs, t));
        const data = new Float32Array(y.dataSync());
        y.dispose();
        return data;
      },
      dispose() {
        tf.dispose(t);
      }, // every tensor in t, the per-head blocks too
    };
  },
});

export const tfjsPeers = Object.keys(FORMULATIONS).map(formulation);
