// The text mode's panel: the sentence and its tokens, the options, the attention filter beside
// the search-engine analogy, the explanations and the step-by-step pipeline.
import { h } from './dom.js';
import { exportButtons } from './export.js';
import { encoderDecoderView } from './explain/encoder-decoder.js';
import { positionalView } from './explain/positional.js';
import { recurrentView } from './explain/recurrent.js';
import { scalingView } from './explain/scaling.js';
import { similarityView } from './explain/similarity.js';
import { traceView } from './explain/trace.js';
import { whatIfView } from './explain/whatif.js';
import { controlsView } from './views/controls.js';
import { headsView } from './views/heads.js';
import { heatmapView } from './views/heatmap.js';
import { inputView } from './views/input.js';
import { pipelineView } from './views/pipeline.js';
import { searchView } from './views/search.js';
import { trainView } from './views/train.js';
import { weightsTableView } from './views/weights-table.js';

// Returns { root, filter (the panel the heatmap fits), views }.
export function textMode(store, shadow) {
  const input = inputView(store),
    controls = controlsView(store),
    heads = headsView(store),
    heatmap = heatmapView(store),
    table = weightsTableView(store),
    search = searchView(store),
    pipeline = pipelineView(store);
  const explanations = [
    traceView(store),
    scalingView(store),
    positionalView(store),
    similarityView(store),
    whatIfView(store),
    encoderDecoderView(store),
    recurrentView(store),
    trainView(store),
  ];
  const exportBar = h(
    'div',
    { class: 'export', role: 'group', 'aria-label': 'Export the attention filter' },
    'Export:',
    exportButtons(shadow, store).map(([name, run]) => h('button', { type: 'button', onclick: run }, name)),
  );
  const filter = h(
    'section',
    { class: 'filter', 'aria-label': 'The attention filter' },
    h('h2', {}, 'The attention filter'),
    heads.root,
    heatmap.root,
    heatmap.readout,
    heatmap.legend,
    heatmap.maskNote,
    exportBar,
    table.root,
  );
  const root = h(
    'div',
    { class: 'mode-panel text-mode' },
    input.root,
    controls.root,
    h('div', { class: 'main' }, filter, search.root),
    h(
      'div',
      { class: 'explanations' },
      explanations.map((v) => v.root),
    ),
    pipeline.root,
  );
  return { root, filter, views: [input, controls, heads, heatmap, table, search, pipeline, ...explanations] };
}
