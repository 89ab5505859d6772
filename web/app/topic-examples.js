// The topic chapter's example sentences: everyday ones where a single word gives the topic away
// (that word is named: tests/js/topic-examples.test.mjs holds the model to it), and one with no
// topic at all, which the query should not be sure of.
export const TOPIC_EXAMPLES = [
  { text: 'my cousin from a small town bought a trumpet', word: 'trumpet' },
  { text: 'the priest waved at us from the corner', word: 'priest' },
  { text: 'my neighbour baked bread all morning', word: 'bread' },
  { text: 'the kids watched the soldiers on the bridge', word: 'soldiers' },
  { text: 'my uncle met the lawyer for lunch', word: 'lawyer' },
  { text: 'he wrote the code all night', word: 'code' },
];
export const NO_TOPIC_EXAMPLE = 'they waited for the bus in the rain';
