// A view's own computations, run here: the view puts what it wants in the store as an ask
// (store[`${name}Ask`], a new object each time), and the answer comes back in the store
// (store[`${name}Answer`] = { ask, ...what compute returned } or { ask, error }). Asks arriving
// while one is computed coalesce: only the latest is computed next, and an answer to an ask
// that was replaced meanwhile is dropped. compute(lens, ask) copies what the view shows out of
// the lens's results (plain arrays and numbers) and disposes them: an answer never needs freeing.
import { coalesce } from '../coalesce.js';
import { watch } from '../store.js';

export function answerAsks(store, name, compute) {
  const askKey = `${name}Ask`,
    answerKey = `${name}Answer`;
  const run = coalesce(async () => {
    const { lens, [askKey]: ask } = store.get();
    if (!lens || !ask) return;
    let answer;
    try {
      answer = { ask, ...(await compute(lens, ask)) };
    } catch (e) {
      answer = { ask, error: e.message };
    }
    if (store.get()[askKey] === ask) store.set({ [answerKey]: answer });
  });
  return watch(store, [askKey, 'lens'], run);
}

// Waits for analyses (promises of results) side by side, hands the results to use() and disposes
// them all afterwards, whatever happened; one that failed fails the whole.
export async function withResults(analyses, use) {
  const settled = await Promise.allSettled(analyses);
  const results = settled.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  try {
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return use(results);
  } finally {
    for (const r of results) r.dispose();
  }
}
