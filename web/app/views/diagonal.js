// Why the diagonal: with identity weights a word's query is its own vector, and nothing is more
// similar to a vector than itself, so each word would keep most of its weight at home (the note
// says what is true of the weights in use: random and trained weights have no such pull). The text
// mode hides the diagonal by default (mask "self"); this note says why, with one click to see it
// (and, when the diagonal is shown and dominates, one click to hide it again).
import { h, setHidden, setText } from '../dom.js';
import { watch } from '../store.js';

// why a word would look at itself, by where the weights come from (the words the page shows must
// be true of the weights in use)
const WHY = {
  identity:
    'With identity weights a word’s query and key are its own vector, and nothing is more similar to a vector ' +
    'than itself: each word would keep most of its weight at home.',
  random:
    'With random weights a word’s query and key are two random maps of its vector: nothing makes them alike, so ' +
    'the diagonal is no stronger than the rest, but the mask still hides it.',
  trained: 'The trained weights learnt where a word finds clues to a hidden neighbour; the mask hides the word itself.',
};

// the share of query rows whose largest weight is on the query's own key (head head)
function diagonalShare(result, head) {
  const { rows, cols, data } = result.view('weights', head);
  let home = 0;
  for (let i = 0; i < rows; i++) {
    let best = 0;
    for (let j = 1; j < cols; j++) if (data[i * cols + j] > data[i * cols + best]) best = j;
    home += best === i;
  }
  return rows ? home / rows : 0;
}

export function diagonalView(store) {
  const text = h('span', {});
  const button = h('button', {
    type: 'button',
    class: 'link-like',
    onclick: () => {
      const { options } = store.get();
      store.set({ options: { ...options, mask: options.mask === 'self' ? 'none' : 'self' } });
    },
  });
  const root = h('p', { class: 'diagonal-note', hidden: true }, text, ' ', button);
  const stop = watch(store, ['result', 'head'], ({ result, head }) => {
    const mask = result?.options.mask;
    const selfMask = mask === 'self' && !result.cross;
    const dominant =
      mask === 'none' && !result?.cross && result?.tokens.length > 1 && diagonalShare(result, head) >= 0.5;
    setHidden(root, !selfMask && !dominant);
    if (root.hidden) return;
    if (selfMask) {
      setText(
        text,
        'Self mask: the grey diagonal is hidden (weight exactly 0), so that you see what each word takes from the ' +
          `others. ${WHY[result.options.weights]}`,
      );
      setText(button, 'Show the diagonal');
    } else {
      setText(text, `Most words take most of their weight from themselves. ${WHY[result.options.weights]}`);
      setText(button, 'Hide the diagonal (mask: self)');
    }
  });
  return { root, destroy: stop };
}
