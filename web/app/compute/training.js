// The training panels' runs (train/session.js, a Web Worker each), driven from the store. A panel
// asks (store[`${name}Ask`]: { type: 'toggle', fields } starts, pauses or resumes the run, with
// the start message's fields; { type: 'reset', seed }; { type: 'weights' }, the weights so far)
// and hears each event of the run in turn as store[name] = { event, losses, evals }. The weights
// the worker sends become the page's lens's "trained" weights, and the options that show them
// go in the store with the event.
import { watch } from '../store.js';
import { trainingSession } from '../train/session.js';

// apply(state, weights message) gives the lens the weights and returns the store's patch
function startSession(store, name, apply) {
  const session = trainingSession((event) => {
    let patch = {};
    if (event.type === 'weights') {
      patch = apply(store.get(), event);
      const { bytes: _, ...rest } = event; // the lens has them
      event = rest;
    }
    store.set({ ...patch, [name]: { event, losses: session.losses, evals: session.evals } });
  });
  const askKey = `${name}Ask`;
  const stop = store.subscribe((state, changed) => {
    const ask = state[askKey];
    if (!changed.has(askKey) || !ask) return;
    if (ask.type === 'toggle') session.toggle(ask.fields);
    else if (ask.type === 'reset') session.reset(ask.seed);
    else session.post({ type: ask.type });
  });
  return {
    session,
    stop: () => {
      stop();
      session.destroy();
    },
  };
}

// The text layer's (views/train.js): the worker also follows the sentence, whose filter it sends.
export function startTextTraining(store) {
  const { session, stop } = startSession(store, 'training', ({ lens, options }, data) => {
    lens.setTrainedWeights(data.bytes);
    return {
      trainedSource: { steps: data.steps, heads: data.heads },
      trainedAvailable: true,
      options: { ...options, weights: 'trained' }, // the weights bring their heads (result.notes)
    };
  });
  const stopSentence = watch(store, ['text'], ({ text }) => session.post({ type: 'sentence', text }));
  return () => {
    stopSentence();
    stop();
  };
}

// The picture layer's (image/views/train.js): its weights bring the options they were trained with.
export function startImageTraining(store) {
  return startSession(store, 'imageTraining', ({ lens, imageOptions }, data) => {
    lens.setTrainedImageWeights(data.bytes);
    // steps, heads, and the options the weights were trained with
    const source = Object.fromEntries(Object.entries(data).filter(([k]) => k !== 'type' && k !== 'bytes'));
    // the weights bring the options they were trained with (imageResult.options and .notes)
    return { trainedImageSource: source, imageOptions: { ...imageOptions, weights: 'trained' } };
  }).stop;
}
