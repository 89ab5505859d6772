// One analysis as JS sees it. The C++ side owns the numbers until dispose(); step() copies a
// step out once, in bulk, into a Float32Array that JS owns from then on.

import { SCHEMA } from './generated/schema.js';

// the steps, token kinds and lookup statuses as the core names and orders them
const stepNames = (filter) => SCHEMA.steps.filter(filter).map((s) => s.name);
export const STEP_NAMES = Object.freeze(stepNames((s) => !s.document && !s.weight));
const DOCUMENT_STEPS = stepNames((s) => s.document);
const WEIGHT_MATRICES = stepNames((s) => s.weight); // the layer's weights, also as "steps"
const PER_HEAD = new Set(stepNames((s) => s.perHead));
const HEAD_COLUMNS = new Set(stepNames((s) => s.headColumns));
const KINDS = SCHEMA.tokenKinds;
const STATUSES = SCHEMA.lookupStatuses;
const FIELDS = 5; // ints per token in the C++ token table (src/wasm/bindings.cpp)

// Whether query i may not see key j under a mask (the core's is_masked, src/core/attention.h):
// causal hides the keys after the query, self the query's own key. Their weights are exactly 0.
export function isMasked(mask, i, j) {
  return (mask === 'causal' && j > i) || (mask === 'self' && j === i);
}

// Frees C++ results that were dropped without dispose(): a safety net, not the way to free them.
const forgotten = new FinalizationRegistry((handle) => {
  if (!handle.isDeleted()) handle.delete();
});

function tokenList(table, text) {
  const tokens = [];
  for (let i = 0; i < table.length; i += FIELDS) {
    const [start, end, kind, status, rank] = table.subarray(i, i + FIELDS);
    tokens.push({
      text: text.slice(start, end),
      start,
      end,
      kind: KINDS[kind],
      known: STATUSES[status] === 'known',
      status: STATUSES[status],
      rank: rank >= 0 ? rank : null,
    });
  }
  return tokens;
}

export class AttentionResult {
  #module;
  #handle;
  #copies = new Map();

  constructor(module, handle, { text, documentText = null, options, warnings = [] }) {
    this.#module = module;
    this.#handle = handle;
    forgotten.register(this, handle, this);
    this.options = options;
    this.warnings = warnings;
    this.cross = handle.cross();
    this.heads = handle.heads();
    this.dK = handle.dK();
    // token tables are views into C++ memory: copied here, before anything else runs
    this.tokens = tokenList(new Int32Array(handle.tokenTable(false)), text);
    this.totalTokens = handle.totalTokens(false);
    this.truncated = handle.truncated(false);
    this.maskedToken = handle.maskedToken();
    if (this.cross) {
      this.documentTokens = tokenList(new Int32Array(handle.tokenTable(true)), documentText);
      this.documentTotalTokens = handle.totalTokens(true);
      this.documentTruncated = handle.truncated(true);
    }
  }

  // { rows, cols, data } of one step. Per-head steps (scores, scaled, weights) take the head
  // (default 0). query, key, value and context give the whole matrix, or with a head the
  // head's d_k columns. The data is a JS-owned copy: it stays valid after dispose().
  step(name, head) {
    this.#checkStep(name, head);
    const key = `${name}:${head ?? ''}`;
    let copy = this.#copies.get(key);
    if (!copy) {
      copy = PER_HEAD.has(name) || head === undefined ? this.#copyStep(name, head ?? 0) : this.#headColumns(name, head);
      this.#copies.set(key, copy);
    }
    return copy;
  }

  // { rows, cols, data } without a copy: data is a Float32Array onto wasm memory, valid only
  // until the next call into the lens (which may grow memory and detach it) or dispose(). For
  // painting large steps at once; never keep it. Head column slices are copies (step()),
  // except with one head, where the slice is the whole matrix.
  view(name, head) {
    this.#checkStep(name, head);
    if (head !== undefined && !PER_HEAD.has(name) && this.heads > 1) return this.step(name, head);
    const view = this.#handle.step(name, PER_HEAD.has(name) ? (head ?? 0) : 0);
    if (view === null) throw new Error(`attention-lens: ${this.#module.takeError()}`);
    return { rows: view.rows, cols: view.cols, data: view.data };
  }

  #checkStep(name, head) {
    if (!this.#handle) throw new Error('attention-lens: this result was disposed');
    const known =
      STEP_NAMES.includes(name) || WEIGHT_MATRICES.includes(name) || (this.cross && DOCUMENT_STEPS.includes(name));
    if (!known) throw new TypeError(`attention-lens: unknown step '${name}' (steps: ${STEP_NAMES.join(', ')})`);
    if (head !== undefined && (!Number.isInteger(head) || head < 0 || head >= this.heads))
      throw new RangeError(`attention-lens: head must be a whole number from 0 to ${this.heads - 1}, got ${head}`);
    if (head !== undefined && !PER_HEAD.has(name) && !HEAD_COLUMNS.has(name))
      throw new TypeError(`attention-lens: step '${name}' has no heads`);
  }

  #copyStep(name, head) {
    const view = this.#handle.step(name, head);
    if (view === null) throw new Error(`attention-lens: ${this.#module.takeError()}`);
    // one bulk copy, at once: the view dies when wasm memory next grows
    // (new Float32Array(view) copies in bulk; TypedArray.slice on wasm memory is ~10× slower in V8)
    return { rows: view.rows, cols: view.cols, data: new Float32Array(view.data) };
  }

  #headColumns(name, head) {
    const whole = this.view(name); // copied from below, row by row
    const data = new Float32Array(whole.rows * this.dK);
    for (let r = 0; r < whole.rows; r++) {
      const from = r * whole.cols + head * this.dK;
      data.set(whole.data.subarray(from, from + this.dK), r * this.dK);
    }
    return { rows: whole.rows, cols: this.dK, data };
  }

  // The arithmetic behind weight (i, j) of a head, from the core: q_i, k_j, their products and
  // sum, the divisor, the row's maximum and exp total, the weight; v_j, weight·v_j, context_i and
  // output_i. Arrays are JS-owned copies.
  traceCell(head, i, j) {
    this.#checkStep('weights', head);
    const t = this.#handle.traceCell(head, i, j);
    if (t === null) throw new RangeError(`attention-lens: ${this.#module.takeError()}`);
    const out = { ...t };
    for (const [k, v] of Object.entries(t)) if (ArrayBuffer.isView(v)) out[k] = new Float32Array(v);
    return out;
  }

  // Why ÷√d_k: the input projected to dK dimensions by two random maps (seeded), softmaxed with
  // and without the scaling: per row, the spread of the scores, the largest weight, the entropy
  // in bits. Arrays are JS-owned copies.
  scalingStudy(dK, { seed = 0, temperature = 1 } = {}) {
    this.#checkStep('weights', 0);
    const s = this.#handle.scalingStudy(dK, seed, temperature);
    if (s === null) throw new RangeError(`attention-lens: ${this.#module.takeError()}`);
    return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, new Float32Array(v)]));
  }

  // Frees the C++ memory. Arrays already returned by step() stay valid.
  dispose() {
    if (!this.#handle) return;
    forgotten.unregister(this);
    this.#handle.delete();
    this.#handle = null;
  }
}
