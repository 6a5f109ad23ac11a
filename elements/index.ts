import { DesignViewerElement } from './DesignViewerElement.js';

export { DesignViewerElement, type AccessTokenProvider } from './DesignViewerElement.js';
export type { DesignViewerAttributes, DesignViewerElementEventMap, DesignViewerEventProps, DesignViewerEvents, DesignViewerJSXProps, DesignViewerProperties } from './hostTypes.js';
export * from '../core/index.js';

// A server without a custom-elements registry (SSR) imports the module and defines nothing.
if (typeof customElements !== 'undefined' && !customElements.get('design-viewer')) customElements.define('design-viewer', DesignViewerElement);
