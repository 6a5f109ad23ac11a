import type { ResourceLocator } from '../viewer/resources.js';

/**
 * Spec 000 §2 "Other widgets": one cursor image per tool, from res/cursors/ (32×32 PNG, with a @2x
 * version for high-density screens; the SVG sources sit beside them). The hot spot is where the
 * image points: the pivot dot, the centre of the magnifier's glass, the apex of the view cone.
 */
const HOT_SPOTS = {
  orbit: [16, 16],
  freeorbit: [16, 16],
  pan: [16, 16],
  dolly: [13, 13],
  fov: [5, 16],
  worldup: [16, 16],
  walk: [16, 16],
  zoomwindow: [16, 16],
} as const;

export type ToolCursorName = keyof typeof HOT_SPOTS;

/** Cursor keywords used while an image loads or where images are not supported. */
const FALLBACKS: Record<ToolCursorName, string> = {
  orbit: 'grab',
  freeorbit: 'grab',
  pan: 'move',
  dolly: 'ns-resize',
  fov: 'ns-resize',
  worldup: 'alias',
  walk: 'crosshair',
  zoomwindow: 'crosshair',
};

let supportsImageSet: boolean | undefined;

/** The CSS cursor value of a tool's cursor image. */
export function toolCursor(resources: ResourceLocator, name: ToolCursorName): string {
  const [x, y] = HOT_SPOTS[name];
  const url = resources.url(`cursors/${name}.png`);
  const url2x = resources.url(`cursors/${name}@2x.png`);
  const imageSet = `image-set(url("${url}") 1x, url("${url2x}") 2x) ${x} ${y}, ${FALLBACKS[name]}`;
  supportsImageSet ??= globalThis.CSS?.supports?.('cursor', imageSet) ?? false;
  return supportsImageSet ? imageSet : `url("${url}") ${x} ${y}, ${FALLBACKS[name]}`;
}
