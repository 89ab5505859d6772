// The attention forward in double precision with plain loops: every peer's output is checked
// against it. Row-vector convention: Q = X·W_Q, ..., output = concat(heads)·W_O.

function matmul(a, b, m, k, n) {
  // (m×k)·(k×n), Float64Array result
  const c = new Float64Array(m * n);
  for (let i = 0; i < m; i++)
    for (let p = 0; p < k; p++) {
      const aip = a[i * k + p];
      for (let j = 0; j < n; j++) c[i * n + j] += aip * b[p * n + j];
    }
  return c;
}

export function referenceForward({ n, d, heads, x, w }) {
  const dk = d / heads;
  const [q, k, v] = [0, 1, 2].map((i) => matmul(x, w[i], n, d, d));
  const context = new Float64Array(n * d);
  const row = new Float64Array(n);
  for (let h = 0; h < heads; h++) {
    const c0 = h * dk;
    for (let i = 0; i < n; i++) {
      let max = -Infinity;
      for (let j = 0; j < n; j++) {
        let dot = 0;
        for (let c = c0; c < c0 + dk; c++) dot += q[i * d + c] * k[j * d + c];
        row[j] = dot / Math.sqrt(dk);
        max = Math.max(max, row[j]);
      }
      let sum = 0;
      for (let j = 0; j < n; j++) sum += row[j] = Math.exp(row[j] - max);
      for (let j = 0; j < n; j++) {
        const wij = row[j] / sum;
        for (let c = c0; c < c0 + dk; c++) context[i * d + c] += wij * v[j * d + c];
      }
    }
  }
  return matmul(context, w[3], n, d, d);
}
