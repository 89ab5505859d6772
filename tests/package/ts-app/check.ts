// Type-checked by tests/package/package.test.mjs (tsc --noEmit) against the installed package,
// with nodenext, node16 and bundler resolution: the README's API example and the element.
import 'attention-lens/element';
import { type AttentionResult, createAttentionLens, HEAD_COUNTS, type Step } from 'attention-lens';

export async function example(): Promise<number> {
  const lens = await createAttentionLens({ onProgress: (p) => void p.loaded });
  const r: AttentionResult = await lens.analyze('A Lannister always pays his debts', {
    heads: 2,
    mask: 'causal',
    weights: 'identity',
  });
  const w: Step = r.step('weights', 1);
  const near = lens.nearestWords(r.step('context').data.subarray(0, 100), 5);
  r.dispose();
  lens.dispose();
  return w.data[0] + near[0].similarity + HEAD_COUNTS.length;
}

// the element's tag and event are typed
const element = document.querySelector('attention-lens');
element?.addEventListener('attention-lens-render', (e) => void e.detail.tokens);
export const heads: number | undefined = element?.state?.options.heads;

// @ts-expect-error: heads must be a divisor of 100
void createAttentionLens().then((lens) => lens.analyze('x', { heads: 3 }));
