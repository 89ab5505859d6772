// One analysis as JS sees it. The C++ side owns the numbers until dispose(); step() copies a
// step out once, in bulk, into a Float32Array that JS owns from then on.

import { SCHEMA } from './generated/schema.js';
import { StepResult, checkIndex } from './steps.js';

// the steps, token kinds and lookup statuses as the core names and orders them
const stepNames = (filter) => SCHEMA.steps.filter(filter).map((s) => s.name);
export const STEP_NAMES = Object.freeze(stepNames((s) => !s.document && !s.weight));
const DOCUMENT_STEPS = stepNames((s) => s.document);
const KINDS = SCHEMA.tokenKinds;
const STATUSES = SCHEMA.lookupStatuses;
const STAND_INS = SCHEMA.standIns; // [word, stand-in]: the words the vectors lack that borrow a vector

// The token table's rows hold the columns the module names (tokenColumns, src/wasm/token_table.h).
const COLUMNS = ['start', 'end', 'kind', 'status', 'rank', 'standIn'];
function tokenList(table, text, columns) {
  const at = COLUMNS.map((name) => columns.indexOf(name)); // each column's place in a row, once
  const lost = COLUMNS.filter((_, k) => at[k] < 0);
  if (lost.length) throw new Error(`the module's token table has no ${lost.join(', ')} column`);
  const [S, E, K, ST, R, SI] = at;
  const tokens = [];
  for (let i = 0; i < table.length; i += columns.length) {
    const start = table[i + S],
      end = table[i + E],
      kind = table[i + K],
      status = table[i + ST],
      rank = table[i + R],
      standIn = table[i + SI];
    tokens.push({
      text: text.slice(start, end),
      start,
      end,
      kind: KINDS[kind],
      known: STATUSES[status] === 'known',
      status: STATUSES[status],
      rank: rank >= 0 ? rank : null,
      standIn: standIn >= 0 ? STAND_INS[standIn][1] : null, // the word whose vector it takes
    });
  }
  return tokens;
}

export class AttentionResult extends StepResult {
  #topicLabels;
  #topic;

  constructor(module, handle, { text, documentText = null, options, warnings = [], pending = null, topicLabels = [] }) {
    super(module, handle, SCHEMA.steps);
    this.#topicLabels = topicLabels;
    // analysed before all its words' files were in (analyze(…, { wait: false })): resolves once
    // they have come (true; false when none could be fetched; rejects where a file every word
    // needs failed); null when nothing was missing
    this.pending = pending;
    pending?.catch(() => {}); // a caller that never looks at it is not an unhandled rejection
    this.asked = options; // the options asked for
    this.options = handle.usedOptions(); // those the core used (the Session's rules: src/core/session.h)
    this.notes = handle.notes(); // [{ option, note }]: why an option used differs from the one asked
    this.warnings = warnings;
    this.cross = handle.cross();
    // token tables are views into C++ memory: copied here, before anything else runs
    const columns = handle.tokenColumns();
    this.tokens = tokenList(new Int32Array(handle.tokenTable(false)), text, columns);
    this.totalTokens = handle.totalTokens(false);
    this.truncated = handle.truncated(false);
    this.maskedToken = handle.maskedToken();
    if (this.cross) {
      this.documentTokens = tokenList(new Int32Array(handle.tokenTable(true)), documentText, columns);
      this.documentTotalTokens = handle.totalTokens(true);
      this.documentTruncated = handle.truncated(true);
    }
  }

  // the document's steps exist in cross-attention only
  hasStep(name) {
    return super.hasStep(name) && (this.cross || !DOCUMENT_STEPS.includes(name));
  }

  // The arithmetic behind weight (i, j) of a head, from the core: q_i, k_j, their products and
  // sum, the divisor, the row's maximum and exp total, the weight; v_j, weight·v_j, context_i and
  // output_i. Arrays are JS-owned copies.
  traceCell(head, i, j) {
    this.checkStep('weights', head);
    const { rows, cols } = this.handle.step('weights', head ?? 0);
    checkIndex('i', i, rows);
    checkIndex('j', j, cols);
    const t = this.checked(this.handle.traceCell(head, i, j), RangeError);
    const out = { ...t };
    for (const [k, v] of Object.entries(t)) if (ArrayBuffer.isView(v)) out[k] = new Float32Array(v);
    return out;
  }

  // What query's answer is about, in word space (100 numbers, a JS-owned copy): each head's
  // weights over the keys' GloVe vectors, without the positional encoding (which means nothing
  // to a nearest-word search). With identity weights it is the word part of the context.
  answerMeaning(query) {
    this.checkStep('weights');
    checkIndex('query', query, this.tokens.length);
    return new Float32Array(this.checked(this.handle.answerMeaning(query), RangeError));
  }

  // What a head does, from the core (summarizeHead, src/core/explain.h): its rows' mean
  // effective number of keys (exp of the entropy) and mean largest weight, and where each row's
  // largest weight falls: habits = shares of the rows on itself, the previous word, the next,
  // the first, the last, elsewhere (summing to 1); main, the most common. Self-attention only.
  headSummary(head = 0) {
    this.checkStep('weights', head);
    const s = this.checked(this.handle.headSummary(head), RangeError);
    return { ...s, habits: { ...s.habits } };
  }

  // What is this text about? The topic query's answer (src/core/topic/model.h): one learned query
  // over the text's words (the query text's in cross-attention), or null when the lens has no
  // topic model. label: the topic, or null when the model is not sure (its best topic below the
  // threshold, or "none" more probable); scores: every class's probability (the topics, then
  // "none"), summing to 1; weights: per token, the query's attention (0 for a token that took no
  // part: punctuation, symbols, a word without a vector, the hidden word); wordScores: per token, its score q·k/√d_k (null for a word that took no part);
  // match: log Σ exp(score), how well the best words matched; answer: the blend of the word
  // vectors the classifier reads. JS-owned copies, made once.
  topic() {
    if (this.#topic !== undefined) return this.#topic;
    const t = this.handle.topic();
    if (t === null) {
      this.throwIfFailed(); // null: a failed call, or no topic model
      this.#topic = null;
      return null;
    }
    const labels = this.#topicLabels;
    const probabilities = new Float32Array(t.probabilities);
    const weights = Array.from(t.weights);
    const scores = Array.from(t.scores);
    const used = Array.from(t.used, Boolean);
    this.#topic = {
      label: t.label >= 0 ? labels[t.label] : null,
      best: labels[t.best],
      threshold: t.threshold,
      match: t.match,
      labels: labels.slice(),
      scores: Object.fromEntries(labels.map((l, i) => [l, probabilities[i]])),
      weights,
      wordScores: scores.map((s, i) => (used[i] ? s : null)),
      answer: new Float32Array(t.answer),
    };
    return this.#topic;
  }

  // Why ÷√d_k: the input projected to dK dimensions by two random maps (seeded), softmaxed with
  // and without the scaling: per row, the spread of the scores, the largest weight, the entropy
  // in bits. Arrays are JS-owned copies.
  scalingStudy(dK, { seed = 0, temperature = 1 } = {}) {
    this.checkStep('weights', 0);
    const s = this.checked(this.handle.scalingStudy(dK, seed, temperature), RangeError);
    return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, new Float32Array(v)]));
  }

  // Why attention: each word's influence on the last position, from the core (src/core/recurrent.h).
  // Through a small recurrent network over the same input (an Elman RNN with `hidden` units,
  // seeded, W_h scaled to the largest singular value `radius` < 1): recurrent[j] = ‖∂h_n/∂x_j‖_F;
  // through one attention step: the last row's weights, mean over the heads. Both as shares
  // that sum to 1 (recurrentShare, attentionShare), and the shares of the first `firstHalf`
  // words. Self-attention only. Arrays are JS-owned Float64Array copies.
  recurrentInfluence({ seed = 0 } = {}) {
    this.checkStep('weights', 0);
    if (!Number.isSafeInteger(seed) || seed < 0)
      throw new RangeError(`attention-lens: seed must be a whole number of 0 or more, got ${seed}`);
    const s = this.checked(this.handle.recurrentInfluence(seed), RangeError);
    return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, ArrayBuffer.isView(v) ? new Float64Array(v) : v]));
  }
}
