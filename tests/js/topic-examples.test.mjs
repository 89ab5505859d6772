// The topic chapter's example sentences (web/app/topic-examples.js) do what the page says they
// do: in each, the query names a topic with its largest weight on the word that gives it away;
// the sentence with no topic gets "not sure".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NO_TOPIC_EXAMPLE, TOPIC_EXAMPLES } from '../../web/app/topic-examples.js';
import { BUILDS, lensFor } from './helpers.mjs';

async function topicOf(lens, text) {
  const r = await lens.analyze(text);
  try {
    const t = r.topic();
    const top = t.weights.indexOf(Math.max(...t.weights));
    return { label: t.label, best: t.best, top: r.tokens[top].text.toLowerCase() };
  } finally {
    r.dispose();
  }
}

test('each example where one word gives the topic away names a topic, with that word on top', async () => {
  const lens = await lensFor(BUILDS[0]);
  for (const { text, word } of TOPIC_EXAMPLES) {
    const t = await topicOf(lens, text);
    assert.ok(t.label, `${text}: not sure (best guess ${t.best})`);
    assert.equal(t.top, word, `${text}: the largest weight is on “${t.top}”`);
  }
  assert.equal((await topicOf(lens, NO_TOPIC_EXAMPLE)).label, null, NO_TOPIC_EXAMPLE);
});
