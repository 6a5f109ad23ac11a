import { createComponent, type EventName } from '@lit/react';
import { isServer, type PropertyDeclarations } from 'lit';
import * as React from 'react';
import { DesignViewerElement, VIEWER_EVENT_NAMES, type ViewerEventMap, type ViewerEventName } from './index.js';
import { type ReactEventPropName, reactEventPropName } from './reactEventPropName.js';

type EventProps = { [K in ViewerEventName as ReactEventPropName<K>]: EventName<CustomEvent<ViewerEventMap[K]>> };

/** An `on…` prop for every core event (`onSelectionChange`), from the one list of events (core/viewer/ViewerEvents.ts). */
const events = Object.fromEntries(VIEWER_EVENT_NAMES.map((name) => [reactEventPropName(name), name])) as unknown as EventProps;

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
