import type { DxfDrawingData, DxfEntity } from './dxfEntity.js';

/** The linetypes of a drawing: their dash patterns by name, each layer's linetype, and the global scale. */
export interface DxfLinetypes {
  /** Upper-case name → pattern (drawing units; positive dash, negative gap, 0 dot); solid ones are absent. */
  patterns: Map<string, number[]>;
  /** Layer name → its linetype's name. */
  layerLinetype: Map<string, string>;
  /** $LTSCALE. */
  scale: number;
}

/**
 * Reads the LTYPE table (dxf-parser's) and each layer's linetype (group 6 of its LAYER record, which
 * dxf-parser does not keep: read from the file's text).
 */
export function readDxfLinetypes(drawing: DxfDrawingData, text: string): DxfLinetypes {
  const patterns = new Map<string, number[]>();
  for (const type of Object.values(drawing.tables?.lineType?.lineTypes ?? {})) {
    const pattern = (type.pattern ?? []).map(Number).filter(Number.isFinite);
    if (pattern.some((dash) => dash < 0)) patterns.set(type.name.toUpperCase(), pattern);
  }
  const scale = Number(drawing.header?.$LTSCALE ?? 1);
  return { patterns, layerLinetype: layerLinetypes(text), scale: scale > 0 ? scale : 1 };
}

/** The LAYER table's records in the text: each one's name (group 2) and linetype (group 6). */
function layerLinetypes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  let inLayerTable = false;
  let name: string | null = null;
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = lines[i].trim();
    const value = lines[i + 1].trim();
    if (code === '0' && value === 'ENDTAB' && inLayerTable) break;
    if (code === '2' && value === 'LAYER' && !inLayerTable && lines[i - 2]?.trim() === '0' && lines[i - 1]?.trim() === 'TABLE') inLayerTable = true;
    else if (inLayerTable && code === '0') name = value === 'LAYER' ? '' : null;
    else if (inLayerTable && name !== null && code === '2') name = value;
    else if (inLayerTable && name && code === '6') found.set(name, value);
    if (code === '0' && value === 'ENTITIES') break;
  }
  return found;
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
