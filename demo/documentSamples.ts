import { Document, listOpenableItems } from '../core/index.js';
import type { DesignViewerElement } from '../elements/index.js';

/** What the local document server lists (server/documentServer.ts, /documents.json). */
interface ServedDocuments {
  documents: {
    name: string;
    urn: string;
    manifests: Record<string, string>;
    bundles: { folder: string; zip: string };
  }[];
  tokenUrl: string;
}

/**
 * The demo's part for documents: the bundles and documents of the local document server (started by
 * `npm start`) as options beside the sample files, the server's token endpoint as the element's token
 * provider, and a viewable picker for documents with more than one item.
 */
export async function addServedDocuments(element: DesignViewerElement, select: HTMLSelectElement, serverUrl: string | undefined): Promise<void> {
  if (!serverUrl) return;
  let served: ServedDocuments;
  try {
    served = await (await fetch(`${serverUrl}/documents.json`)).json();
  } catch {
    return; // No document server (a static build of the demo): the sample files only.
  }
  element.getAccessToken = (onToken) => {
    void fetch(served.tokenUrl, { method: 'POST' })
      .then((r) => r.json())
      .then((t: { access_token: string; expires_in: number }) => onToken(t.access_token, t.expires_in));
  };
  if (element.viewer) element.viewer.endpoint.configure({ env: 'Local', endpoint: serverUrl });
  else element.config = { ...element.config, env: 'Local', endpoint: serverUrl };
  element.env = 'Local';
  const bundles = document.createElement('optgroup');
  bundles.label = 'SVF bundles (document server)';
  const documents = document.createElement('optgroup');
  documents.label = 'Documents (document server)';
  for (const doc of served.documents) {
    bundles.append(new Option(`${doc.name} — zip bundle`, doc.bundles.zip), new Option(`${doc.name} — bundle folder (bubble.json)`, doc.bundles.folder));
    documents.append(
      new Option(`${doc.name} — urn (derivativeV2)`, doc.urn),
      new Option(`${doc.name} — model derivative manifest`, doc.manifests.modelDerivativeV2),
      new Option(`${doc.name} — fluent manifest`, doc.manifests.fluent),
    );
  }
  select.append(bundles, documents);
}

/** Fills the viewable picker with the document's openable items; hidden when there is only one. */
export async function showViewablePicker(element: DesignViewerElement, field: HTMLElement, picker: HTMLSelectElement): Promise<void> {
  const viewer = element.viewer;
  field.hidden = true;
  picker.replaceChildren();
  if (!viewer || !element.src) return;
  const doc = await Document.load(element.src, { endpoint: viewer.endpoint }).catch(() => null);
  if (!doc) return;
  const items = listOpenableItems(doc);
  if (items.length < 2) return;
  for (const item of items) {
    const label = item.isView() ? `${item.findParentGeometry()?.name ?? ''} › ${item.name || 'View'}` : `${item.name || item.guid} (${item.role})`;
    const option = new Option(label, item.guid);
    option.selected = element.viewable === item.guid;
    picker.add(option);
  }
  field.hidden = false;
}
