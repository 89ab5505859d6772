// What the text and image results share: a handle onto a C++ analysis whose steps are copied
// out once, in bulk, into Float32Arrays that JS owns (step()), or lent as views onto wasm memory
// for painting at once (view()); dispose() frees the C++ side.

import { takeError } from './errors.js';

// Frees C++ results that were dropped without dispose(): a safety net, not the way to free them.
const forgotten = new FinalizationRegistry((handle) => {
  if (!handle.isDeleted()) handle.delete();
});

// Throws a RangeError unless value is a whole number from 0 to count - 1 (a row, a token, a key).
export function checkIndex(name, value, count) {
  if (!Number.isInteger(value) || value < 0 || value >= count)
    throw new RangeError(`attention-lens: ${name} must be a whole number from 0 to ${count - 1}, got ${value}`);
}

export class StepResult {
  #module;
  #handle;
  #table; // the mode's steps: [{ name, perHead, headColumns, … }] from the schema
  #copies = new Map();
  #maskRows = new Map(); // query -> its row of the mask, copied once
  #maskTable = null; // every row, copied once (maskTable())

  constructor(module, handle, table) {
    this.#module = module;
    this.#handle = handle;
    this.#table = new Map(table.map((s) => [s.name, s]));
    forgotten.register(this, handle, this);
    this.heads = handle.heads();
    this.dK = handle.dK();
  }

  // The C++ handle, for a subclass's own calls; throws once disposed.
  get handle() {
    if (!this.#handle) throw new Error('attention-lens: this result was disposed');
    return this.#handle;
  }

  // Throws the C++ error when value is null (a failed call): as ErrorType when given, else as
  // the class of its kind (errors.js).
  checked(value, ErrorType) {
    if (value === null) throw takeError(this.#module, ErrorType) ?? new (ErrorType ?? Error)('attention-lens: failed');
    return value;
  }

  // Throws the C++ error when the last call failed (its null meant an error).
  throwIfFailed() {
    const error = takeError(this.#module);
    if (error) throw error;
  }

  // Whether the step exists in this result (a subclass narrows it, e.g. document steps).
  hasStep(name) {
    return this.#table.has(name);
  }

  // { rows, cols, data } of one step. Per-head steps (scores, scaled, weights) take the head
  // (default 0). query, key, value and context give the whole matrix, or with a head the
  // head's d_k columns. The data is a JS-owned copy: it stays valid after dispose().
  step(name, head) {
    this.checkStep(name, head);
    const key = `${name}:${head ?? ''}`;
    let copy = this.#copies.get(key);
    if (!copy) {
      copy = this.#perHead(name) || head === undefined ? this.#copy(name, head ?? 0) : this.#headColumns(name, head);
      this.#copies.set(key, copy);
    }
    return copy;
  }

  // { rows, cols, data } without a copy: data is a Float32Array onto wasm memory, valid only
  // until the next call into the lens (which may grow memory and detach it) or dispose(). For
  // painting large steps at once; never keep it. Head column slices are copies (step()),
  // except with one head, where the slice is the whole matrix.
  view(name, head) {
    this.checkStep(name, head);
    if (head !== undefined && !this.#perHead(name) && this.heads > 1) return this.step(name, head);
    const view = this.checked(this.handle.step(name, this.#perHead(name) ? (head ?? 0) : 0));
    return { rows: view.rows, cols: view.cols, data: view.data };
  }

  checkStep(name, head) {
    if (!this.#handle) throw new Error('attention-lens: this result was disposed');
    if (!this.hasStep(name))
      throw new TypeError(`attention-lens: unknown step '${name}' (steps: ${[...this.#table.keys()].join(', ')})`);
    if (head !== undefined && (!Number.isInteger(head) || head < 0 || head >= this.heads))
      throw new RangeError(`attention-lens: head must be a whole number from 0 to ${this.heads - 1}, got ${head}`);
    if (head !== undefined && !this.#perHead(name) && !this.#table.get(name).headColumns)
      throw new TypeError(`attention-lens: step '${name}' has no heads`);
  }

  #perHead(name) {
    return this.#table.get(name).perHead;
  }

  // one bulk copy, at once: the view dies when wasm memory next grows
  // (new Float32Array(view) copies in bulk; TypedArray.slice on wasm memory is ~10× slower in V8)
  #copy(name, head) {
    const view = this.checked(this.handle.step(name, head));
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

  // How concentrated query row's weights of a head are, from the core: { effective, topShare,
  // top }: the effective number of keys exp(entropy) (the count when uniform, 1 when one-hot)
  // and the share of the weight on the `top` largest.
  focus(head, row, top = 5) {
    this.checkStep('weights', head);
    return this.focusOf(head, row, top);
  }

  // Which keys the mask the core used hid from query i (its rule, is_masked in
  // src/core/attention.h, a row the core fills: mask_row, src/wasm/token_table.h): a Uint8Array
  // of the keys, 1 where query i may not see key j (its weight is then exactly 0). A JS-owned
  // copy, made once a row. Text and pictures alike.
  maskRow(i) {
    let row = this.#maskRows.get(i);
    if (!row && this.#maskTable && Number.isInteger(i) && i >= 0 && i < this.#maskTable.rows) {
      const { cols, data } = this.#maskTable;
      row = data.subarray(i * cols, (i + 1) * cols);
      this.#maskRows.set(i, row);
    }
    if (!row) {
      row = new Uint8Array(this.checked(this.handle.maskRow(i), RangeError));
      this.#maskRows.set(i, row);
    }
    return row;
  }

  // Whether query i may not see key j (maskRow()).
  masked(i, j) {
    return this.maskRow(i)[j] === 1;
  }

  // Every query's row: { rows, cols, data }, data[i * cols + j] = maskRow(i)[j]. The core's
  // table in one call, copied once and shared by every view that asks (do not write to it).
  maskTable() {
    if (!this.#maskTable) {
      const { rows, cols } = this.handle.step('weights', 0);
      this.#maskTable = { rows, cols, data: new Uint8Array(this.checked(this.handle.maskTable(), RangeError)) };
    }
    return this.#maskTable;
  }

  // focus() once the head is known to be valid: row and top are checked here, since Embind would
  // pass NaN, fractions and negative numbers on as 0 or truncated
  focusOf(head, row, top) {
    checkIndex('row', row, this.handle.step('weights', Math.max(head, 0)).rows);
    if (!Number.isInteger(top) || top < 1)
      throw new RangeError(`attention-lens: top must be a whole number of 1 or more, got ${top}`);
    return { ...this.checked(this.handle.focus(head, row, top), RangeError) };
  }

  // Frees the C++ memory. Arrays already returned by step() stay valid.
  dispose() {
    if (!this.#handle) return;
    forgotten.unregister(this);
    this.#handle.delete();
    this.#handle = null;
  }
}
