import aciTable from 'dxf-parser/dist/AutoCadColorIndex.js';

/** DXF colour number 0: the entity takes the colour of the block reference that draws it. */
export const ACI_BYBLOCK = 0;
/** DXF colour number 256: the entity takes its layer's colour. */
export const ACI_BYLAYER = 256;
/** ACI 7 is "white or black": the drawing's foreground, drawn dark on the viewer's light background. */
const ACI_FOREGROUND = 7;
const FOREGROUND_RGB = 0x000000;

/** An entity's colour as the file writes it (dxf-parser: group 62 in colorIndex, group 62 or 420 in color). */
export interface DxfColorFields {
  colorIndex?: number;
  color?: number;
}

/** How an entity's colour is given, for its properties: "ByLayer", "ByBlock", "ACI 3" or "RGB 255,128,0". */
export function colorName(entity: DxfColorFields): string {
  const index = entity.colorIndex;
  if (isTrueColor(entity)) return `RGB ${(entity.color! >> 16) & 255},${(entity.color! >> 8) & 255},${entity.color! & 255}`;
  if (index === undefined || index === ACI_BYLAYER) return 'ByLayer';
  if (index === ACI_BYBLOCK) return 'ByBlock';
  return `ACI ${Math.abs(index)}`;
}

/** An ACI colour number (1–255) as 0xRRGGBB; ACI 7 is the foreground. */
export function aciToRgb(index: number): number {
  const i = Math.abs(index);
  if (i === ACI_FOREGROUND) return FOREGROUND_RGB;
  return aciTable[i] ?? FOREGROUND_RGB;
}

/**
 * The colour an entity is drawn in (0xRRGGBB): its true colour, its ACI colour, its layer's (BYLAYER, the
 * default) or the block reference's (BYBLOCK; the foreground outside any block).
 */
export function resolveColor(entity: DxfColorFields, layerRgb: number, blockRgb: number): number {
  if (isTrueColor(entity)) return entity.color!;
  const index = entity.colorIndex;
  if (index === undefined || index === ACI_BYLAYER) return layerRgb;
  if (index === ACI_BYBLOCK) return blockRgb;
  return aciToRgb(index);
}

/** dxf-parser sets `color` from ACI too: a true colour (group 420) is one that the ACI number does not give. */
function isTrueColor(entity: DxfColorFields): boolean {
  if (entity.color === undefined) return false;
  const index = entity.colorIndex;
  if (index === undefined) return true;
  return aciTable[Math.abs(index)] !== entity.color;
}
