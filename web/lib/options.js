// The analysis options as the core's schema defines them (web/lib/generated/schema.js, written
// from src/core/options.cpp at build time): defaults, validation with messages that name the
// option, and reading an option from text (element attributes, the URL).
import { SCHEMA } from './generated/schema.js';

const freeze = (o) => Object.freeze(o);
export const OPTION_SPECS = freeze(SCHEMA.options.map(freeze));
export const IMAGE_OPTION_SPECS = freeze(SCHEMA.imageOptions.map(freeze));
export const TRAINING_SPECS = freeze(SCHEMA.training.map(freeze));
export const IMAGE_TRAINING_SPECS = freeze(SCHEMA.imageTraining.map(freeze));
const defaults = (specs) => freeze(Object.fromEntries(specs.map((s) => [s.name, s.default])));
export const DEFAULT_OPTIONS = defaults(OPTION_SPECS);
export const DEFAULT_IMAGE_OPTIONS = defaults(IMAGE_OPTION_SPECS);
export const TRAINING_DEFAULTS = defaults(TRAINING_SPECS);
export const IMAGE_TRAINING_DEFAULTS = defaults(IMAGE_TRAINING_SPECS);
export const HEAD_COUNTS = freeze([...OPTION_SPECS.find((s) => s.name === 'heads').values]);
export const IMAGE_HEAD_COUNTS = freeze([...IMAGE_OPTION_SPECS.find((s) => s.name === 'heads').values]);
export const PATCH_SIZES = freeze([...IMAGE_OPTION_SPECS.find((s) => s.name === 'patch').values]);

// A value as a message quotes it: NaN and ±Infinity as themselves (JSON would say null)
const shown = (value) => (typeof value === 'number' ? String(value) : JSON.stringify(value));

function fail(message) {
  throw new TypeError(`attention-lens: ${message}`);
}

// Throws a TypeError naming the option when value is not one its spec allows (the core's
// check_option, with the same sentences).
export function checkOption(spec, value) {
  const { name, type } = spec;
  if (type === 'boolean') {
    if (typeof value !== 'boolean') fail(`option ${name} must be true or false, got ${shown(value)}`);
  } else if (type === 'choice') {
    if (!spec.choices.includes(value))
      fail(`option ${name} must be one of '${spec.choices.join("', '")}', got ${shown(value)}`);
  } else {
    if (typeof value !== 'number' || !Number.isFinite(value))
      fail(`option ${name} must be a finite number, got ${shown(value)}`);
    if (type === 'integer' && !Number.isInteger(value)) fail(`option ${name} must be a whole number, got ${value}`);
    if (spec.values && !spec.values.includes(value))
      fail(`option ${name} must be one of ${spec.values.join(', ')}, got ${value}`);
    if (value < spec.min || value > spec.max)
      fail(`option ${name} must be from ${spec.min} to ${spec.max}, got ${value}`);
  }
  return value;
}

function normalize(specs, defaults, options, what) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail(`${what} must be an object`);
  for (const key of Object.keys(options))
    if (!(key in defaults)) fail(`unknown option '${key}' (known: ${Object.keys(defaults).join(', ')})`);
  const o = { ...defaults, ...options };
  for (const spec of specs) checkOption(spec, o[spec.name]);
  return o;
}

// Returns the full options (defaults filled in), or throws a TypeError naming the bad option.
export function normalizeOptions(options = {}) {
  return normalize(OPTION_SPECS, DEFAULT_OPTIONS, options, 'options');
}

// The same for lens.analyzeImage()'s options.
export function normalizeImageOptions(options = {}) {
  return normalize(IMAGE_OPTION_SPECS, DEFAULT_IMAGE_OPTIONS, options, 'image options');
}

// The same for lens.createTrainer()'s options.
export function normalizeTrainingOptions(options = {}) {
  return normalize(TRAINING_SPECS, TRAINING_DEFAULTS, options, 'trainer options');
}

// The same for lens.createImageTrainer()'s options.
export function normalizeImageTrainingOptions(options = {}) {
  return normalize(IMAGE_TRAINING_SPECS, IMAGE_TRAINING_DEFAULTS, options, 'image trainer options');
}

// The spec named `key` (camelCase name, or kebab-case flag as in attributes), or undefined.
export const findOption = (key, specs = OPTION_SPECS) => specs.find((s) => s.name === key || s.flag === key);

// The value of an option written as text ("2", "true", "cosine"), parsed by its type; throws a
// TypeError naming the option when the text is not a value it allows.
export function parseOptionText(spec, text) {
  let value = text;
  if (spec.type === 'boolean')
    value = { true: true, 1: true, on: true, false: false, 0: false, off: false }[text] ?? text;
  else if (spec.type !== 'choice') value = text.trim() === '' ? NaN : Number(text);
  return checkOption(spec, value);
}

// options with the option `key` set from text: { options } when the text is a value it allows,
// { options (unchanged), error } when not (a bad attribute or an edited link keeps the rest).
export function withOptionText(options, key, text, specs = OPTION_SPECS) {
  const spec = findOption(key, specs);
  if (!spec) return { options, error: `unknown option '${key}'` };
  try {
    return { options: { ...options, [spec.name]: parseOptionText(spec, text) } };
  } catch (e) {
    return { options, error: e.message };
  }
}
