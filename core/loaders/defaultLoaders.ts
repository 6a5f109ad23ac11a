import type { LoaderRegistry } from './LoaderRegistry.js';
import { WorkerFormatLoader } from './WorkerFormatLoader.js';

/** The formats every viewer opens out of the box, by extension. */
export function registerDefaultLoaders(registry: LoaderRegistry): void {
  registry.register(['glb', 'gltf'], new WorkerFormatLoader('gltf'));
  // SVF, and a zip bundle that holds one.
  registry.register(['svf', 'zip'], new WorkerFormatLoader('svf'));
  registry.register(['ifc'], new WorkerFormatLoader('ifc'));
}
