import type { LoaderRegistry } from './LoaderRegistry.js';
import { WorkerFormatLoader } from './WorkerFormatLoader.js';
import { SvgLoader } from './svg/SvgLoader.js';
import { LeafletLoader } from './leaflet/LeafletLoader.js';

/**
 * The formats every viewer opens out of the box, by extension; a URL without one (a download endpoint)
 * is read by the format its first bytes show.
 */
export function registerDefaultLoaders(registry: LoaderRegistry): void {
  registry.register(['glb', 'gltf'], new WorkerFormatLoader('gltf'));
  registry.register(['svf'], new WorkerFormatLoader('svf'));
  // A zip bundle holding an SVF, or a zip holding an IFC: its entries say which.
  registry.register(['zip'], new WorkerFormatLoader('zip'));
  registry.register(['ifc', 'ifczip'], new WorkerFormatLoader('ifc'));
  registry.register(['dxf'], new WorkerFormatLoader('dxf', { drawsText: true }));
  registry.register(['pdf'], new WorkerFormatLoader('pdf', { drawsText: true }));
  // SVG is read on the page (DOMParser), then packed in the worker.
  const svg = new SvgLoader();
  registry.register(['svg', 'svgz'], svg);
  // A tiled image (a leaflet node's pyramid): a folder URL, or a zip, with the `leaflet` option.
  registry.register(['leaflet'], new LeafletLoader());
  // A file without an extension: the worker reads its first bytes (and hands an SVG back to the page).
  registry.setContentSniffer(new WorkerFormatLoader('sniff', { onPage: { svg } }));
}
