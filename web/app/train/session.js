// What both training panels (the text layer's and the picture layer's) share: the Web Worker
// started on the first Train (never from file://, where browsers run no workers), one button for
// Train / Pause / Resume, Reset with the seed, the losses so far (at most 400 points, thinned
// evenly in log(steps), as the curve's axis is: thin.js)
// and the held-out evaluations, and the worker's 'paused' and 'error' messages in the status line.
// The panel gives the start message's own fields (start), what it says while the worker starts
// (startingText), and handles every other message (onMessage).
import { startTrainingWorker } from '../engine.js';
import { thinLogSteps } from './thin.js';

const MAX_POINTS = 400;
const stepsText = (n) => n.toLocaleString('en-US');

export function trainingSession({ status, startButton, resetButton, seed, start, startingText, onMessage }) {
  let worker = null,
    running = false,
    posted = Promise.resolve(); // messages go in order: 'start' waits for its files
  const session = {
    losses: [],
    evals: [],
    post: (m) => {
      posted = posted.then(async () => {
        const message = await m; // null: its files could not be named (said in the status line)
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
    if (data.type === 'progress') {
      session.losses.push({ steps: data.steps, loss: data.loss });
      session.losses = thinLogSteps(session.losses, MAX_POINTS);
    } else if (data.type === 'paused') {
      status.textContent = `Paused at step ${stepsText(data.steps)}.`;
      status.dataset.steps = String(data.steps);
      status.dataset.paused = 'true';
      return;
    } else if (data.type === 'error') {
      status.textContent = `Training stopped: ${data.message}`;
      running = false;
      startButton.textContent = 'Train';
      return;
    }
    onMessage(data);
  }

  function toggle() {
    if (!worker) {
      if (location.protocol === 'file:') {
        status.textContent =
          'Training needs the page served over http (npm start): browsers do not run workers from files.';
        return;
      }
      const started = startTrainingWorker();
      worker = started.worker;
      worker.onmessage = receive;
      worker.onerror = (e) => receive({ data: { type: 'error', message: e.message || 'the worker failed to start' } });
      const fields = { type: 'start', seed: Number(seed.value) || 0, ...start() };
      session.post(
        started.files.then(
          (files) => ({ ...fields, files }),
          (e) => {
            receive({ data: { type: 'error', message: e.message } });
            return null;
          },
        ),
      );
      resetButton.disabled = false;
      status.textContent = startingText;
    } else {
      session.post({ type: running ? 'pause' : 'resume' });
      delete status.dataset.paused;
    }
    running = !running;
    startButton.textContent = running ? 'Pause' : 'Resume';
  }

  function reset() {
    session.losses = [];
    session.evals = [];
    session.post({ type: 'reset', seed: Number(seed.value) || 0 });
  }

  return session;
}
