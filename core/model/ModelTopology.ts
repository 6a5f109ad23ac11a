import { gunzipSync } from 'fflate';
import { ErrorCode } from '../viewer/ErrorCodes.js';
import { ViewerError } from '../viewer/ViewerError.js';

/** Spec 000 §9: topology size limit, 100 MB, or 20 MB on mobile. */
export const TOPOLOGY_LIMIT_MB = 100;
export const TOPOLOGY_LIMIT_MOBILE_MB = 20;

/** Spec 000 §3 "Model": where a model's topology is and how big it is. */
export interface TopologySource {
  /** URL of the topology file (JSON, optionally gzipped), relative to the model's URL. */
  path: string;
  sizeMB: number;
}

/**
 * What asking for a model's topology gives: the topology, or one of the spec's failures as a value
 * (spec 000 §8): "no-topology" when the model has no topology path, "topology-too-big" with the limit
 * and the topology's size when it exceeds the limit.
 */
export type TopologyResult =
  | { status: 'loaded'; topology: unknown }
  | { status: 'no-topology' }
  | { status: 'topology-too-big'; limitMB: number; topologyMB: number };

export function topologyLimitMB(isMobile: boolean): number {
  return isMobile ? TOPOLOGY_LIMIT_MOBILE_MB : TOPOLOGY_LIMIT_MB;
}

/** Spec 000 §5: topology loads only when a path exists and its size does not exceed the limit. */
export function checkTopology(source: TopologySource | null | undefined, limitMB: number): Exclude<TopologyResult, { status: 'loaded' }> | null {
  if (!source || !source.path) return { status: 'no-topology' };
  if (source.sizeMB > limitMB) return { status: 'topology-too-big', limitMB, topologyMB: source.sizeMB };
  return null;
}

/** Fetches and parses a topology file (gzip is recognised by its magic bytes). */
export async function fetchTopology(url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (reason) {
    throw new ViewerError(ErrorCode.NETWORK_FAILURE, `Network error while loading ${url}: ${(reason as Error)?.message ?? reason}`);
  }
  if (!response.ok) throw ViewerError.fromHttpStatus(response.status, response.statusText, url);
  let bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (reason) {
    throw new ViewerError(ErrorCode.BAD_DATA, `The topology ${url} is not valid JSON: ${(reason as Error)?.message ?? reason}`);
  }
}
