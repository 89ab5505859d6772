// The picture mode's views, built into its panel when the mode is first shown (image-mode.js):
// the picture, its options, the attention filter on the picture beside the search-engine analogy,
// filter × V as pictures, the training panel and the step-by-step pipeline. A part of its own
// (parts.js): the first screen, in the text mode, never runs it.
import { DEFAULT_IMAGE_OPTIONS } from '../../lib/options.js';
import { append, h } from '../dom.js';
import { watch } from '../store.js';
import { pipelineView } from '../views/pipeline.js';
import { startImageCompute } from './compute.js';
import { TOKEN_DIMS } from './sizes.js';
import { blendView } from './views/blend.js';
import { imageControlsView } from './views/controls.js';
import { imageFilterView } from './views/filter.js';
import { IMAGE_PIPELINE } from './views/pipeline-stages.js';
import { onPastePicture, pickerView } from './views/picker.js';
import { imageSearchView } from './views/search.js';
import { imageTrainView } from './views/train.js';

const ABOUT =
  `Content-similarity attention on this picture; no pretrained network. Each patch becomes ${TOKEN_DIMS} numbers made from ` +
  'its own pixels (a brightness and colour thumbnail), and the same attention layer as the text mode compares every ' +
  'patch with every other. With identity weights a patch attends to the patches that look like it: that is the ' +
  'classical non-local means filter (Buades, Coll and Morel, 2005), which non-local neural networks (Wang et al., ' +
  '2018) made a learned layer. Random weights compare at random; trained weights were trained here, on pictures.';
// why the picture's defaults differ from the text's (the values are the schema's)
const DEFAULTS =
  `The picture has defaults of its own: ${DEFAULT_IMAGE_OPTIONS.similarity} similarity at temperature ` +
  `${DEFAULT_IMAGE_OPTIONS.temperature}, because every patch vector has the same length and two patches’ cosines ` +
  'differ little, so a low temperature lets the filter choose; and the self mask, because a patch is its own best ' +
  'match and would keep its weight at home.';

export function buildImageMode(store, host, root, attributes) {
  const picker = pickerView(store),
    controls = imageControlsView(store),
    filter = imageFilterView(store),
    search = imageSearchView(store),
    blend = blendView(store),
    pipeline = pipelineView(store, IMAGE_PIPELINE),
    train = imageTrainView(store);
  const error = h('div', { class: 'image-error', role: 'alert', hidden: true });
  append(root, [
    h('p', { class: 'about-model' }, ABOUT),
    picker.root,
    controls.root,
    h('p', { class: 'hint image-defaults' }, DEFAULTS),
    error,
    h('div', { class: 'main' }, filter.root, search.root),
    blend.root,
    train.root,
    pipeline.root,
  ]);
  const views = [picker, controls, filter, search, blend, train, pipeline];
  const stopError = watch(store, ['imageError'], ({ imageError }) => {
    error.hidden = !imageError;
    error.textContent = imageError ? `Something went wrong: ${imageError}` : '';
  });
  const stopPaste = onPastePicture(host, store);
  const stopCompute = startImageCompute(store, attributes);
  return {
    destroy: () => {
      stopError();
      stopPaste();
      stopCompute();
      for (const v of views) v.destroy();
    },
  };
}
