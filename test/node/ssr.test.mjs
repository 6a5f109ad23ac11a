// The package as a server sees it (SSR: Next.js, Remix, Astro import a page's modules in Node first): the
// built entry points, resolved through package.json's "exports" as a host resolves them, imported with no
// DOM, and the React wrapper rendered with react-dom/server. `npm run test:node` builds dist/ first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as React from 'react';
import { renderToString } from 'react-dom/server';

/** The attributes of the first tag in `html` (name → value), and its name. */
function startTag(html) {
  const [, name, attributes] = /^<([a-z-]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*>/.exec(html) ?? [];
  return { name, attributes: Object.fromEntries([...(attributes ?? '').matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key, value ?? ''])) };
}

test('design-viewer imports in Node, where there is no window, document or WebGL', async () => {
  assert.equal(typeof globalThis.window, 'undefined');
  assert.equal(typeof globalThis.document, 'undefined');
  const module = await import('design-viewer');
  assert.equal(typeof module.DesignViewerElement, 'function');
  assert.equal(typeof module.Viewer, 'function');
});

test('design-viewer/react renders the tag with the element attributes on the server', async () => {
  const { DesignViewer } = await import('design-viewer/react');
  const html = renderToString(
    React.createElement(DesignViewer, {
      src: '/models/house.glb',
      language: 'de',
      logLevel: 'debug',
      headless: true,
      screenMode: 'full-browser',
      realtimeServer: 'wss://review.example.com',
      id: 'model',
      className: 'viewer',
      style: { height: '400px' },
      onSelectionChange: () => {},
    }),
  );
  assert.deepEqual(startTag(html), {
    name: 'design-viewer',
    attributes: {
      src: '/models/house.glb',
      language: 'de',
      'log-level': 'debug',
      headless: '',
      'screen-mode': 'full-browser',
      'realtime-server': 'wss://review.example.com',
      id: 'model',
      class: 'viewer',
      style: 'height:400px',
    },
  });
});

test('the server HTML carries no token, config or listener, and no attribute for a false or missing value', async () => {
  const { DesignViewer } = await import('design-viewer/react');
  const html = renderToString(
    React.createElement(DesignViewer, {
      src: 'a.glb',
      headless: false,
      language: undefined,
      accessToken: 'secret-token-123',
      getAccessToken: (done) => done('secret-token-456', 3600),
      config: { resourceRoot: '/viewer-res/' },
      onError: () => {},
    }),
  );
  assert.deepEqual(startTag(html), { name: 'design-viewer', attributes: { src: 'a.glb' } });
  assert.doesNotMatch(html, /secret|viewer-res|function|\[object/);
});
