import type { DxfDrawingData, DxfEntity } from './dxfEntity.js';
import type { LayerRecord } from './layerRecords.js';

/** The linetypes of a drawing: their dash patterns by name, each layer's linetype, and the global scale. */
export interface DxfLinetypes {
  /** Upper-case name → pattern (drawing units; positive dash, negative gap, 0 dot); solid ones are absent. */
  patterns: Map<string, number[]>;
  /** Layer name → its linetype's name. */
  layerLinetype: Map<string, string>;
  /** $LTSCALE. */
  scale: number;
}

/** Reads the LTYPE table (dxf-parser's) and each layer's linetype (group 6 of its LAYER record). */
export function readDxfLinetypes(drawing: DxfDrawingData, layerRecords: readonly LayerRecord[]): DxfLinetypes {
  const patterns = new Map<string, number[]>();
  for (const type of Object.values(drawing.tables?.lineType?.lineTypes ?? {})) {
    const pattern = (type.pattern ?? []).map(Number).filter(Number.isFinite);
    if (pattern.some((dash) => dash < 0)) patterns.set(type.name.toUpperCase(), pattern);
  }
  const scale = Number(drawing.header?.$LTSCALE ?? 1);
  const layerLinetype = new Map(layerRecords.filter((r) => r.linetype).map((r) => [r.name, r.linetype]));
  return { patterns, layerLinetype, scale: scale > 0 ? scale : 1 };
}

/**
 * The dash pattern an entity is drawn with, scaled (global × the entity's own scale), or null for a solid
 * line: its own linetype, its layer's (BYLAYER) or its block reference's (BYBLOCK).
 */
export function entityPattern(entity: DxfEntity, layer: string, blockLinetype: string | undefined, linetypes: DxfLinetypes): number[] | null {
  const name = resolvedLinetype(entity, layer, blockLinetype, linetypes);
  const pattern = name ? linetypes.patterns.get(name.toUpperCase()) : undefined;
  if (!pattern) return null;
  const scale = linetypes.scale * (entity.lineTypeScale && entity.lineTypeScale > 0 ? entity.lineTypeScale : 1);
  return pattern.map((dash) => dash * scale);
}

/** The linetype name an entity ends up with (BYLAYER and BYBLOCK resolved). */
export function resolvedLinetype(entity: DxfEntity, layer: string, blockLinetype: string | undefined, linetypes: DxfLinetypes): string | undefined {
  const own = entity.lineType;
  if (!own || own.toUpperCase() === 'BYLAYER') return linetypes.layerLinetype.get(layer);
  if (own.toUpperCase() === 'BYBLOCK') return blockLinetype;
  return own;
}
