// The text mode's panel: the sentence and its tokens, what it is about (the topic query), the
// options, the attention filter beside the search-engine analogy, the explanations and the
// step-by-step pipeline.
import { h } from './dom.js';
import { exportButtons } from './export.js';
import { ENCODER_DECODER_PANEL, encoderDecoderView } from './explain/encoder-decoder.js';
import { HEADS_LEARNED_PANEL, headsLearnedView } from './explain/heads-learned.js';
import { explainPanel } from './explain/panel.js';
import { POSITIONAL_PANEL, positionalView } from './explain/positional.js';
import { RECURRENT_PANEL, recurrentView } from './explain/recurrent.js';
import { SCALING_PANEL, scalingView } from './explain/scaling.js';
import { SIMILARITY_PANEL, similarityView } from './explain/similarity.js';
import { TRACE_PANEL, traceView } from './explain/trace.js';
import { WHAT_IF_PANEL, whatIfView } from './explain/whatif.js';
import { controlsView } from './views/controls.js';
import { diagonalView } from './views/diagonal.js';
import { headsView } from './views/heads.js';
import { heatmapView } from './views/heatmap.js';
import { inputView } from './views/input.js';
import { pipelineView } from './views/pipeline.js';
import { searchView } from './views/search.js';
import { topicView } from './views/topic.js';
import { TRAIN_PANEL, trainView } from './views/train.js';
import { weightsTableView } from './views/weights-table.js';

// The explanations, in the page's order: each a panel whose body is built when first needed
// (explain/panel.js).
const EXPLANATIONS = [
  [TRACE_PANEL, traceView],
  [SCALING_PANEL, scalingView],
  [POSITIONAL_PANEL, positionalView],
  [SIMILARITY_PANEL, similarityView],
  [WHAT_IF_PANEL, whatIfView],
  [ENCODER_DECODER_PANEL, encoderDecoderView],
  [RECURRENT_PANEL, recurrentView],
  [HEADS_LEARNED_PANEL, headsLearnedView],
  [TRAIN_PANEL, trainView],
];

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
  const explanations = EXPLANATIONS.map(([panel, body]) => explainPanel(store, panel, body));
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
