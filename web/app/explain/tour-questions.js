// The tour's "check yourself" questions: the learner predicts, then sees the numbers that decide
// it and one sentence of why. Each question reads the live numbers of whatever sentence is shown
// (the store's result, topic and answers to asks): nothing here is written in advance.
//   prompt(state)          the question
//   choices(state)         [{ value, label }], or null until the numbers it needs are in
//   answer(state)          the value the numbers give, or null until they are in
//   reveal(state, chosen)  the numbers and why (and, for a wrong choice, why not that one)
//   askName, ask(state)    the ask (compute/explanations.js) whose answer holds its numbers, and what
//                          it asks; none where a panel the step opens asks for them
import { fmt, percent } from '../format.js';

const word = (t) => `“${t.text}”`;

// the largest of a row's weights over the keys not masked: [index, weight]
function strongest(result, weights, i) {
  let best = -1;
  for (let j = 0; j < weights.cols; j++)
    if (
      !result.masked(i, j) &&
      (best < 0 || weights.data[i * weights.cols + j] > weights.data[i * weights.cols + best])
    )
      best = j;
  return [best, weights.data[i * weights.cols + best]];
}

// One: which word the topic query weighs most.
const topicWord = {
  prompt: () => 'Which word will the question weigh most? Choose one.',
  choices: ({ result, topic }) =>
    topic && result
      ? result.tokens.flatMap((t, i) => (topic.wordScores[i] === null ? [] : [{ value: i, label: t.text }]))
      : null,
  answer: ({ topic }) => (topic ? topic.weights.indexOf(Math.max(...topic.weights)) : null),
  reveal: ({ result, topic }, chosen) => {
    const best = topic.weights.indexOf(Math.max(...topic.weights));
    const said = (i) =>
      `${word(result.tokens[i])} takes ${percent(topic.weights[i])} (its key’s score ${fmt(topic.wordScores[i], 2)})`;
    return (
      (chosen === best ? `Yes: ${said(best)}.` : `It is ${said(best)}; ${said(chosen)}.`) +
      ' The query learned which words only one topic uses: one of them is enough to give a sentence away.'
    );
  },
};

// Two: how much of the last word's input can still come from the first half.
const rnnReach = {
  prompt: () =>
    'How much of the last word’s input can still come from the first half of the paragraph: more through a ' +
    'recurrent network (RNN), or more through attention?',
  choices: () => [
    { value: 'rnn', label: 'more through the RNN' },
    { value: 'attention', label: 'more through attention' },
    { value: 'same', label: 'about the same' },
  ],
  answer: ({ recurrentAnswer: a, recurrentAsk }) => {
    if (!a?.influence || a.ask !== recurrentAsk) return null;
    const { recurrentFirstHalf: r, attentionFirstHalf: t } = a.influence;
    return t > 2 * r ? 'attention' : r > 2 * t ? 'rnn' : 'same';
  },
  reveal: ({ recurrentAnswer: { influence: s } }) =>
    `Through the RNN the first half holds ${s.recurrentFirstHalf.toExponential(1)} of the last word’s ` +
    `influence; through attention ${percent(s.attentionFirstHalf)}. The RNN carries everything in one state, and ` +
    'every step shrinks an early word’s share; attention reaches every word in one step.',
};

// Three: where the query word looks most.
const searchTop = {
  prompt: ({ result, query }) => `Which word will ${word(result.tokens[query])} attend to most? Choose one.`,
  choices: ({ result, query }) =>
    result.tokens.flatMap((t, j) => (result.masked(query, j) ? [] : [{ value: j, label: t.text }])),
  answer: ({ result, query, head }) => strongest(result, result.view('weights', head), query)[0],
  reveal: ({ result, query, head }, chosen) => {
    const w = result.view('weights', head),
      s = result.view('scores', head);
    const said = (j) =>
      `${word(result.tokens[j])}: weight ${percent(w.data[query * w.cols + j])}, score ${fmt(s.data[query * s.cols + j], 2)}`;
    const [best] = strongest(result, w, query);
    return (
      (chosen === best ? `Yes, ${said(best)}.` : `It is ${said(best)}; ${said(chosen)}.`) +
      ' The query matches that key best (the largest score), and the softmax turns the best score into the largest weight.'
    );
  },
};

// the tour's reversal of the words: the positional explanation's computation (compute/explanations.js)
const reversed = (result) => result.tokens.map((t) => t.text).reverse();
// the largest difference of two runs' weights once the reversed one is put back in order
function backInOrder(a, b) {
  const n = a.rows;
  let max = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      max = Math.max(max, Math.abs(a.data[i * n + j] - b.data[(n - 1 - i) * n + (n - 1 - j)]));
  return max;
}

// Four: what word order does to the weights, without and with positional encoding.
const shuffle = {
  prompt: () =>
    'Reverse the words. Without positional encoding, do the weights change, or do they only move with their words?',
  choices: () => [
    { value: 'move', label: 'they only move with their words' },
    { value: 'change', label: 'they change' },
  ],
  answer: (state) => {
    const d = shuffleDiffs(state);
    return d ? (d.off < 1e-4 ? 'move' : 'change') : null;
  },
  reveal: (state) => {
    const d = shuffleDiffs(state);
    return (
      `Without positional encoding, put back in order, the reversed sentence’s weights differ from yours by at most ` +
      `${d.off.toExponential(1)}: they only moved with their words, since attention alone has no idea of order. With ` +
      `it they differ by up to ${fmt(d.on, 3)}: the waves tell the positions apart.`
    );
  },
  askName: 'tourShuffle',
  ask: ({ result, text, options, head }) => ({
    text,
    shuffledText: reversed(result).join(' '),
    options,
    head,
  }),
};
function shuffleDiffs({ tourShuffleAnswer: a, tourShuffleAsk }) {
  if (!a?.runs || a.ask !== tourShuffleAsk) return null;
  const [off, offShuffled, on, onShuffled] = a.runs.map((r) => r.weights);
  if (off.rows !== offShuffled.rows) return null;
  return { off: backInOrder(off, offShuffled), on: backInOrder(on, onShuffled) };
}

// Five: the query and the key of one word under identity weights.
const qkSame = {
  prompt: ({ result, query }) =>
    `With identity weights, how different are the query and the key of ${word(result.tokens[query])}?`,
  choices: () => [
    { value: 'same', label: 'the same numbers' },
    { value: 'little', label: 'a little different' },
    { value: 'very', label: 'very different' },
  ],
  answer: (state) => {
    const d = qkDifference(state);
    return d === 0 ? 'same' : d < 0.5 ? 'little' : 'very';
  },
  reveal: (state) =>
    `The same: their largest difference is ${qkDifference(state)}. The query is X·W_Q and the key X·W_K, and with ` +
    'W_Q = W_K = I both are the word’s own vector; random or trained weights make them differ.',
};
function qkDifference({ result, query }) {
  const q = result.view('query'),
    k = result.view('key');
  let max = 0;
  for (let c = 0; c < q.cols; c++)
    max = Math.max(max, Math.abs(q.data[query * q.cols + c] - k.data[query * k.cols + c]));
  return max;
}

// Six: what ÷√d_k does to the largest weight.
const scaleOff = {
  prompt: ({ result, query }) =>
    `Without ÷√d_k, will the largest weight of ${word(result.tokens[query])} grow or shrink?`,
  choices: () => [
    { value: 'grow', label: 'grow' },
    { value: 'shrink', label: 'shrink' },
  ],
  answer: (state) => {
    const w = scaleWeights(state);
    return w ? (w.off > w.now ? 'grow' : 'shrink') : null;
  },
  reveal: (state) => {
    const w = scaleWeights(state);
    return (
      `It ${w.off > w.now ? 'grows' : 'shrinks'}: ${percent(w.now)} → ${percent(w.off)} without the division. A dot ` +
      'product of d_k numbers grows with d_k: undivided, the scores are √d_k times as far apart, and the softmax ' +
      'gives the best match more.'
    );
  },
  askName: 'tourFilter',
  ask: ({ text, options, head }) => ({ text, options: { ...options, scale: false }, head }),
};
function scaleWeights({ result, query, head, tourFilterAnswer: a, tourFilterAsk }) {
  if (!a?.weights || a.ask !== tourFilterAsk || a.weights.rows !== result.tokens.length) return null;
  return {
    now: strongest(result, result.view('weights', head), query)[1],
    off: strongest(result, a.weights, query)[1],
  };
}

// Eight: what the causal mask lets the decoder's first word see.
const causalLook = {
  prompt: () => 'With the causal mask, can “I” look at “fine”?',
  choices: () => [
    { value: 'yes', label: 'yes' },
    { value: 'no', label: 'no' },
  ],
  answer: (state) => {
    const c = causalCell(state);
    return c ? (c.masked ? 'no' : 'yes') : null;
  },
  reveal: (state) => {
    const c = causalCell(state);
    return (
      `${c.masked ? 'No' : 'Yes'}: its weight is exactly ${c.weight}${c.masked ? ' (masked)' : ''}. A decoder writes ` +
      'one word at a time, so each word may only look back: “I”, the first, sees only itself.'
    );
  },
};
function causalCell({ encoderDecoderAnswer: a }) {
  if (!a?.selfMask) return null;
  const words = a.outputTokens.map((t) => t.text.toLowerCase());
  const j = words.indexOf('fine');
  if (words[0] !== 'i' || j < 0) return null;
  return { masked: a.selfMask.data[j] === 1, weight: a.self.data[j] };
}

export const QUESTIONS = { topicWord, rnnReach, searchTop, shuffle, qkSame, scaleOff, causalLook };
