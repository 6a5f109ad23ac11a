/**
 * The types a host sees for `<design-viewer>`: its events as `addEventListener` takes them, and the tag in
 * React 19's JSX (for hosts that write the tag rather than the wrapper in elements/react.ts). The tag's
 * name maps to the class in `HTMLElementTagNameMap` (DesignViewerElement.ts).
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AccessTokenProvider, ViewerConfig, ViewerEventMap } from '../core/index.js';
import type { DesignViewerElement } from './DesignViewerElement.js';

/** Each event of the element as the listener receives it: a `CustomEvent` with the event's detail. */
export type DesignViewerEvents = { [K in keyof ViewerEventMap]: CustomEvent<ViewerEventMap[K]> };

/**
 * Every event a `<design-viewer>` raises, by name: the element's own events over those of any element.
 * `error` and `progress` are the element's (CustomEvents with a detail), not the DOM's ErrorEvent and
 * ProgressEvent, which is why HTMLElementEventMap cannot carry those two.
 */
export interface DesignViewerElementEventMap extends Omit<HTMLElementEventMap, keyof ViewerEventMap>, DesignViewerEvents {}

declare module './DesignViewerElement.js' {
  interface DesignViewerElement {
    addEventListener<K extends keyof DesignViewerElementEventMap>(
      type: K,
      listener: (this: DesignViewerElement, event: DesignViewerElementEventMap[K]) => unknown,
      options?: boolean | AddEventListenerOptions,
    ): void;
    addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
    removeEventListener<K extends keyof DesignViewerElementEventMap>(
      type: K,
      listener: (this: DesignViewerElement, event: DesignViewerElementEventMap[K]) => unknown,
      options?: boolean | EventListenerOptions,
    ): void;
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
  }
}

/** The element's attributes (custom-elements.json), as the tag takes them in HTML and in JSX. */
export interface DesignViewerAttributes {
  src?: string;
  viewable?: string;
  language?: string;
  'log-level'?: string;
  headless?: boolean;
  extensions?: string;
  'screen-mode'?: string;
  theme?: string;
  env?: string;
  api?: string;
  'realtime-server'?: string;
}

/** Values with no attribute: React 19 sets them as the element's properties. */
export interface DesignViewerProperties {
  accessToken?: string;
  getAccessToken?: AccessTokenProvider;
  config?: ViewerConfig;
}

/** React 19 adds a listener for each `on<event name>` prop of a custom element (`onselection-change`). */
export type DesignViewerEventProps = { [K in keyof ViewerEventMap as `on${K}`]?: (event: DesignViewerEvents[K]) => void };

/** `<design-viewer>` in JSX: React's props for any element, and the element's attributes, properties and events. */
export type DesignViewerJSXProps = DetailedHTMLProps<HTMLAttributes<DesignViewerElement>, DesignViewerElement> &
  DesignViewerAttributes &
  DesignViewerProperties &
  DesignViewerEventProps;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'design-viewer': DesignViewerJSXProps;
    }
  }
}
