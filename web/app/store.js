// All of one <attention-lens>'s state in one place: get(), set(patch), subscribe(fn).
// Views read from the store and write to it; they never talk to each other.

export function createStore(initial) {
  let state = { ...initial };
  const listeners = new Set();
  return {
    get: () => state,
    // Merges patch into the state and tells every subscriber which keys changed.
    set(patch) {
      const changed = Object.keys(patch).filter((k) => !Object.is(state[k], patch[k]));
      if (changed.length === 0) return;
      state = { ...state, ...patch };
      const keys = new Set(changed);
      for (const fn of [...listeners]) {
        try {
          fn(state, keys);
        } catch (e) {
          queueMicrotask(() => {
            throw e;
          }); // reported, without stopping the other views
        }
      }
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

// Calls fn(state) when any of keys changed (and once now).
export function watch(store, keys, fn) {
  fn(store.get());
  return store.subscribe((state, changed) => {
    if (keys.some((k) => changed.has(k))) fn(state);
  });
}
