import { Box3 } from 'three';
import { FragmentFlag } from './FragmentList.js';

const CORNER = new Box3();

/**
 * Grows `target` by every known box of `boxes` (6 floats each, min xyz then max xyz; an unknown box is
 * inverted), or with `flags` (a FragmentList's) only those of fragments not hidden; true when there was
 * one. The loader worker grows a header's bounds so, and a model each chunk, so that a model's bounds hold
 * all its fragments. It runs over up to 100k boxes, so it stays a plain loop.
 */
export function unionKnownBoxes(target: Box3, boxes: Float32Array, flags?: Uint8Array): boolean {
  let minX = Infinity, minY = Infinity, minZ = Infinity;
  let maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0, o = 0; o < boxes.length; i++, o += 6) {
    if (!(boxes[o] <= boxes[o + 3]) || (flags && flags[i] & FragmentFlag.HIDDEN)) continue;
    if (boxes[o] < minX) minX = boxes[o];
    if (boxes[o + 1] < minY) minY = boxes[o + 1];
    if (boxes[o + 2] < minZ) minZ = boxes[o + 2];
    if (boxes[o + 3] > maxX) maxX = boxes[o + 3];
    if (boxes[o + 4] > maxY) maxY = boxes[o + 4];
    if (boxes[o + 5] > maxZ) maxZ = boxes[o + 5];
  }
  if (minX > maxX) return false;
  target.expandByPoint(CORNER.min.set(minX, minY, minZ));
  target.expandByPoint(CORNER.max.set(maxX, maxY, maxZ));
  return true;
}
