// The analysis options: defaults, and validation with messages that name the option.

export const HEAD_COUNTS = Object.freeze([1, 2, 4, 5, 10, 20, 25, 50, 100]);

export const DEFAULT_OPTIONS = Object.freeze({
  heads: 1,               // one of HEAD_COUNTS (the divisors of 100)
  positional: true,       // add the sinusoidal positional encoding
  positionalWeight: 1,    // X = embeddings + positionalWeight · PE, in [0, 10]
  scale: true,            // divide the scores by √d_k
  temperature: 1,         // divide the scores by it too, in [1e-6, 1e6]
  similarity: 'dot',      // 'dot' (the paper) or 'cosine'
  mask: 'none',           // 'none' or 'causal'
  weights: 'identity',    // 'identity', 'random' (Xavier, seeded) or 'trained'
  seed: 0,                // seed of the random weights: an integer from 0 to 2^32 - 1
  maxTokens: 2048,        // longer texts are cut (result.truncated says so)
  maskedToken: -1,        // "what if this word were hidden?": the token whose embedding is zeroed
});

const CHOICES = { similarity: ['dot', 'cosine'], mask: ['none', 'causal'], weights: ['identity', 'random', 'trained'] };

function fail(message) {
  throw new TypeError(`attention-lens: ${message}`);
}

function number(name, value, min, max) {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(`option ${name} must be a finite number, got ${JSON.stringify(value)}`);
  if (value < min || value > max) fail(`option ${name} must be from ${min} to ${max}, got ${value}`);
  return value;
}

function integer(name, value, min, max) {
  number(name, value, min, max);
  if (!Number.isInteger(value)) fail(`option ${name} must be a whole number, got ${value}`);
  return value;
}

// Returns the full options (defaults filled in), or throws a TypeError naming the bad option.
export function normalizeOptions(options = {}) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail('options must be an object');
  for (const key of Object.keys(options))
    if (!(key in DEFAULT_OPTIONS)) fail(`unknown option '${key}' (known: ${Object.keys(DEFAULT_OPTIONS).join(', ')})`);
  const o = { ...DEFAULT_OPTIONS, ...options };
  if (!HEAD_COUNTS.includes(o.heads)) fail(`option heads must divide 100: one of ${HEAD_COUNTS.join(', ')}; got ${JSON.stringify(o.heads)}`);
  for (const name of ['positional', 'scale'])
    if (typeof o[name] !== 'boolean') fail(`option ${name} must be true or false, got ${JSON.stringify(o[name])}`);
  number('positionalWeight', o.positionalWeight, 0, 10);
  number('temperature', o.temperature, 1e-6, 1e6);
  for (const [name, allowed] of Object.entries(CHOICES))
    if (!allowed.includes(o[name])) fail(`option ${name} must be one of '${allowed.join("', '")}', got ${JSON.stringify(o[name])}`);
  integer('seed', o.seed, 0, 2 ** 32 - 1);
  integer('maxTokens', o.maxTokens, 1, 8192);
  integer('maskedToken', o.maskedToken, -1, 8191);
  return o;
}
