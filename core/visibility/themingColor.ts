/** RGBA, 0–1, alpha the strength of the colour (a THREE.Vector4 fits: x, y, z, w). */
export type ThemingColor = { x: number; y: number; z: number; w?: number } | { r: number; g: number; b: number; a?: number } | readonly number[] | number;

/** The colour as [r, g, b, a], 0–1. */
export function toRgba(color: ThemingColor): number[] {
  if (typeof color === 'number') return [((color >> 16) & 255) / 255, ((color >> 8) & 255) / 255, (color & 255) / 255, 1];
  if (Array.isArray(color)) return [color[0] ?? 0, color[1] ?? 0, color[2] ?? 0, color[3] ?? 1];
  if ('x' in (color as object)) {
    const c = color as { x: number; y: number; z: number; w?: number };
    return [c.x, c.y, c.z, c.w ?? 1];
  }
  const c = color as { r: number; g: number; b: number; a?: number };
  return [c.r, c.g, c.b, c.a ?? 1];
}
