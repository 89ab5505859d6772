// The compute layer's asks (web/app/compute/asks.js): a view's asks coalesce, so that a burst of
// them computes the first and the latest only, and only the latest ask's answer reaches the store.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerAsks, withResults } from '../../web/app/compute/asks.js';
import { createStore } from '../../web/app/store.js';

const tick = () => new Promise((r) => setImmediate(r));

// a computation that waits until the test lets it finish
function gated() {
  const asked = [];
  const gates = [];
  const compute = (_lens, ask) => {
    asked.push(ask.n);
    return new Promise((resolve) => gates.push(() => resolve({ doubled: 2 * ask.n })));
  };
  const open = async () => {
    await tick();
    assert.equal(gates.length, 1, 'one computation runs at a time');
    gates.shift()();
    await tick();
  };
  return { asked, compute, open };
}

test('a burst of asks computes the first and the latest, and answers the latest only', async () => {
  const store = createStore({ lens: {} });
  const { asked, compute, open } = gated();
  const answers = [];
  store.subscribe((s, changed) => changed.has('sumAnswer') && answers.push(s.sumAnswer));
  const stop = answerAsks(store, 'sum', compute);
  store.set({ sumAsk: { n: 1 } });
  await tick(); // the first ask is being computed
  for (let n = 2; n <= 5; n++) store.set({ sumAsk: { n } });
  await open(); // the first ask's answer: replaced meanwhile, dropped
  await open(); // the latest
  assert.deepEqual(asked, [1, 5]);
  assert.equal(answers.length, 1);
  assert.equal(answers[0].ask, store.get().sumAsk);
  assert.equal(answers[0].doubled, 10);
  stop();
});

test('an ask made before the lens is there is answered when it comes', async () => {
  const store = createStore({ lens: null });
  const { asked, compute, open } = gated();
  const stop = answerAsks(store, 'sum', compute);
  store.set({ sumAsk: { n: 3 } });
  assert.deepEqual(asked, []);
  store.set({ lens: {} });
  await open();
  assert.deepEqual(asked, [3]);
  assert.equal(store.get().sumAnswer.doubled, 6);
  stop();
});

test('a computation that throws answers with its message', async () => {
  const store = createStore({ lens: {} });
  const stop = answerAsks(store, 'sum', async () => {
    throw new Error('no such word');
  });
  store.set({ sumAsk: { n: 1 } });
  await tick();
  assert.deepEqual(store.get().sumAnswer, { ask: store.get().sumAsk, error: 'no such word' });
  stop();
});

test('withResults disposes every result, also when one analysis failed', async () => {
  const disposed = [];
  const result = (name) => ({ name, dispose: () => disposed.push(name) });
  assert.equal(await withResults([Promise.resolve(result('a')), result('b')], ([a, b]) => a.name + b.name), 'ab');
  assert.deepEqual(disposed, ['a', 'b']);
  await assert.rejects(
    withResults([Promise.resolve(result('c')), Promise.reject(new Error('bad'))], () => 0),
    /bad/,
  );
  assert.deepEqual(disposed, ['a', 'b', 'c']);
});
