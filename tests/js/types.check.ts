// Compiled by `tsc -p web/lib` (never run): the documented API must type-check against index.d.ts.
import {
  createAttentionLens,
  HEAD_COUNTS,
  IMAGE_TRAINING_DEFAULTS,
  STEP_NAMES,
  type AttentionResult,
  type ImageEvaluation,
  type ImageTrainer,
  type RgbaImage,
  type Step,
} from '../../web/lib/index.js';

async function example(): Promise<number> {
  const lens = await createAttentionLens({ simd: 'auto', onProgress: (p) => void p.loaded });
  const r: AttentionResult = await lens.analyze('A Lannister always pays his debts', {
    heads: 1,
    positional: true,
    scale: true,
    temperature: 1,
    similarity: 'dot',
    mask: 'none',
    weights: 'identity',
    seed: 0,
  });
  const w: Step = r.step('weights', 0);
  const first = r.tokens[0];
  const near = lens.nearestWords(r.step('context').data.subarray(0, 100), 5);
  const why = r.recurrentInfluence({ seed: 1 });
  const reach: number = why.recurrentShare[0] + why.attentionShare[0] + why.radius;
  const cross = await lens.crossAnalyze('who pays', 'A Lannister always pays his debts', { heads: 2 });
  cross.step('documentInput');
  r.dispose();
  cross.dispose();
  lens.dispose();
  return w.data[0] + first.start + near[0].similarity + reach + HEAD_COUNTS.length + STEP_NAMES.length;
}

async function trainPictures(picture: RgbaImage): Promise<number> {
  const lens = await createAttentionLens({ trainer: true });
  const trainer: ImageTrainer = lens.createImageTrainer({
    patch: 32,
    heads: 4,
    seed: 1,
    noise: 0.3,
    fromIdentity: true,
  });
  trainer.addPicture(picture, { heldOut: true });
  const loss = trainer.steps(10);
  const held: ImageEvaluation = trainer.evaluate();
  lens.setTrainedImageWeights(trainer.weightsFile());
  const gain = trainer.baselines().identity.loss - held.loss;
  trainer.dispose();
  return loss + gain + IMAGE_TRAINING_DEFAULTS.batch;
}
void trainPictures;

// @ts-expect-error: heads must be a divisor of 100
void createAttentionLens().then((lens) => lens.analyze('x', { heads: 3 }));
void example;
