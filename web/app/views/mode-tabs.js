// The two modes as tabs: attention on a sentence, or among the patches of a picture. The
// arrow keys move between the tabs (the WAI-ARIA tabs pattern).
import { h, uniqueId } from '../dom.js';
import { watch } from '../store.js';

const MODES = [
  ['text', 'A sentence'],
  ['image', 'A picture'],
];

export function modeTabs(store) {
  const tabs = MODES.map(([mode, label]) =>
    h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: uniqueId(`tab-${mode}`),
        'data-mode': mode,
        onclick: () => store.set({ mode }),
      },
      label,
    ),
  );
  const root = h('div', { class: 'mode-tabs', role: 'tablist', 'aria-label': 'What attention runs on' }, tabs);
  root.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const next = tabs[(tabs.indexOf(e.target) + 1) % tabs.length];
    store.set({ mode: next.dataset.mode });
    next.focus();
  });
  let panels = [];
  const stop = watch(store, ['mode'], ({ mode }) => {
    tabs.forEach((tab, i) => {
      const selected = tab.dataset.mode === mode;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (panels[i]) panels[i].hidden = !selected;
    });
  });
  return {
    root,
    // the panels the tabs show: one per mode, in MODES' order
    panels(...roots) {
      panels = roots;
      roots.forEach((panel, i) => {
        panel.setAttribute('role', 'tabpanel');
        panel.setAttribute('aria-labelledby', tabs[i].id);
        panel.hidden = tabs[i].getAttribute('aria-selected') !== 'true';
      });
    },
    destroy: stop,
  };
}
