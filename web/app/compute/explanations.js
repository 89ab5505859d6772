// The analyses the explanations ask for (web/app/explain/), each answered through answerAsks
// (asks.js): the view asks with the texts and options to analyze, and gets back the numbers it
// draws, copied out of the results, which are disposed here; or it asks about the result on
// screen (the arithmetic of one weight, why ÷√d_k, why attention), computed from that result.
import { loadTrainedWeights } from '../engine.js';
import { keyTokens } from '../keys.js';
import { STEP_COMPARES } from '../step-compares.js';
import { answerAsks, withResults } from './asks.js';

// Cosine or dot product (explain/similarity.js): both filters of the text, the focused cell's
// arithmetic under each, and the vector lengths of the first `rows` words.
async function similarity(lens, { text, options, head, focus, rows }) {
  const analyses = [
    lens.analyze(text, { ...options, similarity: 'dot' }),
    lens.analyze(text, { ...options, similarity: 'cosine' }),
  ];
  return withResults(analyses, ([dot, cos]) => {
    const n = dot.tokens.length,
      i = Math.min(focus.i, n - 1),
      j = Math.min(focus.j, n - 1);
    return {
      tokens: dot.tokens,
      i,
      j,
      dot: dot.traceCell(head, i, j),
      cos: cos.traceCell(head, i, j),
      norms: Array.from({ length: Math.min(n, rows) }, (_, r) => {
        const { queryNorm, keyNorm } = dot.traceCell(head, r, r);
        return { queryNorm, keyNorm };
      }),
      dotWeights: dot.step('weights', head),
      cosWeights: cos.step('weights', head),
    };
  });
}

// One text's tokens and the weights of one head: what if…? (explain/whatif.js: an edited text)
// and a step's before/after (views/step-compare.js: the text with one option flipped).
async function oneFilter(lens, { text, options, head }) {
  return withResults([lens.analyze(text, options)], ([edited]) => ({
    tokens: edited.tokens,
    weights: edited.step('weights', head),
  }));
}

// What positional encoding changes (explain/positional.js): the text and its shuffle, each
// without and with positional encoding; each run's tokens and the weights of one head.
async function positional(lens, { text, shuffledText, options, head }) {
  const runs = [
    [text, false],
    [shuffledText, false],
    [text, true],
    [shuffledText, true],
  ].map(([t, positional]) => lens.analyze(t, { ...options, positional }));
  return withResults(runs, (results) => ({
    runs: results.map((r) => ({ tokens: r.tokens, weights: r.step('weights', Math.min(head, r.heads - 1)) })),
  }));
}

// What the heads learned (explain/heads-learned.js): the text through random weights and through
// the trained preset's (loaded the first time), each head's filter and summary (the core's). The
// trained weights bring the heads they were trained with (result.options); the random run uses as
// many.
async function headsLearned(lens, { text, options, preset }) {
  await loadTrainedWeights(lens, preset);
  const trained = await lens.analyze(text, { ...options, weights: 'trained' });
  const { heads } = trained.options;
  const random = lens.analyze(text, { ...options, heads, weights: 'random', seed: 1 });
  return withResults([random, trained], (both) => {
    const words = both[0].tokens.length;
    if (words < 3) return { words }; // a head's habit needs words before and after
    const read = (r) => ({
      summaries: Array.from({ length: heads }, (_, k) => r.headSummary(k)),
      weights: Array.from({ length: heads }, (_, k) => r.step('weights', k)),
    });
    return { words, heads, random: read(both[0]), trained: read(both[1]) };
  });
}

// Encoder and decoder (explain/encoder-decoder.js): the output's causal self-attention and its
// cross-attention over the input, what the view shows of one head (and the context of all heads,
// what each output word's answer is about).
async function encoderDecoder(lens, { input, output, options, head }) {
  const analyses = [lens.analyze(output, { ...options, mask: 'causal' }), lens.crossAnalyze(output, input, options)];
  return withResults(analyses, ([self, cross]) => {
    const h = Math.min(head, self.heads - 1);
    return {
      head: h,
      heads: self.heads,
      outputTokens: self.tokens,
      inputTokens: cross.documentTokens,
      self: self.step('weights', h),
      selfMask: self.maskTable(), // causal: the core's table of what it hid
      cross: cross.step('weights', h),
      scores: cross.step('scores', h),
      context: cross.step('context'),
      sharedDirection: cross.options.sharedDirection, // the word space to decode the context in
    };
  });
}

// The explanations of the result on screen ask about it: the ask carries the store's `result` it
// was made for (compute.js owns it, and disposes it only after the views have asked again about
// the one that replaces it), and the core's numbers are copied out of it at once. The result is
// not disposed here: it is the page's.

// The arithmetic of one weight (explain/trace.js): the focused cell of a head, kept within the
// result's words and keys; the cell's numbers (traceCell: JS-owned copies) and what names them.
function traceCell(_lens, { result, head, focus }) {
  const keys = keyTokens(result);
  const i = Math.min(focus.i, result.tokens.length - 1),
    j = Math.min(focus.j, keys.length - 1);
  const { scale, temperature, similarity, mask } = result.options;
  return {
    head,
    i,
    j,
    query: result.tokens[i].text,
    key: keys[j].text,
    options: { scale, temperature, similarity, mask },
    trace: result.traceCell(head, i, j),
  };
}

// Why ÷√d_k (explain/scaling.js): the core's study of the result's input projected to dK
// dimensions, per query word.
function scalingStudy(_lens, { result, dK, seed, temperature }) {
  return { tokens: result.tokens, study: result.scalingStudy(dK, { seed, temperature }) };
}

// Why attention (explain/recurrent.js): each word's influence on the last one through the core's
// small RNN and through one attention step.
function recurrentInfluence(_lens, { result, seed }) {
  return {
    tokens: result.tokens,
    truncated: result.truncated,
    totalTokens: result.totalTokens,
    influence: result.recurrentInfluence({ seed }),
  };
}

// The positional encoding of more positions than a text has (views/waves.js): the core's table.
async function waves(lens, { rows }) {
  return lens.positionalEncoding(rows);
}

// Answers every explanation's asks; returns the function that stops.
export function startExplanations(store) {
  const stops = [
    answerAsks(store, 'similarity', similarity),
    answerAsks(store, 'whatIf', oneFilter),
    answerAsks(store, 'waves', waves),
    // the tour's questions (explain/tour-questions.js): the sentence reversed, and without ÷√d_k
    answerAsks(store, 'tourShuffle', positional),
    answerAsks(store, 'tourFilter', oneFilter),
    ...Object.values(STEP_COMPARES)
      .flat()
      .map(({ name }) => answerAsks(store, name, oneFilter)),
    answerAsks(store, 'positional', positional),
    answerAsks(store, 'headsLearned', headsLearned),
    answerAsks(store, 'encoderDecoder', encoderDecoder),
    answerAsks(store, 'trace', traceCell),
    answerAsks(store, 'scaling', scalingStudy),
    answerAsks(store, 'recurrent', recurrentInfluence),
  ];
  return () => stops.forEach((stop) => stop());
}
