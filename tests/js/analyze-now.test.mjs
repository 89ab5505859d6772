// analyze(text, options, { wait: false }): a text whose words' files are not all in is analysed at
// once with those that are (the others as if unknown), and result.pending says when the rest have
// come; analysed again then, the numbers are those of a lens that waited.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAttentionLens } from '../../web/lib/index.js';

test('wait: false draws now with the words already in, and pending brings the rest', async () => {
  const lens = await createAttentionLens({ vocabulary: 'later', topic: false });
  const known = await lens.analyze('The king rode north');
  assert.equal(known.pending, null, 'a lens that waited has nothing pending');
  const now = await lens.analyze('The king rode north to Tyrion', undefined, { wait: false });
  assert.ok(now.pending instanceof Promise);
  const tokens = now.tokens.map((t) => [t.text, t.known]);
  assert.deepEqual(tokens.slice(0, 4), [
    ['The', true],
    ['king', true],
    ['rode', true],
    ['north', true],
  ]);
  assert.equal(await now.pending, true, 'the missing files came');
  // once they are in (or on the next round), the same text waits for nothing and knows every word
  let later = await lens.analyze('The king rode north to Tyrion', undefined, { wait: false });
  while (later.pending) {
    assert.equal(await later.pending, true);
    later.dispose();
    later = await lens.analyze('The king rode north to Tyrion', undefined, { wait: false });
  }
  const waited = await lens.analyze('The king rode north to Tyrion');
  assert.deepEqual(
    later.tokens.map((t) => t.known),
    waited.tokens.map((t) => t.known),
  );
  assert.deepEqual(later.step('weights', 0).data, waited.step('weights', 0).data);
  assert.ok(later.tokens.at(-1).known, 'Tyrion, from its shard');
  for (const r of [known, now, later, waited]) r.dispose();
  lens.dispose();
});
