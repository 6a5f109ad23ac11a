/** Positions are stored as 16-bit steps from the fragment's box minimum. */
export const QUANTIZATION_STEPS = 65535;

/**
 * World units per step for a fragment's box (6 numbers from `offset`): its largest side over 65535, the
 * same on every axis, so that one texel (min xyz + step) describes it. A 100 m slab gets 1.5 mm steps.
 */
export function quantizationStep(box: ArrayLike<number>, offset = 0): number {
  const size = Math.max(box[offset + 3] - box[offset], box[offset + 4] - box[offset + 1], box[offset + 5] - box[offset + 2]);
  return size > 0 ? size / QUANTIZATION_STEPS : 1;
}
