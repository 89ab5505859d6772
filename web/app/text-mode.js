// The text mode's panel. The first screen: the sentence with what it is about (one line), the
// four basic options (the rest under "More options"), and the attention filter beside the
// search-engine analogy. Then the explanations as chapters in the article's order (chapters.js),
// and the step-by-step pipeline, closed.
import { chapters } from './chapters.js';
import { h } from './dom.js';
import { ENCODER_DECODER_PANEL } from './explain/encoder-decoder.js';
import { HEADS_LEARNED_PANEL } from './explain/heads-learned.js';
import { explainPanel } from './explain/panel.js';
import { partBody, partFailed } from './explain/part-body.js';
import { POSITIONAL_PANEL } from './explain/positional.js';
import { RECURRENT_PANEL } from './explain/recurrent.js';
import { SCALING_PANEL } from './explain/scaling.js';
import { SIMILARITY_PANEL } from './explain/similarity.js';
import { TRACE_PANEL } from './explain/trace.js';
import { WHAT_IF_PANEL } from './explain/whatif.js';
import { loadExplainPart } from './parts.js';
import { watch } from './store.js';
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

// The explanations by chapter (chapters.js): each a panel whose body is built when first needed
// (explain/panel.js), all closed at first, so every body comes with a part (explain/bodies.js).
const later = (name) => partBody(loadExplainPart, name);
const EXPORT_KINDS = ['PNG', 'SVG', 'CSV']; // export.js's files
const EXPLANATIONS = {
  why: [[RECURRENT_PANEL, later('recurrentView')]],
  search: [[SIMILARITY_PANEL, later('similarityView')]],
  vectors: [[POSITIONAL_PANEL, later('positionalView')]],
  self: [[WHAT_IF_PANEL, later('whatIfView')]],
  filter: [
    [TRACE_PANEL, later('traceView')],
    [SCALING_PANEL, later('scalingView')],
    [HEADS_LEARNED_PANEL, later('headsLearnedView')],
    [TRAIN_PANEL, later('trainView')],
  ],
  next: [[ENCODER_DECODER_PANEL, later('encoderDecoderView')]],
};

// view: the element's view attribute; with "topic", the topic panel is shown on its own (not in
// its chapter). Returns { root, filter (the panel the heatmap fits), views }.
export function textMode(store, shadow, { view = null } = {}) {
  const topicAlone = /\btopic\b/.test(view ?? '');
  const input = inputView(store),
    heads = headsView(store),
    heatmap = heatmapView(store),
    diagonal = diagonalView(store),
    table = weightsTableView(store),
    search = searchView(store),
    topic = topicView(store),
    pipeline = pipelineView(store);
  // the export's code comes with the explanations' part: asked for when its box opens, waited
  // for by a click that comes before it
  const exportFile = (kind) =>
    loadExplainPart().then(
      (part) => part.exportFilter(shadow, store, kind),
      (e) => {
        exportBar.querySelector(':scope > .error')?.remove();
        exportBar.append(partFailed('The export', e));
      },
    );
  const exportBar = h(
    'details',
    { class: 'export', ontoggle: (e) => e.currentTarget.open && loadExplainPart().catch(() => {}) },
    h('summary', {}, 'Export the filter'),
    h(
      'div',
      { role: 'group', 'aria-label': 'Export the attention filter' },
      EXPORT_KINDS.map((kind) => h('button', { type: 'button', onclick: () => exportFile(kind) }, kind)),
    ),
  );
  const controls = controlsView(store, { extra: [input.documentPanel] });
  const panels = Object.fromEntries(
    Object.entries(EXPLANATIONS).map(([id, list]) => [
      id,
      list.map(([panel, body]) => explainPanel(store, panel, body)),
    ]),
  );
  const explanations = Object.values(panels).flat();
  const stepByStep = (label, stage) =>
    h(
      'button',
      {
        type: 'button',
        class: 'link-like',
        onclick: () => {
          pipeline.root.open = true;
          pipeline.root.querySelector(`[data-step="${stage}"]`)?.scrollIntoView({ block: 'start' });
        },
      },
      label,
    );
  const toPicture = h(
    'button',
    { type: 'button', onclick: () => store.set({ mode: 'image' }) },
    'Open a picture: the picture mode',
  );
  const { contents, chapters: sections } = chapters({
    topic: topicAlone ? [topic.examples] : [topic.examples, topic.root],
    why: panels.why.map((p) => p.root),
    search: panels.search.map((p) => p.root),
    vectors: [
      h(
        'p',
        {},
        stepByStep(
          'See each step on your sentence: lookup table → shared direction → × √d_model, + position',
          'embeddings',
        ),
      ),
      ...panels.vectors.map((p) => p.root),
    ],
    self: [
      h('p', {}, stepByStep('See Q, K and V of your sentence, step by step', 'query')),
      ...panels.self.map((p) => p.root),
    ],
    filter: panels.filter.map((p) => p.root),
    picture: [h('p', {}, toPicture)],
    next: [h('p', {}, stepByStep('See the output layer, step by step', 'output')), ...panels.next.map((p) => p.root)],
  });
  const filter = h(
    'section',
    { class: 'filter', part: 'filter', 'aria-label': 'The attention filter' },
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
    h('div', { class: 'sentence-area' }, input.root, topic.line),
    controls.root,
    topicAlone ? topic.root : null,
    h('div', { class: 'main' }, filter, search.root),
    contents,
    sections,
    pipeline.root,
  );
  // a document in the URL or from an attribute: its box (under "More options") shows it
  const stopDocument = watch(store, ['document'], ({ document }) => {
    if (document) controls.root.querySelector('details.more-options').open = true;
  });
  return {
    root,
    filter,
    views: [
      input,
      topic,
      controls,
      heads,
      heatmap,
      diagonal,
      table,
      search,
      pipeline,
      ...explanations,
      { destroy: stopDocument },
    ],
  };
}
