// What both training runs (the text layer's and the picture layer's) share: the Web Worker
// started on the first start (never from file://, where browsers run no workers), start / pause /
// resume, reset with a seed, the losses so far (at most 400 points, thinned evenly in log(steps),
// as the curve's axis is: thin.js) and the held-out evaluations. onEvent(event) hears every
// message of the worker (after the losses and evaluations took it in) and the session's own:
// 'unavailable' (from file://), 'starting', 'toggled' { running }.
import { startTrainingWorker } from '../engine.js';
import { thinLogSteps } from './thin.js';

const MAX_POINTS = 400;

export function trainingSession(onEvent) {
  let worker = null,
    running = false,
    posted = Promise.resolve(); // messages go in order: 'start' waits for its files
  const session = {
    losses: [],
    evals: [],
    post: (m) => {
      posted = posted.then(async () => {
        const message = await m; // null: its files could not be named (said as an error)
        if (message) worker?.postMessage(message);
      });
    },
    toggle,
    reset,
    destroy: () => {
      worker?.terminate();
      worker = null;
    },
  };

  function receive({ data }) {
    if (data.type === 'need') return; // the page's files, answered by engine.js
    if (data.type === 'progress') {
      session.losses.push({ steps: data.steps, loss: data.loss });
      session.losses = thinLogSteps(session.losses, MAX_POINTS);
    } else if (data.type === 'eval') session.evals.push(data);
    else if (data.type === 'error') running = false;
    onEvent(data);
  }

  // Starts the worker with the start message's own fields (seed, heads, …), or pauses or resumes it.
  function toggle(fields) {
    if (!worker) {
      if (location.protocol === 'file:') return onEvent({ type: 'unavailable' });
      const started = startTrainingWorker();
      worker = started.worker;
      worker.onmessage = receive;
      worker.onerror = (e) => receive({ data: { type: 'error', message: e.message || 'the worker failed to start' } });
      session.post(
        started.files.then(
          (files) => ({ type: 'start', ...fields, files }),
          (e) => {
            receive({ data: { type: 'error', message: e.message } });
            return null;
          },
        ),
      );
      running = true;
      return onEvent({ type: 'starting' });
    }
    session.post({ type: running ? 'pause' : 'resume' });
    running = !running;
    onEvent({ type: 'toggled', running });
  }

  function reset(seed) {
    session.losses = [];
    session.evals = [];
    session.post({ type: 'reset', seed });
  }

  return session;
}
