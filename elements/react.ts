import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import type { ViewerEventMap } from '../core/index.js';
import { DesignViewerElement } from './index.js';

type Events = { [K in keyof ViewerEventMap]: EventName<CustomEvent<ViewerEventMap[K]>> };
const event = <K extends keyof ViewerEventMap>(name: K) => name as unknown as Events[K];

/** `<design-viewer>` for React hosts: the element's props, and `on…` props for its events. */
export const DesignViewer = createComponent({
  tagName: 'design-viewer',
  elementClass: DesignViewerElement,
  react: React,
  events: {
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
  },
});
