// Numbers as the views show them.

export const fmt = (x, digits = 3) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));
export const fmtInt = (x) => x.toLocaleString('en-US');
export const percent = (x) => `${(100 * x).toFixed(1)}%`;

// A token as a short label (long tokens are cut with an ellipsis).
export function label(token, max = 14) {
  const chars = [...token.text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : token.text;
}
