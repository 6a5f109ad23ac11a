import { createComponent, type EventName } from '@lit/react';
import { isServer, type PropertyDeclarations } from 'lit';
import * as React from 'react';
import type { ViewerEventMap } from '../core/index.js';
import { DesignViewerElement } from './index.js';

type Events = { [K in keyof ViewerEventMap]: EventName<CustomEvent<ViewerEventMap[K]>> };
const event = <K extends keyof ViewerEventMap>(name: K) => name as unknown as Events[K];

const events = {
  onViewerReady: event('viewer-ready'),
  onProgress: event('progress'),
  onModelAdded: event('model-added'),
  onModelRemoved: event('model-removed'),
  onObjectTreeCreated: event('object-tree-created'),
  onGeometryLoaded: event('geometry-loaded'),
  onError: event('error'),
  onSelectionChange: event('selection-change'),
  onIsolateChange: event('isolate-change'),
  onHideChange: event('hide-change'),
  onShowChange: event('show-change'),
  onCameraChange: event('camera-change'),
  onToolChange: event('tool-change'),
  onNavigationModeChange: event('navigation-mode-change'),
  onExplodeChange: event('explode-change'),
  onCutplanesChange: event('cutplanes-change'),
  onLayerVisibilityChange: event('layer-visibility-change'),
  onScreenModeChange: event('screen-mode-change'),
  onPreferenceChange: event('preference-change'),
  onLanguageChange: event('language-change'),
  onExtensionLoaded: event('extension-loaded'),
  onExtensionUnloaded: event('extension-unloaded'),
  onFinalFrameRenderedChange: event('final-frame-rendered-change'),
  onControlChange: event('control-change'),
  onChatMessage: event('chat-message'),
  onGizmoDragStart: event('gizmo-drag-start'),
  onGizmoDragMove: event('gizmo-drag-move'),
  onGizmoDragEnd: event('gizmo-drag-end'),
};

const BrowserDesignViewer = createComponent({ tagName: 'design-viewer', elementClass: DesignViewerElement, react: React, events });

/** Props that React itself handles on the tag (as @lit/react passes them). */
const REACT_PROPS = new Set(['children', 'localName', 'ref', 'style', 'className']);

/** The attribute of each element property that has one (src → src, logLevel → log-level). */
const ATTRIBUTES = new Map(
  Object.entries(DesignViewerElement.properties as PropertyDeclarations).flatMap(([name, { attribute }]) =>
    attribute === false ? [] : [[name, typeof attribute === 'string' ? attribute : name.toLowerCase()] as const],
  ),
);

/**
 * The tag as a server renders it. @lit/react sets the element's properties in the browser only, so its
 * server HTML would be a bare `<design-viewer>`: here they become their attributes, and the element
 * upgrades with its `src`, `language` and the rest before React hydrates (@lit/react then sets the same
 * values). Property-only values (`config`, `accessToken`, `getAccessToken`) and listeners stay out of the
 * HTML: they are set in the browser.
 */
function ServerDesignViewer(props: Record<string, unknown>): React.ReactElement {
  const rendered: Record<string, unknown> = { suppressHydrationWarning: true };
  for (const [key, value] of Object.entries(props)) {
    const attribute = ATTRIBUTES.get(key);
    if (REACT_PROPS.has(key)) rendered[key === 'className' ? 'class' : key] = value;
    else if (attribute !== undefined) {
      if (value !== undefined && value !== null && value !== false) rendered[attribute] = value === true ? '' : String(value);
    } else if (!(key in events) && !(key in DesignViewerElement.prototype)) rendered[key] = value;
  }
  return React.createElement('design-viewer', rendered);
}

/**
 * `<design-viewer>` for React hosts: the element's props, and `on…` props for its events. Rendered on a
 * server (SSR), the tag carries the element's attributes; in the browser it comes alive as it upgrades.
 */
export const DesignViewer = (isServer ? ServerDesignViewer : BrowserDesignViewer) as typeof BrowserDesignViewer;
