// The image mode's compute layer (its views only read the store and put their intents in it):
// the analysis, whenever the picture or an image option changes (in image mode), the core
// analyzes the picture and the result goes in the store; changes arriving meanwhile coalesce.
// Choosing another query patch recomputes no analysis: every patch's weights are kept (the
// filter's readout asks the core how spread that patch's are: patchFocus). It starts the rest
// beside it: loading the pictures (compute/pictures.js) and the picture layer's training
// run (../compute/training.js).
import { coalesce } from '../coalesce.js';
import { answerAsks } from '../compute/asks.js';
import { startImageTraining } from '../compute/training.js';
import { loadTrainedImageWeights } from '../engine.js';
import { watch } from '../store.js';
import { startPictures } from './compute/pictures.js';

const INPUTS = ['mode', 'lens', 'picture', 'imageOptions', 'trainedImagePreset', 'trainedImageSource'];

// The query patch: the one the user chose (kept on the grid), else the centre of the picture.
function pickPatch(result, patch, chosen) {
  if (!result) return patch;
  const { side, count } = result.grid;
  return chosen ? Math.min(patch, count - 1) : Math.floor(side / 2) * side + Math.floor(side / 2);
}

// Starts the image mode's compute layer for one element's store (attributes: the `picture` and
// `src` the first picture comes from); returns the function that stops it.
export function startImageCompute(store, attributes) {
  const stops = [
    startAnalysis(store),
    answerAsks(store, 'patchFocus', patchFocus),
    startPictures(store, attributes),
    startImageTraining(store),
  ];
  return () => stops.forEach((stop) => stop());
}

// How spread the query patch's weights are (the picture's filter view asks about the result on
// screen, which this module owns and disposes only after the views have asked again): the core's
// effective number of patches and the top patches' share, of the blend's weights (head -1).
function patchFocus(_lens, { result, patch, top }) {
  return { focus: result.focus(-1, patch, top) };
}

function startAnalysis(store) {
  const run = coalesce(async () => {
    const { lens, picture, imageOptions, trainedImagePreset, trainedImageSource } = store.get();
    // the preset's weights come the first time they are chosen, unless the page's own training
    // gave the lens its trained weights
    if (imageOptions.weights === 'trained' && trainedImagePreset && !trainedImageSource)
      await loadTrainedImageWeights(lens, trainedImagePreset).catch(() => {});
    let imageResult = null,
      imageError = null;
    try {
      imageResult = await lens.analyzeImage(picture, imageOptions);
    } catch (e) {
      imageError = e.message;
    }
    const { imageResult: old, patch, patchChosen } = store.get();
    store.set({
      imageResult,
      imageError,
      imageAnalyzed: { picture, imageOptions },
      patch: pickPatch(imageResult, patch, patchChosen),
    });
    old?.dispose();
  });
  return watch(store, INPUTS, (state) => {
    if (state.mode === 'image' && state.lens && state.picture) run();
  });
}
