// The head picker: every head's weights as a thumbnail (up to 10 heads), or a list.
import { WEIGHT_COLORS } from '../colors.js';
import { clear, h, setHidden } from '../dom.js';
import { paintMatrix } from '../draw.js';
import { watch } from '../store.js';

const THUMBS_UP_TO = 10;

export function headsView(store) {
  const root = h('div', { class: 'heads', role: 'group', 'aria-label': 'Heads' });
  const stop = watch(store, ['result', 'head'], ({ result, head }) => {
    clear(root);
    const heads = result?.heads ?? 1;
    setHidden(root, !result || heads === 1 || result.tokens.length === 0);
    if (root.hidden) return;
    if (heads > THUMBS_UP_TO) {
      const select = h(
        'select',
        { 'aria-label': 'Head', onchange: () => store.set({ head: Number(select.value) }) },
        Array.from({ length: heads }, (_, i) => h('option', { value: i }, `head ${i + 1} of ${heads}`)),
      );
      select.value = String(head);
      root.append(select);
      return;
    }
    const mask = result.maskTable(); // the core's, the same for every head; before the views
    for (let i = 0; i < heads; i++) {
      const thumb = h('canvas', { 'aria-hidden': 'true' });
      root.append(
        h(
          'button',
          {
            type: 'button',
            class: `head${i === head ? ' selected' : ''}`,
            'aria-pressed': i === head ? 'true' : 'false',
            onclick: () => store.set({ head: i }),
          },
          thumb,
          `head ${i + 1}`,
        ),
      );
      paintMatrix(thumb, result.view('weights', i), WEIGHT_COLORS, 0, 1, {
        width: 44,
        height: 44,
        mask,
      });
    }
  });
  return { root, destroy: stop };
}
