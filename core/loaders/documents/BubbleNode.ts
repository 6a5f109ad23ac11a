/** Spec 001 §3 "Document manifest node": a node as the manifest writes it. */
export interface BubbleNodeData {
  guid?: string;
  type?: string;
  role?: string;
  mime?: string;
  urn?: string;
  name?: string;
  children?: BubbleNodeData[];
  derivatives?: BubbleNodeData[];
  messages?: { type?: string; code?: string; message?: string | string[] }[];
  status?: string;
  useAsDefault?: boolean;
  camera?: number[];
  viewbox?: number[];
  [field: string]: unknown;
}

/** Spec 001 §3 "Leaflet node": the tiling of a 2D raster viewable. */
export interface LeafletParams {
  resolution?: number[];
  tileSize: number;
  paperWidth?: number;
  paperHeight?: number;
  paperUnits?: string;
  maxLevel?: number;
  zip?: { centralDirOffset?: number; length?: number; entries?: number };
  /** The tiles' type as the node's mime says it (image/png, image/jpeg), when it says one. */
  mime?: string;
}

/** Spec 001 §9: leaflet tiles are this many pixels square unless the node says otherwise. */
export const DEFAULT_LEAFLET_TILE_SIZE = 512;

/** A query of `search`: every given field must match (case-insensitively for type and role). */
export interface BubbleQuery {
  type?: string;
  role?: string | string[];
  mime?: string;
  guid?: string;
}

export const MIME_SVF = 'application/autodesk-svf';
export const MIME_F2D = 'application/autodesk-f2d';
export const MIME_DB = 'application/autodesk-db';
/** A translated PDF's sheet: a pdf-page resource, its `page` the page of the PDF. */
export const MIME_PDF = 'application/pdf';

/**
 * One node of a document's manifest ("bubble"): a folder, a viewable (geometry), a view, or a resource
 * (the derivative files). The fields are the manifest's own; the tree is walked with `search`.
 */
export class BubbleNode {
  readonly data: BubbleNodeData;
  readonly parent: BubbleNode | null;
  readonly children: BubbleNode[];

  constructor(data: BubbleNodeData, parent: BubbleNode | null = null) {
    this.data = data;
    this.parent = parent;
    const kids = [...(data.children ?? []), ...(data.derivatives ?? [])];
    this.children = kids.filter((c) => c && typeof c === 'object').map((c) => new BubbleNode(c, this));
  }

  get guid(): string {
    return String(this.data.guid ?? '');
  }

  get type(): string {
    return String(this.data.type ?? '');
  }

  get role(): string {
    return String(this.data.role ?? '');
  }

  get mime(): string {
    return String(this.data.mime ?? '');
  }

  get urn(): string {
    return String(this.data.urn ?? '');
  }

  get name(): string {
    return String(this.data.name ?? '');
  }

  get status(): string {
    return String(this.data.status ?? '');
  }

  get messages(): NonNullable<BubbleNodeData['messages']> {
    return Array.isArray(this.data.messages) ? this.data.messages : [];
  }

  get useAsDefault(): boolean {
    return this.data.useAsDefault === true || String(this.data.useAsDefault) === 'true';
  }

  /** Spec 001 §3: 13 numbers (position, target, up, aspect, fov, ortho scale, perspective flag), or null. */
  get camera(): number[] | null {
    const c = this.data.camera;
    return Array.isArray(c) && c.length >= 13 && c.every((v) => typeof v === 'number') ? c : null;
  }

  /** A 2D view's box (min x, min y, max x, max y), or null. */
  get viewbox(): number[] | null {
    const v = this.data.viewbox;
    return Array.isArray(v) && v.length >= 4 ? v : null;
  }

  isGeometry(): boolean {
    return this.type === 'geometry';
  }

  isView(): boolean {
    return this.type === 'view';
  }

  isFolder(): boolean {
    return this.type === 'folder';
  }

  is3D(): boolean {
    return this.role === '3d';
  }

  is2D(): boolean {
    return this.role === '2d';
  }

  isRoot(): boolean {
    return this.parent === null;
  }

  getRoot(): BubbleNode {
    return this.parent?.getRoot() ?? this;
  }

  /** The nearest geometry node at or above this one (a view's viewable). */
  findParentGeometry(): BubbleNode | null {
    return this.isGeometry() ? this : (this.parent?.findParentGeometry() ?? null);
  }

  /** Every node below (and including) this one that matches the query, depth first in manifest order. */
  search(query: BubbleQuery): BubbleNode[] {
    const found: BubbleNode[] = [];
    this.walk((node) => {
      if (node.matches(query)) found.push(node);
    });
    return found;
  }

  findByGuid(guid: string): BubbleNode | null {
    let found: BubbleNode | null = null;
    this.walk((node) => {
      if (!found && node.guid === guid) found = node;
    });
    return found;
  }

  /** Calls back for this node and every descendant, depth first. */
  walk(visit: (node: BubbleNode) => void): void {
    const stack: BubbleNode[] = [this];
    while (stack.length) {
      const node = stack.pop()!;
      visit(node);
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
  }

  /** The file a geometry node is viewed from: its SVF, F2D, PDF page, leaflet or image resource, or null. */
  getViewableResource(): BubbleNode | null {
    const geometry = this.findParentGeometry() ?? this;
    return geometry.search({ mime: MIME_SVF })[0] ?? geometry.search({ mime: MIME_F2D })[0] ?? geometry.search({ mime: MIME_PDF })[0] ?? geometry.search({ role: ['leaflet', 'image'] })[0] ?? null;
  }

  /** Spec 001 §3 "Leaflet node". */
  getLeafletParams(): LeafletParams | null {
    const leaflet = this.role === 'leaflet' ? this : this.search({ role: 'leaflet' })[0];
    if (!leaflet) return null;
    const d = leaflet.data;
    return {
      resolution: d.resolution as number[] | undefined,
      tileSize: Number(d.tileSize) || DEFAULT_LEAFLET_TILE_SIZE,
      paperWidth: d.paperWidth as number | undefined,
      paperHeight: d.paperHeight as number | undefined,
      paperUnits: d.paperUnits as string | undefined,
      maxLevel: d.max_level as number | undefined,
      mime: leaflet.mime || undefined,
      zip: d.zip ? { centralDirOffset: Number((d.zip as Record<string, unknown>).centralDirOffset), length: Number((d.zip as Record<string, unknown>).length), entries: Number((d.zip as Record<string, unknown>).entries) } : undefined,
    };
  }

  private matches(query: BubbleQuery): boolean {
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    if (query.type !== undefined && !same(this.type, query.type)) return false;
    if (query.role !== undefined) {
      const roles = Array.isArray(query.role) ? query.role : [query.role];
      if (!roles.some((r) => same(this.role, r))) return false;
    }
    if (query.mime !== undefined && !same(this.mime, query.mime)) return false;
    if (query.guid !== undefined && this.guid !== query.guid) return false;
    return true;
  }
}
