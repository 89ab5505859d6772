// The text mode's panel: the sentence and its tokens, what it is about (the topic query), the
// options, the attention filter beside the search-engine analogy, the explanations and the
// step-by-step pipeline.
import { h } from './dom.js';
import { exportButtons } from './export.js';
import { ENCODER_DECODER_PANEL } from './explain/encoder-decoder.js';
import { HEADS_LEARNED_PANEL } from './explain/heads-learned.js';
import { explainPanel } from './explain/panel.js';
import { partBody } from './explain/part-body.js';
import { POSITIONAL_PANEL, positionalView } from './explain/positional.js';
import { RECURRENT_PANEL } from './explain/recurrent.js';
import { SCALING_PANEL } from './explain/scaling.js';
import { SIMILARITY_PANEL } from './explain/similarity.js';
import { TRACE_PANEL, traceView } from './explain/trace.js';
import { WHAT_IF_PANEL } from './explain/whatif.js';
import { loadExplainPart } from './parts.js';
import { controlsView } from './views/controls.js';
import { diagonalView } from './views/diagonal.js';
import { headsView } from './views/heads.js';
import { heatmapView } from './views/heatmap.js';
import { inputView } from './views/input.js';
import { pipelineView } from './views/pipeline.js';
import { searchView } from './views/search.js';
import { topicView } from './views/topic.js';
import { TRAIN_PANEL } from './views/train.js';
import { weightsTableView } from './views/weights-table.js';

// The explanations, in the page's order: each a panel whose body is built when first needed
// (explain/panel.js); those closed at first come with a part (explain/bodies.js).
const later = (name) => partBody(loadExplainPart, name);
const EXPLANATIONS = [
  [TRACE_PANEL, traceView],
  [SCALING_PANEL, later('scalingView')],
  [POSITIONAL_PANEL, positionalView],
  [SIMILARITY_PANEL, later('similarityView')],
  [WHAT_IF_PANEL, later('whatIfView')],
  [ENCODER_DECODER_PANEL, later('encoderDecoderView')],
  [RECURRENT_PANEL, later('recurrentView')],
  [HEADS_LEARNED_PANEL, later('headsLearnedView')],
  [TRAIN_PANEL, later('trainView')],
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
