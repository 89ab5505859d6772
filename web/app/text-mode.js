// The text mode's panel: the sentence and its tokens, what it is about (the topic query), the
// options, the attention filter beside the search-engine analogy, the explanations and the
// step-by-step pipeline.
import { h } from './dom.js';
import { exportButtons } from './export.js';
import { encoderDecoderView } from './explain/encoder-decoder.js';
import { headsLearnedView } from './explain/heads-learned.js';
import { positionalView } from './explain/positional.js';
import { recurrentView } from './explain/recurrent.js';
import { scalingView } from './explain/scaling.js';
import { similarityView } from './explain/similarity.js';
import { traceView } from './explain/trace.js';
import { whatIfView } from './explain/whatif.js';
import { controlsView } from './views/controls.js';
import { diagonalView } from './views/diagonal.js';
import { headsView } from './views/heads.js';
import { heatmapView } from './views/heatmap.js';
import { inputView } from './views/input.js';
import { pipelineView } from './views/pipeline.js';
import { searchView } from './views/search.js';
import { topicView } from './views/topic.js';
import { trainView } from './views/train.js';
import { weightsTableView } from './views/weights-table.js';

// Returns { root, filter (the panel the heatmap fits), views }.
export function textMode(store, shadow) {
  const input = inputView(store),
    controls = controlsView(store),
    heads = headsView(store),
    heatmap = heatmapView(store),
    diagonal = diagonalView(store),
    table = weightsTableView(store),
    search = searchView(store),
    topic = topicView(store),
    pipeline = pipelineView(store);
  const explanations = [
    traceView(store),
    scalingView(store),
    positionalView(store),
    similarityView(store),
    whatIfView(store),
    encoderDecoderView(store),
    recurrentView(store),
    headsLearnedView(store),
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
    diagonal.root,
    exportBar,
    table.root,
  );
  const root = h(
    'div',
    { class: 'mode-panel text-mode' },
    input.root,
    topic.examples,
    topic.root,
    controls.root,
    h('div', { class: 'main' }, filter, search.root),
    h(
      'div',
      { class: 'explanations' },
      explanations.map((v) => v.root),
    ),
    pipeline.root,
  );
  return {
    root,
    filter,
    views: [input, topic, controls, heads, heatmap, diagonal, table, search, pipeline, ...explanations],
  };
}
