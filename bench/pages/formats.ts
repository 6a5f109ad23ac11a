import { measureIfc } from '../ifc.ts';

// IFC and SVF figures with the production CDN build: load, properties, search and property memory.
const element = document.querySelector('design-viewer') as HTMLElement & { viewer: any };
await customElements.whenDefined('design-viewer');
if (!element.viewer) await new Promise((r) => element.addEventListener('viewer-ready', r, { once: true }));
(window as any).measureModel = (url: string, searchText: string) => measureIfc(element.viewer, url, searchText);
(window as any).formatsReady = true;
