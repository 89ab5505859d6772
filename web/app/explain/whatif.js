// What if…: hide or replace one word and see which weights change and by how much; compare
// two heads, or the same head on another sentence, as a difference map.
import { append, clear, h, setText, uniqueId } from '../dom.js';
import { fmt } from '../format.js';
import { watch } from '../store.js';
import { difference, smallMatrix } from './diff.js';

// a word as both sides name it: “Lannister”, or “Lannister” (now “Stark”) where the edit changed it
const both = (before, after) =>
  after && after.text !== before.text ? `“${before.text}” (now “${after.text}”)` : `“${before.text}”`;

// The largest change, named: the query (its row) and the key (its column) whose weight changed
// most, with the weight on each side. sides: { before, after } = { tokens, name }.
function describe(diff, a, b, { before, after }) {
  const [i, j] = diff.at,
    k = i * diff.cols + j;
  if (diff.max === 0) return 'No weight changed.';
  return (
    `Largest change: query ${both(before.tokens[i], after.tokens[i])} on key ${both(before.tokens[j], after.tokens[j])}: ` +
    `weight ${fmt(b.data[k], 4)} ${before.name} → ${fmt(a.data[k], 4)} ${after.name} ` +
    `(${diff.max > 0 ? '+' : '−'}${fmt(Math.abs(diff.max), 4)}).`
  );
}

export const WHAT_IF_PANEL = { name: 'whatif', title: 'What if…?' };

// The panel's body, built into root (panel.js) when first needed.
export function whatIfView(store, root) {
  const replaceId = uniqueId('replace'),
    otherId = uniqueId('other');
  const replacement = h('input', { id: replaceId, type: 'text', size: 12, placeholder: 'a word' });
  const other = h('textarea', { id: otherId, rows: 2, placeholder: 'Another sentence with as many words' });
  const headA = h('select', { 'aria-label': 'First head' }),
    headB = h('select', { 'aria-label': 'Second head' });
  const out = h('div', { class: 'whatif-body', 'aria-live': 'polite' });
  const queryWord = h('strong');
  append(root, [
    h(
      'div',
      { class: 'whatif-controls' },
      h(
        'div',
        {},
        'The query word ',
        queryWord,
        ': ',
        h('button', { type: 'button', onclick: () => edit('hide') }, 'hide it'),
        ' or ',
        h('label', { for: replaceId }, 'replace it with'),
        ' ',
        replacement,
        ' ',
        h('button', { type: 'button', onclick: () => edit('replace') }, 'replace'),
      ),
      h(
        'div',
        {},
        'Compare head ',
        headA,
        ' with head ',
        headB,
        ' ',
        h('button', { type: 'button', onclick: () => compareHeads() }, 'compare'),
      ),
      h(
        'div',
        {},
        h('label', { for: otherId }, 'Compare the same head on another sentence:'),
        other,
        h('button', { type: 'button', onclick: () => edit('other') }, 'compare'),
      ),
    ),
    out,
  ]);

  // a: the weights after (or the second), b: before (or the first); sides names them
  function show(title, a, b, sides, note) {
    clear(out);
    if (a.rows !== b.rows || a.cols !== b.cols) {
      out.append(
        h(
          'p',
          {},
          `The two have different numbers of words (${b.rows} and ${a.rows}): a difference needs the same length.`,
        ),
      );
      return;
    }
    const diff = difference(a, b);
    out.append(
      h(
        'div',
        { class: 'matrix-row' },
        smallMatrix(sides.before.name, b),
        smallMatrix(sides.after.name, a),
        smallMatrix(`${sides.after.name} − ${sides.before.name}`, diff, { signed: true }),
      ),
      h(
        'p',
        {
          class: 'whatif-result',
          'data-max-change': String(diff.max),
          'data-at': diff.at.join(','),
        },
        `${title}. ${describe(diff, a, b, sides)}${note ? ` ${note}` : ''}`,
      ),
    );
  }

  // asks for the edited text's analysis (compute/explanations.js); shows it against the
  // sentence's weights, taken now, when the answer comes
  let asked = null; // the latest ask, and what is shown beside its answer
  function edit(kind) {
    const { result, text, options, head, query } = store.get();
    if (!result || result.cross || result.tokens.length === 0) return;
    const t = result.tokens[query];
    let ask, title;
    if (kind === 'hide') {
      ask = { text, options: { ...options, maskedToken: query }, head };
      title = `“${t.text}” hidden (its embedding set to zero)`;
    } else if (kind === 'replace') {
      const word = replacement.value.trim();
      if (!word) return replacement.focus();
      ask = { text: text.slice(0, t.start) + word + text.slice(t.end), options, head };
      title = `“${t.text}” replaced by “${word}”`;
    } else {
      if (!other.value.trim()) return other.focus();
      ask = { text: other.value, options, head };
      title = `Head ${head + 1} on “${other.value.trim()}” against this sentence`;
    }
    const names = kind === 'other' ? ['this sentence', 'the other'] : ['before', 'after'];
    asked = {
      ask,
      kind,
      title,
      before: result.step('weights', head),
      names,
      tokens: result.tokens,
      note: kind === 'hide' ? 'Its own row changes most: it lost its meaning but kept its position.' : '',
    };
    store.set({ whatIfAsk: ask });
  }

  function showEdit({ error, tokens, weights }) {
    if (error) return console.error(`attention-lens: ${error}`);
    const { kind, title, before, names, note } = asked;
    show(
      title,
      weights,
      before,
      {
        before: { tokens: asked.tokens, name: names[0] },
        after: { tokens: kind === 'hide' ? asked.tokens : tokens, name: names[1] },
      },
      note,
    );
  }

  function compareHeads() {
    const { result } = store.get();
    if (!result || result.heads < 2) {
      clear(out).append(h('p', {}, 'Choose 2 or more heads above to compare them.'));
      return;
    }
    const a = Number(headA.value),
      b = Number(headB.value);
    show(`Head ${a + 1} against head ${b + 1}`, result.step('weights', a), result.step('weights', b), {
      before: { tokens: result.tokens, name: `head ${b + 1}` },
      after: { tokens: result.tokens, name: `head ${a + 1}` },
    });
  }

  const stopAnswers = store.subscribe(({ whatIfAnswer }, changed) => {
    if (changed.has('whatIfAnswer') && whatIfAnswer.ask === asked?.ask) showEdit(whatIfAnswer);
  });
  const stop = watch(store, ['result', 'query'], ({ result, query }) => {
    setText(queryWord, result?.tokens[query] ? `“${result.tokens[query].text}”` : '');
    const heads = result?.heads ?? 1;
    if (headA.options.length !== heads) {
      clear(headA);
      clear(headB);
      for (let i = 0; i < heads; i++) {
        headA.append(h('option', { value: i }, String(i + 1)));
        headB.append(h('option', { value: i }, String(i + 1)));
      }
      headB.value = String(Math.min(1, heads - 1));
    }
  });
  return {
    destroy() {
      stop();
      stopAnswers();
    },
  };
}
