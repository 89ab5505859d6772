// A form control for one option of the core's schema: a checkbox for a boolean, a select for a
// choice or a set of values, a slider or a number box for a range. The label and the short help
// (a tooltip and a description for screen readers) are the page's words; the kinds, values and
// ranges are the schema's. The help opens under the field from a "?" button: a tooltip never
// shows on a phone, a button does, to a tap, a key or a screen reader (aria-expanded; the help
// also describes the control, aria-describedby).
import { h, uniqueId } from './dom.js';

// the temperature's slider: 10^(t/10) for t in [-13, 13], i.e. 0.05 to 20
export const toTemperature = (t) => Number((10 ** (t / 10)).toPrecision(2));
export const fromTemperature = (x) => Math.round(10 * Math.log10(x));

// spec: the option's schema entry; onChange(value). Returns { root, input, help, set(value, state) }.
// ownHelpButton false: the help line is there (hidden, describing the control) without its "?",
// for a group of fields that share one (helpGroup).
export function optionField(spec, { label, labels = {}, help, onChange, step, ownHelpButton = true }) {
  const id = uniqueId(`opt-${spec.name}`);
  const helpId = help ? uniqueId('help') : undefined;
  let input, out, write, last;
  if (spec.type === 'boolean') {
    input = h('input', { type: 'checkbox', onchange: () => onChange(input.checked) });
    write = (v) => (input.checked = v);
  } else if (spec.type === 'choice' || spec.values) {
    const values = spec.choices ?? spec.values;
    input = h(
      'select',
      { onchange: () => onChange(spec.values ? Number(input.value) : input.value) },
      values.map((v) => h('option', { value: v }, labels[v] ?? String(v))),
    );
    write = (v) => (input.value = String(v));
  } else if (spec.name === 'temperature') {
    input = h('input', {
      type: 'range',
      min: -13,
      max: 13,
      step: 1,
      oninput: () => onChange(toTemperature(Number(input.value))),
    });
    out = h('output', { for: id });
    write = (v) => {
      input.value = String(fromTemperature(v));
      out.textContent = String(v);
    };
  } else if (step) {
    input = h('input', {
      type: 'range',
      min: spec.min,
      max: spec.max,
      step,
      oninput: () => onChange(Number(input.value)),
    });
    out = h('output', { for: id });
    write = (v) => {
      input.value = String(v);
      out.textContent = String(v);
    };
  } else {
    input = h('input', {
      type: 'number',
      min: spec.min,
      max: spec.max,
      step: 1,
      inputmode: 'numeric',
      // live as it is typed; a value out of range waits, and is put back when the field is left
      oninput: () => {
        const v = Number(input.value);
        if (input.value !== '' && Number.isInteger(v) && v >= spec.min && v <= spec.max) onChange(v);
      },
      onchange: () => {
        if (String(last) !== input.value) input.value = String(last);
      },
    });
  }
  input.id = id;
  if (helpId) input.setAttribute('aria-describedby', helpId);
  write ??= (v) => (input.value = String(v));
  const helpLine = help ? h('p', { id: helpId, class: 'field-help', hidden: true }, help) : null;
  const helpButton =
    help && ownHelpButton
      ? h(
          'button',
          {
            type: 'button',
            class: 'help-toggle',
            'aria-expanded': 'false',
            'aria-controls': helpId,
            'aria-label': `What is ${label}?`,
            title: `What is ${label}?`,
            onclick: () => {
              helpLine.hidden = !helpLine.hidden;
              helpButton.setAttribute('aria-expanded', String(!helpLine.hidden));
              root.classList.toggle('help-open', !helpLine.hidden);
            },
          },
          '?',
        )
      : null;
  const root = h('div', { class: 'field' }, h('label', { for: id }, label), input, out, helpButton, helpLine);
  return {
    root,
    input,
    help: helpLine,
    set(value, { disabled = false, hidden = false } = {}) {
      last = value;
      if (input !== input.getRootNode().activeElement || spec.type !== 'integer' || spec.values) write(value);
      input.disabled = disabled;
      root.hidden = hidden;
    },
  };
}

// One "?" for a group of fields (optionField with ownHelpButton false): it opens or closes all
// their help lines at once. name: what the group is, for the button's label.
export function helpGroup(fields, name) {
  const lines = fields.map((f) => f.help).filter(Boolean);
  const button = h(
    'button',
    {
      type: 'button',
      class: 'help-toggle',
      'aria-expanded': 'false',
      'aria-controls': lines.map((l) => l.id).join(' '),
      'aria-label': `What are ${name}?`,
      title: `What are ${name}?`,
      onclick: () => {
        const open = button.getAttribute('aria-expanded') !== 'true';
        button.setAttribute('aria-expanded', String(open));
        for (const f of fields) {
          if (f.help) f.help.hidden = !open;
          f.root.classList.toggle('help-open', open);
        }
      },
    },
    '?',
  );
  return button;
}

const sentence = (note) => `${note[0].toUpperCase()}${note.slice(1)}.`;

// A line under the controls that says, in words, why fields show other values than those chosen
// (a tooltip never shows on a phone): the core's notes, a sentence per rule ("Heads 4, mask self:
// trained weights bring …", its `because` once); hidden when none. labels: { option: label };
// words: { option: (value) => its words }, for a value its number would not say.
export function notesLine(labels, words = {}) {
  const root = h('p', { class: 'option-notes', 'aria-live': 'polite', hidden: true });
  const item = (option, v) =>
    `${labels[option] ?? option} ${words[option]?.(v) ?? (typeof v === 'boolean' ? (v ? 'on' : 'off') : v)}`;
  return {
    root,
    set(result) {
      const rules = new Map(); // because -> items
      for (const n of result?.notes ?? []) {
        if (!rules.has(n.because)) rules.set(n.because, []);
        rules.get(n.because).push(item(n.option, result.options[n.option]));
      }
      const text = [...rules].map(([because, items]) => sentence(`${items.join(', ')}: ${because}`)).join(' ');
      if (root.textContent !== text) root.textContent = text;
      root.hidden = !text;
    },
  };
}

// Shows the options asked for, except those the core used otherwise (its rules: cross-attention
// has no mask, trained weights bring the options they were trained with): those show the value
// used, disabled, with the core's note as their tooltip. fields: { name: optionField }; states
// (shown) → { name: { disabled, hidden } }, a field's own state from the options shown.
export function showOptions(fields, asked, result, states = () => ({})) {
  const notes = new Map((result?.notes ?? []).map((n) => [n.option, n.note]));
  const shown = { ...asked };
  for (const name of notes.keys()) shown[name] = result.options[name];
  const own = states(shown);
  for (const [name, field] of Object.entries(fields)) {
    const note = notes.get(name);
    field.set(shown[name], { ...own[name], disabled: Boolean(note) || Boolean(own[name]?.disabled) });
    field.input.title = note ? sentence(note) : '';
  }
  return shown;
}
