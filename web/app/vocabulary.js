// What a view that decodes vectors to words says while the whole vocabulary (core.bin, loaded
// after the first attention) is still on its way: vocabulary is the store's { loaded, total,
// ready, error } (compute.js).
export function vocabularyNote(vocabulary) {
  if (vocabulary?.error) return `The nearest words need the whole vocabulary, which did not load: ${vocabulary.error}`;
  const { loaded = 0, total = 0 } = vocabulary ?? {};
  return (
    'The nearest words appear when the whole vocabulary (16,384 words) has loaded' +
    (total > 0 ? `: ${(loaded / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB.` : '…')
  );
}
