// Bytes handed to the wasm module for one call: copied into memory it allocates, freed after.
// use(ptr, length) runs while they are there; its result is returned. When wasm memory cannot
// hold them (_malloc returns 0 at the memory's limit) nothing is written and a RangeError names
// what (e.g. 'the picture') and its size. HEAPU8 is read after _malloc, which may have grown (and
// so detached) the memory.
import { outOfMemory } from './errors.js';

export function withBytes(module, bytes, use, what = 'the bytes') {
  const ptr = module._malloc(Math.max(bytes.length, 1));
  if (!ptr) throw outOfMemory(module, what, bytes.length);
  try {
    module.HEAPU8.set(bytes, ptr);
    return use(ptr, bytes.length);
  } finally {
    module._free(ptr);
  }
}

// Throws the same RangeError unless wasm memory has room for texts, which Embind copies in as
// UTF-8 without checking its own _malloc (a text over the limit would be written at address 0).
export function checkRoomForText(module, texts) {
  const bytes = texts.reduce((n, t) => n + 3 * t.length + 5, 0); // UTF-8 takes at most 3 bytes a UTF-16 unit
  const ptr = module._malloc(bytes);
  if (!ptr) throw outOfMemory(module, 'the text', bytes);
  module._free(ptr);
}
