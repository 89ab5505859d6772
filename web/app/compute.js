// Runs the analysis whenever the text or an option changes and puts the result in the store.
// Keystrokes arriving while an analysis runs coalesce: only the latest text is analyzed next.
import { watch } from './store.js';

export const PAGE_MAX_TOKENS = 1024;  // the page analyzes at most this many tokens (with a note)
const INPUTS = ['text', 'options', 'lens'];

export function startCompute(store) {
  let running = false, pending = false;

  async function run() {
    if (running) {
      pending = true;
      return;
    }
    running = true;
    try {
      do {
        pending = false;
        const { lens, text, options } = store.get();
        const analyzed = { text, options };
        const startedAt = performance.now();
        let result = null, error = null;
        try {
          result = await lens.analyze(text, { ...options, maxTokens: PAGE_MAX_TOKENS });
        } catch (e) {
          error = e.message;
        }
        const old = store.get().result;
        const q = store.get().query;
        const n = result?.tokens.length ?? 0;
        store.set({ result, error, analyzed, computeMs: performance.now() - startedAt,
          query: n === 0 ? 0 : Math.min(q, n - 1), head: Math.min(store.get().head, (result?.heads ?? 1) - 1) });
        old?.dispose();
      } while (pending);
    } finally {
      running = false;
    }
  }

  return watch(store, INPUTS, (state) => {
    if (state.lens) run();
  });
}
