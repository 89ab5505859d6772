// @tensorflow/tfjs-backend-wasm, one thread, the same forward with tf ops.
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

export const tfjsPeer = {
  name: `tfjs-backend-wasm ${tf.version_core} 1 thread`,
  async setup({ n, d, heads, x, w }) {
    ready ??= init();
    await ready;
    const dk = d / heads;
    const X = tf.tensor2d(x, [n, d]);
    const [Wq, Wk, Wv, Wo] = w.map((m) => tf.tensor2d(m, [d, d]));
    const alpha = tf.scalar(1 / Math.sqrt(dk));
    const split = (m) => tf.transpose(tf.reshape(m, [n, heads, dk]), [1, 0, 2]);  // [h, n, dk]
    return {
      run() {
        const y = tf.tidy(() => {
          const q = split(tf.matMul(X, Wq)), k = split(tf.matMul(X, Wk)), v = split(tf.matMul(X, Wv));
          const p = tf.softmax(tf.mul(tf.matMul(q, k, false, true), alpha));
          const c = tf.reshape(tf.transpose(tf.matMul(p, v), [1, 0, 2]), [n, d]);
          return tf.matMul(c, Wo);
        });
        const data = new Float32Array(y.dataSync());
        y.dispose();
        return data;
      },
      dispose() { tf.dispose([X, Wq, Wk, Wv, Wo, alpha]); },
    };
  },
};
