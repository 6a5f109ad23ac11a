import type { Model } from '../../model/Model.js';
import type { TilePyramid } from './TilePyramid.js';
import type { TileStore } from './TileStore.js';

/** A tiled image model's pyramid and tiles, for the tile layer that draws it (core/render/tiles). */
export interface TiledImage {
  pyramid: TilePyramid;
  store: TileStore;
}

const tiledImages = new WeakMap<Model, TiledImage>();

/** The pyramid and tiles of a model loaded from a leaflet (tiled image), or null for any other model. */
export function tiledImageOf(model: Model): TiledImage | null {
  return tiledImages.get(model) ?? null;
}

/** Called by the leaflet loader as the model is made, before the renderer sees it. */
export function registerTiledImage(model: Model, image: TiledImage): void {
  tiledImages.set(model, image);
}
