// What both training panels (the text layer's and the picture layer's) show of their run
// (compute/training.js): one button for Train / Pause / Resume, Reset (once started), and the
// status line for the run's own events: starting, paused, stopped, not possible from a file.
// Every other event goes to the panel's onEvent(event, run), run being the store's
// { event, losses, evals }. Returns the function that stops listening.
export function followTraining(store, name, { status, startButton, resetButton, startingText, onStart, onEvent }) {
  function said(event) {
    if (event.type === 'unavailable')
      status.textContent =
        'Training needs the page served over http (npm start): browsers do not run workers from files.';
    else if (event.type === 'starting') {
      onStart();
      resetButton.disabled = false;
      status.textContent = startingText;
      startButton.textContent = 'Pause';
    } else if (event.type === 'toggled') {
      delete status.dataset.paused;
      startButton.textContent = event.running ? 'Pause' : 'Resume';
    } else if (event.type === 'paused') {
      status.textContent = `Paused at step ${event.steps.toLocaleString('en-US')}.`;
      status.dataset.steps = String(event.steps);
      status.dataset.paused = 'true';
    } else if (event.type === 'error') {
      status.textContent = `Training stopped: ${event.message}`;
      startButton.textContent = 'Train';
    } else return false;
    return true;
  }
  // each event once, as it comes (a panel built later has none to catch up on: only it starts a run)
  return store.subscribe((state, changed) => {
    const run = state[name];
    if (changed.has(name) && run && !said(run.event)) onEvent(run.event, run);
  });
}
