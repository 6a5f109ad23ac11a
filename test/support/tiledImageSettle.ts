import type { Model, Viewer } from '../../core/index.js';
import { tiledImageOf } from '../../core/loaders/leaflet/tiledImages.js';
import { frames } from './helpers.js';
import { until } from './navigationInput.js';

/** Waits until the view's tiles of a tiled image are all in (or failed) and a complete frame shows them. */
export async function settleTiles(viewer: Viewer, model: Model): Promise<void> {
  const store = tiledImageOf(model)!.store;
  for (;;) {
    await viewer.waitForCompleteFrame();
    await frames(1);
    if (store.pendingCount === 0 && viewer.getFrameStats().final) {
      await viewer.waitForCompleteFrame();
      if (store.pendingCount === 0) return;
    }
    await until(() => store.pendingCount === 0, 30000);
  }
}
