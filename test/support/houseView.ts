import { Vector3 } from 'three';
import { type Model, Viewer } from '../../core/index.js';
import { capture, createContainer, sampleUrl } from './helpers.js';

/**
 * A 240×180 viewer of the IFC house seen from above a corner (its walls meet the ground and each other),
 * with the 3D effects off, and the empty view's picture taken before it loaded: what the effects' pixel
 * tests compare against. The light preset is locked, so the house's own (Boardwalk) does not change the
 * background the empty picture holds.
 */
export async function openHouseCorner(): Promise<{ viewer: Viewer; model: Model; empty: ReturnType<typeof capture> }> {
  const viewer = new Viewer(createContainer(240, 180), { language: 'en' });
  viewer.start();
  for (const name of ['ambientShadows', 'groundShadow', 'groundReflection', 'edgeRendering']) viewer.prefs.set(name, false);
  viewer.prefs.lock('lightPreset');
  const empty = capture(viewer);
  const model = await viewer.loadModel(sampleUrl('ifc/IfcOpenHouse_IFC4.ifc'));
  await viewer.waitForCompleteFrame();
  const box = model.getBoundingBox();
  const centre = box.getCenter(new Vector3());
  const size = box.getSize(new Vector3()).length();
  viewer.navigation.setView(centre.clone().add(new Vector3(0.55, -0.75, 0.45).multiplyScalar(size)), centre);
  return { viewer, model, empty };
}

/** Finishes a viewer that openHouseCorner opened. */
export function closeHouseCorner(viewer: Viewer): void {
  viewer.prefs.unlock('lightPreset');
  viewer.finish();
  viewer.container.remove();
}
