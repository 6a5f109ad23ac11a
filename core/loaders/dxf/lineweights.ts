import type { DxfDrawingData, DxfEntity } from './dxfEntity.js';
import type { LayerRecord } from './layerRecords.js';

/** Group 370's special values: the layer's weight, the block reference's, the drawing's default. */
const BY_LAYER = -1;
const BY_BLOCK = -2;
const BY_DEFAULT = -3;
/** $LWDEFAULT when the header has none: 0.25 mm, in hundredths of a millimetre as DXF writes weights. */
const DEFAULT_WEIGHT = 25;
/** Millimetres in one drawing unit, by $INSUNITS (1 in, 2 ft, 4 mm, 5 cm, 6 m). */
const MM_PER_UNIT: Record<number, number> = { 1: 25.4, 2: 304.8, 4: 1, 5: 10, 6: 1000 };

/** The lineweights of a drawing: each layer's, the default, and how wide a millimetre is in drawing units. */
export interface DxfLineweights {
  /** Layer name → its weight (hundredths of a millimetre; negative: the default). */
  layerWeight: Map<string, number>;
  /** $LWDEFAULT, hundredths of a millimetre. */
  defaultWeight: number;
  /** Drawing units in a millimetre: $INSUNITS, else $MEASUREMENT (0: inches), else millimetres. */
  unitsPerMm: number;
}

/** Reads $LWDEFAULT, the units, and each layer's weight (group 370 of its LAYER record). */
export function readDxfLineweights(drawing: DxfDrawingData, layerRecords: readonly LayerRecord[]): DxfLineweights {
  const header = drawing.header ?? {};
  const fallback = Number(header.$LWDEFAULT);
  const mmPerUnit = MM_PER_UNIT[Number(header.$INSUNITS)] ?? (Number(header.$MEASUREMENT) === 0 ? 25.4 : 1);
  return {
    layerWeight: new Map(layerRecords.map((r) => [r.name, r.lineweight])),
    defaultWeight: fallback >= 0 ? fallback : DEFAULT_WEIGHT,
    unitsPerMm: 1 / mmPerUnit,
  };
}

/**
 * The weight an entity ends up with, in hundredths of a millimetre: its own, its layer's (BYLAYER, the
 * default when the entity says nothing), its block reference's (BYBLOCK), or the drawing's default.
 */
export function resolvedLineweight(entity: DxfEntity, layer: string, blockWeight: number | undefined, weights: DxfLineweights): number {
  let weight = entity.lineweight ?? BY_LAYER;
  if (weight === BY_LAYER) weight = weights.layerWeight.get(layer) ?? BY_DEFAULT;
  if (weight === BY_BLOCK) weight = blockWeight ?? BY_DEFAULT;
  return weight >= 0 ? weight : weights.defaultWeight;
}

/**
 * How wide an entity's lines are drawn, in drawing units: lines heavier than the drawing's default get
 * their weight's width; the default and thinner ones 0 (one pixel at any zoom, as AutoCAD shows them).
 */
export function lineWidthOf(weight: number, weights: DxfLineweights): number {
  return weight > weights.defaultWeight ? (weight / 100) * weights.unitsPerMm : 0;
}
