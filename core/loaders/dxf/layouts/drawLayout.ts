import { type Affine2, IDENTITY, type Sketch } from '../../sketch/Sketch.js';
import { aciToRgb } from '../dxfColors.js';
import type { DxfEntity } from '../dxfEntity.js';
import { DXF_FIRST_ENTITY_DB_ID } from '../dxfObjects.js';
import { type DrawingLookup, drawDxfEntity } from '../drawDxfEntity.js';
import type { DxfLayout } from './readLayouts.js';
import type { DxfViewport } from './readViewport.js';

/** Draws a list of entities as objects numbered from `firstDbId`, through a transform. */
export function drawEntities(sketch: Sketch, entities: readonly DxfEntity[], firstDbId: number, matrix: Affine2, lookup: DrawingLookup, skip?: (entity: DxfEntity) => boolean): void {
  entities.forEach((entity, i) => {
    if (skip?.(entity)) return;
    drawDxfEntity(sketch, entity, { dbId: firstDbId + i, matrix, blockRgb: aciToRgb(7), blockLayer: null, depth: 0 }, lookup);
  });
  sketch.setStroke(0);
}

/**
 * Draws a paper-space layout as a sheet: its own entities, then model space through each of its
 * viewports (placed, scaled and twisted as the viewport says, cut to its rectangle, without the layers it
 * freezes). Returns the sheet's objects in dbId order: the layout's entities, then model space's.
 */
export function drawLayout(sketch: Sketch, layout: DxfLayout, model: readonly DxfEntity[], layerOfHandle: ReadonlyMap<string, string>, lookup: DrawingLookup): DxfEntity[] {
  const paper = layout.entities;
  const all = paper.map((entity) => entity.viewport).filter((vp): vp is DxfViewport => !!vp);
  // The first viewport of a layout is its paper space viewport (id 1 once the layout was opened in CAD).
  for (const vp of all) vp.isPaper = vp === all[0] || vp.id === 1;
  drawEntities(sketch, paper, DXF_FIRST_ENTITY_DB_ID, IDENTITY, lookup);
  const viewports = all.filter((vp) => !vp.isPaper && vp.width > 0 && vp.height > 0 && vp.viewHeight > 0);
  // Status 0 is a viewport turned off; a layout never opened in CAD leaves them all at 0: then all show.
  const shown = viewports.some((vp) => vp.status !== 0) ? viewports.filter((vp) => vp.status !== 0) : viewports;
  for (const viewport of shown) {
    const frozen = new Set(viewport.frozenLayers.map((handle) => layerOfHandle.get(handle)));
    const { center, width, height } = viewport;
    sketch.clip = { minX: center.x - width / 2, minY: center.y - height / 2, maxX: center.x + width / 2, maxY: center.y + height / 2 };
    drawEntities(sketch, model, DXF_FIRST_ENTITY_DB_ID + paper.length, viewportMatrix(viewport), lookup, (entity) => frozen.has(entity.layer ?? '0'));
    sketch.clip = null;
  }
  return [...paper, ...model];
}

/** Model space → paper through a viewport: its view centre to its centre, scaled to its height, twisted. */
export function viewportMatrix(viewport: DxfViewport): Affine2 {
  const scale = viewport.height / viewport.viewHeight;
  const cos = Math.cos(viewport.twist) * scale;
  const sin = Math.sin(viewport.twist) * scale;
  const { x: cx, y: cy } = viewport.viewCenter;
  return [cos, sin, -sin, cos, viewport.center.x - (cos * cx - sin * cy), viewport.center.y - (sin * cx + cos * cy)];
}
