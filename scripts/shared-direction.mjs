// The direction every GloVe vector shares, computed at build time (scripts/build-embeddings.mjs)
// and written beside the vectors as shared.bin, which the core reads (src/core/shared_direction.h):
// the mean of the vocabulary and its top principal components, "all-but-the-top" (Mu and
// Viswanath, ICLR 2018). Frequent words have long vectors that lean the same way, so under a dot
// product a function word is similar to everything; the core takes the mean and these components
// out of every word vector.
//
// Each word counts by how often it occurs in text, as Zipf's law has it (weight 1 / (rank + 1),
// the source lists its words most frequent first): the shared direction of running text, where
// "the" and "." are everywhere, rather than of a word list where rare names are most of the rows.
// docs/EMBEDDINGS.md has the measurement that chose this weighting and the number of components.
//
//   const s = sharedDirection((r) => vectors[r], count, dims, 3);
//   s.mean (dims), s.components (count × dims, orthonormal rows, largest variance first),
//   s.variance (each component's share of the weighted variance)

// The eigenvalues and eigenvectors of a symmetric n × n matrix (row-major Float64Array), by
// cyclic Jacobi rotations: { values, vectors } with vectors[k] the unit eigenvector of values[k].
export function symmetricEigen(matrix, n) {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (apq === 0) continue;
        // the rotation (c, s) in the (p, q) plane that zeroes a[p][q]
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p];
          const vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
  }
  const values = Array.from({ length: n }, (_, i) => a[i * n + i]);
  const vectors = Array.from({ length: n }, (_, k) => Float64Array.from({ length: n }, (_, i) => v[i * n + k]));
  return { values, vectors };
}

// The weight of the word of rank r: how often it occurs, by Zipf's law.
export const zipf = (r) => 1 / (r + 1);

// vectorOf(rank) → the word's dims numbers; words ranked most frequent first; weight(rank): how
// much a word counts (bench/shared-direction.mjs compares zipf with () => 1).
export function sharedDirection(vectorOf, count, dims, components, weight = zipf) {
  let total = 0;
  const mean = new Float64Array(dims);
  const second = new Float64Array(dims * dims); // Σ w x xᵀ, the upper triangle
  for (let r = 0; r < count; r++) {
    const x = vectorOf(r);
    const w = weight(r);
    total += w;
    for (let i = 0; i < dims; i++) {
      const wx = w * x[i];
      mean[i] += wx;
      for (let j = i; j < dims; j++) second[i * dims + j] += wx * x[j];
    }
  }
  for (let i = 0; i < dims; i++) mean[i] /= total;
  // the weighted covariance: E[x xᵀ] − μ μᵀ
  const covariance = new Float64Array(dims * dims);
  for (let i = 0; i < dims; i++)
    for (let j = i; j < dims; j++)
      covariance[i * dims + j] = covariance[j * dims + i] = second[i * dims + j] / total - mean[i] * mean[j];
  const { values, vectors } = symmetricEigen(covariance, dims);
  const order = values.map((_, k) => k).sort((p, q) => values[q] - values[p]);
  const trace = values.reduce((s, x) => s + x, 0);
  const top = order.slice(0, components).map((k) => {
    const u = vectors[k];
    // a sign of its own: the largest entry positive, so that a rebuild writes the same file
    let largest = 0;
    for (let i = 1; i < dims; i++) if (Math.abs(u[i]) > Math.abs(u[largest])) largest = i;
    return u[largest] < 0 ? u.map((x) => -x) : u;
  });
  return { mean, components: top, variance: order.slice(0, components).map((k) => values[k] / trace) };
}

const MAGIC = 'ALSD';
const VERSION = 1;
const HEADER_BYTES = 24;

// The file the core parses (src/core/shared_direction.cpp), little-endian:
//   header, 24 bytes: "ALSD", u32 version, dims, count, vocab_size, checksum (FNV-1a of the payload)
//   payload: f32 mean[dims], f32 components[count][dims], f32 variance[count]
// fnv1a: the checksum's function (build-embeddings.mjs's).
export function encodeSharedDirection(s, dims, vocabSize, fnv1a) {
  const count = s.components.length;
  const floats = [...s.mean, ...s.components.flatMap((u) => [...u]), ...s.variance];
  const bytes = new Uint8Array(HEADER_BYTES + 4 * floats.length);
  const view = new DataView(bytes.buffer);
  floats.forEach((x, i) => view.setFloat32(HEADER_BYTES + 4 * i, x, true));
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  [VERSION, dims, count, vocabSize, fnv1a(bytes.subarray(HEADER_BYTES))].forEach((v, i) =>
    view.setUint32(4 + 4 * i, v, true),
  );
  return bytes;
}
