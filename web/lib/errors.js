// The error of the last failed call into the wasm module, as the JS class its C++ kind maps to
// (takeErrorType(), src/wasm/binding_support.h): TypeError for a bad option or argument,
// RangeError when wasm memory is full, Error for the rest (a bad file). null when none failed.
const TYPES = { TypeError, RangeError, Error };

export function takeError(module, Type) {
  const kind = module.takeErrorType();
  const message = module.takeError();
  if (!message) return null;
  return new (Type ?? TYPES[kind] ?? Error)(`attention-lens: ${message}`);
}

const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;

// The sentence for bytes that could not be copied into wasm memory (as the core's
// out_of_memory_message says it for its own allocations).
export function outOfMemory(module, what, bytes) {
  return new RangeError(
    `attention-lens: wasm memory is full (${mb(module.HEAPU8.length)} of at most ${mb(module.heapMax())}): ` +
      `${what} (${mb(bytes)}) could not be copied in; dispose() results no longer needed, or use smaller inputs`,
  );
}
