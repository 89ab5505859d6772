// The training tools take their training options from the core's schema (core/options.h, as
// attention-lens --schema prints it): the same flags, help and defaults as the page's worker and
// the JS API, each value checked against the schema's range, and no flag the schema does not know.
// No training is run: every call here stops at its flags.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { root, run } from './run-cli.mjs';

const schema = JSON.parse(run(['--schema']).stdout);
const TOOLS = [
  {
    name: 'attention-train-image',
    specs: schema.imageTraining,
    own: ['--train', '--held-out', '--out', '--report', '--steps', '--eval-every'],
    required: /--train \(or --synthetic\), --held-out and --out are required/,
    // the rate decays over --steps unless --decay-steps says otherwise: its default is theirs
    defaults: { 'decay-steps': schema.presetImageTrainingSteps },
    unknown: ['--augment', '--positional-weight', '--scale', '--weights', '--learningrate'],
  },
  {
    name: 'attention-train',
    specs: schema.training,
    own: ['--corpus', '--assets', '--out', '--report', '--steps', '--eval-every'],
    required: /--corpus and --out are required/,
    defaults: {},
    unknown: ['--decay-steps', '--patch', '--learningrate'],
  },
];

function train(tool, args) {
  const r = spawnSync(join(root, 'build', 'native', tool.name), args, { encoding: 'utf8' });
  if (r.error) throw r.error;
  return r;
}

// The flags --help lists, in its order.
const listed = (help) => [...help.matchAll(/^ {2}(--[a-z-]+) /gm)].map((m) => m[1]);
// A number as the core writes it in a sentence (1e-06, 0.01, 4096).
const text = (x) => (x > 0 && x < 1e-3 ? x.toExponential().replace(/e-(\d)$/, 'e-0$1') : String(x));
// A value outside an option's range, or not among its values or choices.
const outside = (s) => (s.choices ? 'causal' : s.values ? String(Math.max(...s.values) + 1) : String(s.max * 2 || 1));

for (const tool of TOOLS) {
  test(`${tool.name} --help lists its own flags, then exactly the schema options with their help and defaults`, () => {
    const r = train(tool, ['--help']);
    assert.equal(r.status, 0);
    assert.deepEqual(listed(r.stdout), [...tool.own, ...tool.specs.map((s) => `--${s.flag}`)]);
    for (const s of tool.specs) {
      const line = r.stdout.split('\n').find((l) => l.startsWith(`  --${s.flag} `));
      const shown = String(tool.defaults[s.flag] ?? s.default);
      assert.ok(line.includes(s.help), `"${line}" has the schema's help "${s.help}"`);
      assert.ok(line.endsWith(`(default ${shown})`), `"${line}" shows the default ${shown}`);
    }
  });

  test(`${tool.name} accepts every schema option as a flag with its default value`, () => {
    for (const s of tool.specs) {
      const r = train(tool, [`--${s.flag}`, String(s.default)]);
      assert.equal(r.status, 2); // stopped by the missing files, not by the flag
      assert.match(r.stderr, tool.required, `--${s.flag}: ${r.stderr.split('\n')[0]}`);
    }
  });

  test(`${tool.name} refuses flags the schema does not know`, () => {
    for (const flag of tool.unknown) {
      const r = train(tool, [flag, '1']);
      assert.equal(r.status, 2);
      assert.ok(r.stderr.startsWith(`${tool.name}: unknown option ${flag}\nusage: ${tool.name} `), r.stderr);
    }
  });

  test(`${tool.name} refuses a value out of the schema's range with a sentence naming the option and what it allows`, () => {
    for (const s of tool.specs.filter((o) => o.type !== 'boolean')) {
      const value = outside(s);
      const r = train(tool, [`--${s.flag}`, value]);
      assert.equal(r.status, 2, `--${s.flag} ${value}`);
      const allows = s.choices
        ? `must be one of ${s.choices.map((c) => `'${c}'`).join(', ')}, got '${value}'`
        : s.values
          ? `must be one of ${s.values.join(', ')}, got ${value}`
          : `must be from ${text(s.min)} to ${text(s.max)}, got ${value}`;
      assert.ok(r.stderr.startsWith(`${tool.name}: ${s.name} ${allows}\n`), r.stderr.split('\n')[0]);
    }
    assert.match(train(tool, ['--heads', 'four']).stderr, /: heads must be a number, got 'four'\n/);
  });
}

test('attention-train-image reads the noise, the heads and the booleans by the schema', () => {
  const image = TOOLS[0];
  assert.match(
    train(image, ['--noise', '0.001']).stderr,
    /^attention-train-image: noise must be from 0.01 to 0.5, got/,
  );
  assert.match(
    train(image, ['--heads', '5']).stderr,
    /: heads must be one of 1, 2, 3, 4, 6, 8, 12, 16, 24, 48, got 5\n/,
  );
  assert.match(train(image, ['--positional', 'maybe']).stderr, /: positional must be true or false, got 'maybe'\n/);
  assert.match(train(image, ['--mask', 'causal']).stderr, /: mask must be one of 'none', 'self', got 'causal'\n/);
});
