import type { BubbleNode } from './BubbleNode.js';
import type { Document } from './Document.js';

/**
 * The viewable to open from a document (API.md, the `viewable` attribute): the node with that guid when
 * given and openable; else the viewable marked useAsDefault, else the first 3D one, else the first 2D one.
 */
export function selectViewable(doc: Document, guid?: string | null): BubbleNode | null {
  if (guid) {
    const node = doc.getRoot().findByGuid(guid);
    if (node && doc.canOpen(node)) return node;
  }
  const viewables = doc.getViewables().filter((v) => doc.canOpen(v));
  return viewables.find((v) => v.useAsDefault) ?? viewables.find((v) => v.is3D()) ?? viewables.find((v) => v.is2D()) ?? null;
}

/** Every item of a document a person can pick: its viewables and their views, in manifest order. */
export function listOpenableItems(doc: Document): BubbleNode[] {
  const items: BubbleNode[] = [];
  doc.getRoot().walk((node) => {
    if ((node.isGeometry() || node.isView()) && doc.canOpen(node)) items.push(node);
  });
  return items;
}
