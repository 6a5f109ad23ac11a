import { gunzipSync, unzipSync } from 'fflate';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import type { WorkerLoadContext } from '../WorkerLoadContext.js';

/** One asset of an SVF manifest (svf-format.md §1). */
export interface SvfAsset {
  id: string;
  type: string;
  URI: string;
  size?: number;
  usize?: number;
  typeset?: string;
}

export interface SvfManifest {
  name?: string;
  toolkitversion?: string;
  manifestversion?: number;
  assets: SvfAsset[];
  typesets?: { id: string; types: { class: string; type: string; version: number }[] }[];
}

/** Asset types, without the `Autodesk.CloudPlatform.` prefix. */
export const AssetType = {
  FragmentList: 'FragmentList',
  GeometryMetadataList: 'GeometryMetadataList',
  PackFile: 'PackFile',
  InstanceTree: 'InstanceTree',
  ViewingMetadata: 'ViewingMetadata',
  Materials: 'ProteinMaterials',
  PropertyAttributes: 'PropertyAttributes',
  PropertyValues: 'PropertyValues',
  PropertyIDs: 'PropertyIDs',
  PropertyOffsets: 'PropertyOffsets',
  PropertyAVs: 'PropertyAVs',
} as const;

const EMBEDDED = 'embed:/';
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * The files of one SVF: its zip container (manifest.json, metadata.json and embedded assets), and the way
 * to reach every other asset: inside a zip bundle, in a map of local files, or over HTTP beside the .svf.
 * Every asset is gunzipped when it starts with the gzip magic (servers may or may not have decoded it).
 */
export class SvfPackage {
  readonly manifest: SvfManifest;
  readonly metadata: Record<string, Record<string, unknown>>;
  /** Zip entries by path: the .svf's own, or the whole bundle's. */
  private readonly entries: Record<string, Uint8Array>;
  /** Where assets are, relative to: a URL, or a path inside the bundle. */
  private readonly base: string;
  private readonly inBundle: boolean;
  /** The .svf's own zip entries (manifest.json, metadata.json, embedded assets). */
  private readonly svfEntries: Record<string, Uint8Array>;
  /** URIs of the manifest's assets: a read of one that is not there makes the model incomplete. */
  private readonly listed: Set<string>;
  private readonly missing = new Set<string>();

  private constructor(
    private readonly context: WorkerLoadContext,
    svfEntries: Record<string, Uint8Array>,
    bundleEntries: Record<string, Uint8Array> | null,
    base: string,
    readonly svfName: string,
  ) {
    this.entries = bundleEntries ?? svfEntries;
    this.inBundle = bundleEntries !== null;
    this.base = base;
    this.svfEntries = svfEntries;
    const manifestBytes = svfEntries['manifest.json'];
    if (!manifestBytes) throw new ViewerError(ErrorCode.BAD_DATA, `${svfName} has no manifest.json`);
    this.manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as SvfManifest;
    if (!Array.isArray(this.manifest.assets)) throw new ViewerError(ErrorCode.BAD_DATA, `${svfName}: the manifest lists no assets`);
    this.listed = new Set(this.manifest.assets.map((a) => a.URI));
    const metadataAsset = this.findAsset(AssetType.ViewingMetadata);
    const metadataBytes = svfEntries['metadata.json'] ?? (metadataAsset ? this.embedded(metadataAsset.URI) : undefined);
    const metadataJson = metadataBytes ? (JSON.parse(new TextDecoder().decode(metadataBytes)) as { metadata?: Record<string, Record<string, unknown>> }) : {};
    this.metadata = metadataJson.metadata ?? {};
  }

  /** Opens an .svf, or a .zip bundle that holds one. */
  static async open(context: WorkerLoadContext): Promise<SvfPackage> {
    const { url, fileName } = context.request;
    const bytes = new Uint8Array(await context.fetchArrayBuffer(url));
    if (!startsWith(bytes, ZIP_MAGIC)) throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} is not an SVF file (not a zip container)`);
    const zip = unzip(bytes, fileName);
    if (zip['manifest.json']) return new SvfPackage(context, zip, null, url, fileName);
    // A bundle: the shallowest .svf inside it, its assets beside it in the bundle.
    const svfPath = Object.keys(zip)
      .filter((p) => p.toLowerCase().endsWith('.svf'))
      .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))[0];
    if (!svfPath) throw new ViewerError(ErrorCode.BAD_DATA_NO_VIEWABLE_CONTENT, 'No viewable content');
    const svf = unzip(zip[svfPath], svfPath);
    return new SvfPackage(context, svf, zip, svfPath.slice(0, svfPath.lastIndexOf('/') + 1), svfPath.split('/').pop()!);
  }

  findAsset(type: string): SvfAsset | undefined {
    return this.manifest.assets.find((a) => stripPrefix(a.type) === type);
  }

  findAssets(type: string): SvfAsset[] {
    return this.manifest.assets.filter((a) => stripPrefix(a.type) === type);
  }

  /** The entry types a pack's typeset declares (e.g. ["OpenCTM"], or ["OpenCTM", "Lines"]). */
  typesOf(asset: SvfAsset): { type: string; version: number }[] {
    const set = this.manifest.typesets?.find((t) => t.id === asset.typeset);
    return (set?.types ?? []).map((t) => ({ type: stripPrefix(t.type), version: t.version }));
  }

  /**
   * The bytes of an asset by its URI (relative to the .svf, else to `base`), gunzipped; null when it is
   * not there: 404, not in the bundle, or a local file that was not chosen. Only the entry at exactly that
   * path counts (no other entry of the bundle stands in), and files over HTTP are revalidated with the
   * server (no cached copy stands in for a file the server no longer has).
   */
  async read(uri: string, base?: string): Promise<Uint8Array | null> {
    const bytes = await this.readRaw(uri, base);
    if (!bytes) {
      if (!base && this.listed.has(uri)) this.missing.add(uri);
      return null;
    }
    return startsWith(bytes, GZIP_MAGIC) ? gunzipSync(bytes) : bytes;
  }

  /** Files the manifest (or a material: see markMissing) names that were not there, in the order they were asked for. */
  get missingParts(): string[] {
    return [...this.missing];
  }

  /** Records a file the model names outside the manifest (a material's texture) as missing. */
  markMissing(uri: string): void {
    this.missing.add(uri);
  }

  private async readRaw(uri: string, base?: string): Promise<Uint8Array | null> {
    if (uri.startsWith(EMBEDDED)) return this.embedded(uri) ?? null;
    if (this.inBundle && !base) return this.entries[normalizePath(this.base + uri)] ?? null;
    const url = this.resolve(uri, base);
    if (!url) return null;
    try {
      return new Uint8Array(await this.context.fetchArrayBuffer(url, 'no-cache'));
    } catch (reason) {
      if (reason instanceof ViewerError && reason.code === ErrorCode.NETWORK_FILE_NOT_FOUND) return null;
      throw reason;
    }
  }

  /** Like read, but a missing asset is bad data. */
  async require(uri: string): Promise<Uint8Array> {
    const bytes = await this.read(uri);
    if (!bytes) throw new ViewerError(ErrorCode.BAD_DATA, `${this.svfName}: ${uri} is missing`);
    return bytes;
  }

  async readJson<T>(uri: string, base?: string): Promise<T | null> {
    const bytes = await this.read(uri, base);
    return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as T) : null;
  }

  /**
   * The absolute URL of an asset (local files chosen with the .svf are found by name); null for a local
   * .svf's file that was not chosen with it (a blob: URL has no folder to look in).
   */
  resolve(uri: string, base?: string): string | null {
    const { resources, query } = this.context.request.options as { resources?: Record<string, string>; query?: Record<string, string> };
    const name = uri.split('/').pop() ?? uri;
    if (!base && resources?.[name]) return resources[name];
    let url: URL;
    try {
      url = new URL(uri, base ?? this.base);
    } catch {
      return null;
    }
    // Service requests with credentials carry the page's domain (spec 001 §7); so do the files they lead to.
    for (const [key, value] of Object.entries(query ?? {})) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
    return url.href;
  }

  private embedded(uri: string): Uint8Array | undefined {
    return this.svfEntries[uri.startsWith(EMBEDDED) ? uri.slice(EMBEDDED.length) : uri];
  }
}

function unzip(bytes: Uint8Array, name: string): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes);
  } catch (reason) {
    throw new ViewerError(ErrorCode.BAD_DATA, `Cannot read ${name} as a zip container: ${(reason as Error)?.message ?? reason}`);
  }
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

function stripPrefix(type: string): string {
  return type.replace('Autodesk.CloudPlatform.', '');
}

/** "a/b/../c.pf" → "a/c.pf", for paths inside a bundle. */
function normalizePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}
