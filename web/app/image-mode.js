// The image mode's panel: the picture, its options, the attention filter on the picture beside
// the search-engine analogy, filter × V as pictures, and the step-by-step pipeline. What the
// model is, said plainly: attention among this picture's patches, no pretrained network. Its
// views are a part of their own (image/mode.js, loaded by parts.js when the mode is first shown).
import { h } from './dom.js';
import { loadImagePart } from './parts.js';
import { watch } from './store.js';

// Returns { root, destroy }. root, the mode's panel, stays empty until the mode is first shown
// (the tab, a link with mode=image, the tour): then its views are loaded and built into it and
// its analysis starts. The picture: the `picture` attribute's built-in photo, the `src`
// attribute's URL, or the first built-in photo.
export function imageMode(store, host, options = {}) {
  const root = h('div', { class: 'mode-panel image-mode' });
  let asked = false,
    built = null,
    destroyed = false;
  function load() {
    root.setAttribute('aria-busy', 'true');
    loadImagePart().then(
      ({ buildImageMode }) => {
        root.removeAttribute('aria-busy');
        root.replaceChildren();
        if (!destroyed) built = buildImageMode(store, host, root, options);
      },
      (e) => {
        root.removeAttribute('aria-busy');
        const retry = h('button', { type: 'button', onclick: load }, 'Try again');
        root.replaceChildren(
          h(
            'div',
            { class: 'image-error', role: 'alert' },
            `The picture mode could not be loaded: ${e.message}. `,
            retry,
          ),
        );
      },
    );
  }
  const stop = watch(store, ['mode'], ({ mode }) => {
    if (mode !== 'image' || asked) return;
    asked = true;
    load();
  });
  return {
    root,
    destroy: () => {
      destroyed = true;
      stop();
      built?.destroy();
    },
  };
}
