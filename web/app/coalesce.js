// Runs an async job so that triggers arriving while it runs coalesce: when it ends, it runs once
// more, with whatever the state is then (only the latest input is computed, never a backlog).
export function coalesce(job) {
  let running = false,
    pending = false;
  return async function trigger() {
    if (running) {
      pending = true;
      return;
    }
    running = true;
    try {
      do {
        pending = false;
        await job();
      } while (pending);
    } finally {
      running = false;
    }
  };
}
