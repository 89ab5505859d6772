// Type-checked by tests/package/package.test.mjs (tsc --noEmit) against the installed package,
// with nodenext, node16, bundler and node10 resolution: the README's API example and the element.
import { type AttentionLensAttributes, AttentionLensElement } from 'attention-lens/element';
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

// the element's tag, class, state and event are typed
const element = document.querySelector('attention-lens');
element?.addEventListener('attention-lens-render', (e) => void e.detail.tokens);
export const heads: number | undefined = element?.state?.options.heads;
export const patch: 8 | 16 | 32 | undefined = element?.state?.imageOptions.patch;
export const shown: 'text' | 'image' | undefined = element?.state?.mode;
export const isLens: boolean = document.createElement('attention-lens') instanceof AttentionLensElement;
export const observed: string[] = AttentionLensElement.observedAttributes;
export const attributes: AttentionLensAttributes = {
  sentence: 'Hi',
  heads: '2',
  'positional-weight': '0.5',
  compact: '',
};

// @ts-expect-error: heads must be a divisor of 100
void createAttentionLens().then((lens) => lens.analyze('x', { heads: 3 }));
// @ts-expect-error: the element has no such attribute
export const unknown: AttentionLensAttributes = { colour: 'red' };
