import { Box3 } from 'three';
import type { Model } from '../model/Model.js';
import { modelsBounds, objectBounds } from '../model/modelBounds.js';
import type { Logger } from './Logger.js';

/** Spec 001 §8 "Logs and warnings": fit to view asked with 2D and 3D models loaded together. */
export const HYBRID_FIT_WARNING = 'Hybrid 2d/3d fitToView() not supported.';
/** Spec 001 §8 "Logs and warnings": fit to view asked with several 2D models loaded. */
export const MULTIPLE_2D_FIT_WARNING = "fitToView() doesn't support multiple 2D models";

/**
 * The box fit to view frames (spec 001 §5): the objects' (in `model`), or everything visible; null with a
 * warning when 2D and 3D models are loaded together; with several 2D models, the first one's alone (warned).
 */
export function fitToViewBox(models: readonly Model[], logger: Logger, dbIds: readonly number[] | null | undefined, model: Model | null): Box3 | null {
  const sheets = models.filter((m) => m.is2d());
  if (sheets.length > 0 && sheets.length < models.length) {
    logger.warn(HYBRID_FIT_WARNING);
    return null;
  }
  if (sheets.length > 1) logger.warn(MULTIPLE_2D_FIT_WARNING);
  const used = sheets.length > 1 ? sheets[0] : model;
  if (dbIds && dbIds.length) return used ? objectBounds(used, dbIds) : new Box3();
  return modelsBounds(sheets.length > 1 ? [sheets[0]] : models, true);
}
