// The image mode's panel: the picture, its options, the attention filter on the picture beside
// the search-engine analogy, filter × V as pictures, and the step-by-step pipeline. What the
// model is, said plainly: attention among this picture's patches, no pretrained network.
import { append, h } from './dom.js';
import { startImageCompute } from './image/compute.js';
import { blendView } from './image/views/blend.js';
import { imageControlsView } from './image/views/controls.js';
import { imageFilterView } from './image/views/filter.js';
import { IMAGE_PIPELINE } from './image/views/pipeline-stages.js';
import { onPastePicture, pickerView } from './image/views/picker.js';
import { imageSearchView } from './image/views/search.js';
import { imageTrainView } from './image/views/train.js';
import { watch } from './store.js';
import { pipelineView } from './views/pipeline.js';

const ABOUT =
  'Content-similarity attention on this picture; no pretrained network. Each patch becomes 48 numbers made from ' +
  'its own pixels (a brightness and colour thumbnail), and the same attention layer as the text mode compares every ' +
  'patch with every other. With identity weights a patch attends to the patches that look like it: that is the ' +
  'classical non-local means filter (Buades, Coll and Morel, 2005), which non-local neural networks (Wang et al., ' +
  '2018) made a learned layer. Random weights compare at random; trained weights were trained here, on pictures.';

// Returns { root, destroy }. root, the mode's panel, stays empty until the mode is first shown
// (the tab, a link with mode=image, the tour): then its views are built into it and its analysis
// starts. The picture: the `picture` attribute's built-in photo, the `src` attribute's URL, or
// the first built-in photo.
export function imageMode(store, host, options = {}) {
  const root = h('div', { class: 'mode-panel image-mode' });
  let built = null;
  const stop = watch(store, ['mode'], ({ mode }) => {
    if (mode === 'image' && !built) built = buildImageMode(store, host, root, options);
  });
  return {
    root,
    destroy: () => {
      stop();
      built?.destroy();
    },
  };
}

function buildImageMode(store, host, root, attributes) {
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
