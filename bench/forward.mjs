// The attention forward with plain loops, its arithmetic in the typed array it is given: in
// double (Float64Array) the reference every peer's output is checked against (reference.mjs); in
// float (Float32Array) the plain-JavaScript peer (peers/plain-js.mjs), what a page would do
// without WebAssembly. Row-vector convention: Q = X·W_Q, ..., output = concat(heads)·W_O.
// Each imports a module instance of its own (the peer adds a query to the URL), so that V8's
// type feedback for these loops sees one kind of array: one instance serving both made them
// polymorphic, and the timed peer slower.

function matmul(a, b, m, k, n, Float) {
  // C (m×n) = A (m×k) · B (k×n)
  const c = new Float(m * n);
  for (let i = 0; i < m; i++)
    for (let p = 0; p < k; p++) {
      const aip = a[i * k + p];
      const ci = i * n,
        bp = p * n;
      for (let j = 0; j < n; j++) c[ci + j] += aip * b[bp + j];
    }
  return c;
}

export function plainForward({ n, d, heads, x, w }, Float) {
  const dk = d / heads,
    scale = 1 / Math.sqrt(dk);
  const [q, k, v] = [0, 1, 2].map((i) => matmul(x, w[i], n, d, d, Float));
  const context = new Float(n * d),
    row = new Float(n);
  for (let h = 0; h < heads; h++) {
    const c0 = h * dk;
    for (let i = 0; i < n; i++) {
      // the scaled scores of query i against every key, and their max (for numerical stability)
      let max = -Infinity;
      for (let j = 0; j < n; j++) {
        let dot = 0;
        for (let c = c0; c < c0 + dk; c++) dot += q[i * d + c] * k[j * d + c];
        row[j] = dot * scale;
        if (row[j] > max) max = row[j];
      }
      // exp and sum, then the weights times V
      let sum = 0;
      for (let j = 0; j < n; j++) sum += row[j] = Math.exp(row[j] - max);
      for (let j = 0; j < n; j++) {
        const wij = row[j] / sum;
        for (let c = c0; c < c0 + dk; c++) context[i * d + c] += wij * v[j * d + c];
      }
    }
  }
  return matmul(context, w[3], n, d, d, Float);
}
