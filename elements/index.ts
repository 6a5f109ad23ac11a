import { DesignViewerElement } from './DesignViewerElement.js';

export { DesignViewerElement, type AccessTokenProvider } from './DesignViewerElement.js';
export * from '../core/index.js';

if (!customElements.get('design-viewer')) customElements.define('design-viewer', DesignViewerElement);
