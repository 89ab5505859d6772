// Bytes handed to the wasm module for one call: copied into memory it allocates, freed after.
// use(ptr, length) runs while they are there; its result is returned. HEAPU8 is read after
// _malloc, which may have grown (and so detached) the memory.
export function withBytes(module, bytes, use) {
  const ptr = module._malloc(Math.max(bytes.length, 1));
  try {
    module.HEAPU8.set(bytes, ptr);
    return use(ptr, bytes.length);
  } finally {
    module._free(ptr);
  }
}
