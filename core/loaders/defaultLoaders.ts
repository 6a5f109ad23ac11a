import type { LoaderRegistry } from './LoaderRegistry.js';
import { WorkerFormatLoader } from './WorkerFormatLoader.js';

/** The formats every viewer opens out of the box, by extension. */
export function registerDefaultLoaders(registry: LoaderRegistry): void {
  registry.register(['glb', 'gltf'], new WorkerFormatLoader('gltf'));
  registry.register(['ifc'], new WorkerFormatLoader('ifc'));
}
