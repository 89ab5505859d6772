// What both training panels (the text layer's and the picture layer's) show of their run
// (compute/training.js): the run controls (a select for each option the run starts with, the
// seed, one button for Train / Pause / Resume, Reset once started, the button that puts the
// weights so far into the view above), the status line and the loss curve, empty until the
// first steps. The status line says the run's own events: starting, paused, stopped, not
// possible from a file, the steps, and the weights taken. Every other event, and each step
// after the status line took it, goes to the panel's onEvent(event, run), run being the store's
// { event, losses, evals }.
import { h, uniqueId } from '../dom.js';
import { fmt, fmtInt } from '../format.js';
import { drawEmptyCurve } from '../train/curve.js';

// name: the run in the store ('training' or 'imageTraining'; the panel asks by
// store[`${name}Ask`]). id: the prefix of the fields' ids. selects: [{ key, label, values,
// text(value) }], each starting at defaults[key] (defaults.seed for the seed). start(values):
// the start message's fields besides the seed, values being the selects' numbers by key.
// target: what the weights go into above ('filter', 'picture'). lossDigits: the loss's decimals
// in the status line. Returns the controls' row, the status line, the curve and destroy().
export function trainingControls(
  store,
  name,
  { id, selects, defaults, start, target, statusClass, startingText, lossDigits, curveLabel, onEvent },
) {
  const fields = selects.map(({ key, label, values, text = String }) => {
    const select = h(
      'select',
      { id: uniqueId(`${id}-${key}`) },
      values.map((v) => h('option', { value: v }, text(v))),
    );
    select.value = String(defaults[key]);
    return { key, label, select };
  });
  const seedId = uniqueId(`${id}-seed`);
  const seed = h('input', { id: seedId, type: 'number', min: 0, step: 1, value: defaults.seed, size: 6 });
  const seedValue = () => Number(seed.value) || 0;
  const ask = (a) => store.set({ [`${name}Ask`]: a });
  const values = () => Object.fromEntries(fields.map((f) => [f.key, Number(f.select.value)]));
  const startButton = h(
    'button',
    {
      type: 'button',
      class: 'primary',
      onclick: () => ask({ type: 'toggle', fields: { seed: seedValue(), ...start(values()) } }),
    },
    'Train',
  );
  const resetButton = h(
    'button',
    { type: 'button', disabled: true, onclick: () => ask({ type: 'reset', seed: seedValue() }) },
    'Reset',
  );
  // the weights trained so far, in the view above (the worker sends them when asked)
  const apply = h(
    'button',
    { type: 'button', disabled: true, onclick: () => ask({ type: 'weights' }) },
    `Use these weights in the ${target} above`,
  );
  const controls = h(
    'div',
    { class: 'train-controls' },
    fields.flatMap((f) => [h('label', { for: f.select.id }, f.label), f.select]),
    h('label', { for: seedId }, 'Seed'),
    seed,
    startButton,
    resetButton,
    apply,
  );
  const status = h('p', { class: statusClass, 'aria-live': 'polite' }, 'Not started.');
  const curve = h('canvas', { role: 'img', 'aria-label': curveLabel });
  drawEmptyCurve(curve); // its frame and step axis, at its size, before training starts

  function said(event) {
    if (event.type === 'unavailable')
      status.textContent =
        'Training needs the page served over http (npm start): browsers do not run workers from files.';
    else if (event.type === 'starting') {
      for (const f of fields) f.select.disabled = true; // the run keeps the options it started with
      resetButton.disabled = false;
      status.textContent = startingText;
      startButton.textContent = 'Pause';
    } else if (event.type === 'toggled') {
      delete status.dataset.paused;
      startButton.textContent = event.running ? 'Pause' : 'Resume';
    } else if (event.type === 'paused') {
      status.textContent = `Paused at step ${fmtInt(event.steps)}.`;
      status.dataset.steps = String(event.steps);
      status.dataset.paused = 'true';
    } else if (event.type === 'error') {
      status.textContent = `Training stopped: ${event.message}`;
      startButton.textContent = 'Train';
    } else if (event.type === 'progress') {
      status.textContent =
        `Step ${fmtInt(event.steps)} (epoch ${event.epochs + 1}): loss ${fmt(event.loss, lossDigits)}, ` +
        `${Math.round(event.stepsPerSecond)} steps/s.`;
      status.dataset.steps = String(event.steps);
      status.dataset.stepsPerSecond = String(event.stepsPerSecond);
      apply.disabled = false;
      return false; // the panel draws the step too
    } else if (event.type === 'weights')
      // the page's lens took them as its "trained" weights, and the view above shows them
      status.textContent = `The ${target} above now uses the weights of step ${fmtInt(event.steps)}.`;
    else return false;
    return true;
  }
  // each event once, as it comes (a panel built later has none to catch up on: only it starts a run)
  const destroy = store.subscribe((state, changed) => {
    const run = state[name];
    if (changed.has(name) && run && !said(run.event)) onEvent(run.event, run);
  });
  return { controls, status, curve, destroy };
}
