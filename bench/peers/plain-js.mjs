// Plain JavaScript on Float32Arrays: what a page would do without WebAssembly (the reference's
// loops, ../forward.mjs, in float; a module instance of its own, as that file explains).
const { plainForward } = await import('../forward.mjs?float32');

export const plainJsPeer = {
  name: 'plain JS',
  async setup(input) {
    return {
      run: () => plainForward(input, Float32Array),
      dispose() {},
    };
  },
};
