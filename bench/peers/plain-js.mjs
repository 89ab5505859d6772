// Plain JavaScript on Float32Arrays: what a page would do without WebAssembly.

function matmul(a, b, m, k, n, c = new Float32Array(m * n)) {
  // C (m×n) = A (m×k) · B (k×n)
  c.fill(0);
  for (let i = 0; i < m; i++)
    for (let p = 0; p < k; p++) {
      const aip = a[i * k + p];
      const ci = i * n,
        bp = p * n;
      for (let j = 0; j < n; j++) c[ci + j] += aip * b[bp + j];
    }
  return c;
}

export const plainJsPeer = {
  name: 'plain JS',
  async setup({ n, d, heads, x, w }) {
    const dk = d / heads,
      scale = 1 / Math.sqrt(dk);
    return {
      run() {
        const [q, k, v] = [0, 1, 2].map((i) => matmul(x, w[i], n, d, d));
        const context = new Float32Array(n * d),
          row = new Float32Array(n);
        for (let h = 0; h < heads; h++) {
          const c0 = h * dk;
          for (let i = 0; i < n; i++) {
            let max = -Infinity;
            for (let j = 0; j < n; j++) {
              let dot = 0;
              for (let c = c0; c < c0 + dk; c++) dot += q[i * d + c] * k[j * d + c];
              row[j] = dot * scale;
              if (row[j] > max) max = row[j];
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
      },
      dispose() {},
    };
  },
};
