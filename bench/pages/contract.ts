/** What both bench pages put on `window.benchResult` and `window.bench` (the harness reads them). */
export interface LoadFigures {
  /** ms from navigation start to the first frame with geometry on screen (GPU finished it). */
  firstFrame: number;
  /** ms from navigation start to geometry-loaded (design-viewer) or to the complete first frame (naive). */
  geometryLoaded: number;
  /** ms from navigation start to a complete frame of the whole model, GPU finished. */
  fullyDrawn: number;
  /** ms from navigation start to the moment the page asked for the model (the page and viewer had started). */
  loadRequested: number;
  objects: number;
  triangles: number;
  /** Where the time went (design-viewer page): ms from navigation start to each milestone. */
  milestones?: Record<string, number>;
}

export interface OrbitFigures {
  /** Whole frame: render call until a 1×1 readPixels returns (the GPU finished it), ms. */
  frameMs: number[];
  /** The render call alone (CPU side), ms. */
  cpuMs: number[];
  /** The GPU's own time for each frame (EXT_disjoint_timer_query_webgl2), ms; null where the browser has no timer query (SwiftShader has one: there it is its CPU time). */
  gpuMs: number[] | null;
  drawCalls: number;
}

export interface PickFigures {
  ms: number[];
  /** Name of the object hit at each point, or null. */
  names: (string | null)[];
}

export interface MemoryFigures {
  /** Main thread JS heap after GC, bytes. */
  jsHeap: number;
  /** measureUserAgentSpecificMemory total (main + workers), bytes, when available. */
  pageMemory: number | null;
  /** Bytes per triangle the viewer keeps for geometry (CPU, GPU), when it can tell. */
  cpuBytesPerTriangle: number | null;
  gpuBytesPerTriangle: number | null;
}

/** design-viewer only: the model tools on the loaded model, ms (complete frames to a 1×1 readPixels). */
export interface ModelToolFigures {
  /** explode(1): the displacements of every object, through their transforms. */
  explode: number;
  /** The complete frame after it (transforms uploaded, programs with transforms). */
  explodeFrame: number;
  /** explode(0.5) right after: a step of the slider, the model's layout known. */
  explodeStep: number;
  /** explode(0): every object back. */
  unexplode: number;
  /** setCutPlanes with one plane, half way up. */
  cut: number;
  /** The complete frame after it (programs with clipping). */
  cutFrame: number;
  /** Picks at the same points as the pick figures, with the plane. */
  cutPicks: number[];
  getState: number;
  /** restoreState of a state saved before the tools, immediate. */
  restoreState: number;
}

/** design-viewer only: the measure tool's snap query at pointer positions over the model (script time). */
export interface SnapFigures {
  /** Each query, ms (the first ones also derive the feature edges of the fragments they meet). */
  ms: number[];
  /** What each query snapped to (spec 001 §3 geomType), or null for nothing. */
  kinds: (number | null)[];
  /** What the feature-edge cache holds after the queries: bytes, and the fragments it has edges of. */
  edgeCacheBytes: number;
  edgeCacheFragments: number;
}

export interface CameraPose {
  position: number[];
  target: number[];
  up: number[];
  fov: number;
}

export interface BenchPage {
  getCamera(): CameraPose;
  /** Puts the camera at a pose (the harness copies design-viewer's, so both pages pick along the same rays). */
  setCamera(pose: CameraPose): void;
  orbit(steps: number): Promise<OrbitFigures>;
  picks(points: [number, number][]): PickFigures;
  memory(): Promise<MemoryFigures>;
  modelTools?(points: [number, number][]): ModelToolFigures;
  snaps?(points: [number, number][]): Promise<SnapFigures>;
}

/** Points spread over the canvas for picking: a deterministic jittered grid. */
export function pickPoints(width: number, height: number, count: number): [number, number][] {
  const points: [number, number][] = [];
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let i = 0; i < count; i++) points.push([Math.round((0.2 + 0.6 * random()) * width), Math.round((0.2 + 0.6 * random()) * height)]);
  return points;
}

/** Main-thread heap after a full GC, and the page's total memory including workers when measurable. */
export async function measureMemory(): Promise<{ jsHeap: number; pageMemory: number | null }> {
  const gc = (globalThis as unknown as { gc?: () => void }).gc;
  gc?.();
  await new Promise((r) => setTimeout(r, 100));
  gc?.();
  const jsHeap = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
  let pageMemory: number | null = null;
  const measure = (performance as unknown as { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number }> }).measureUserAgentSpecificMemory;
  if (measure && (globalThis as unknown as { crossOriginIsolated?: boolean }).crossOriginIsolated) {
    try {
      pageMemory = (await Promise.race([measure.call(performance), new Promise<null>((r) => setTimeout(() => r(null), 30000))]))?.bytes ?? null;
    } catch {
      pageMemory = null;
    }
  }
  return { jsHeap, pageMemory };
}

/**
 * When the GPU finished the first frame after which `drawn()` holds (performance.now()): the first frame
 * that drew the model, the first final one... Polled each animation frame after the viewer's own (rAF
 * callbacks run in registration order); a fence tells without blocking the page, as readPixels would.
 */
export function gpuFinishedFrame(gl: WebGL2RenderingContext, drawn: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    let fence: WebGLSync | null = null;
    const watch = () => {
      if (!fence && drawn()) {
        fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
        gl.flush();
      }
      if (fence && gl.getSyncParameter(fence, gl.SYNC_STATUS) === gl.SIGNALED) {
        gl.deleteSync(fence);
        resolve(performance.now());
        return;
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
}

/**
 * The GPU's time for frames, where the browser exposes EXT_disjoint_timer_query_webgl2 (a GPU's driver, and
 * SwiftShader's too): `time` wraps a frame's GL calls in a timer query and returns what the frame returned;
 * `results` waits for them (null without the extension, or when the GPU was disjoint meanwhile).
 */
export function gpuTimer(gl: WebGL2RenderingContext): { time<T>(frame: () => T): T; results(): Promise<number[] | null> } {
  const ext = gl.getExtension('EXT_disjoint_timer_query_webgl2') as { TIME_ELAPSED_EXT: number; GPU_DISJOINT_EXT: number } | null;
  const queries: WebGLQuery[] = [];
  return {
    time(frame) {
      if (!ext) return frame();
      const query = gl.createQuery()!;
      gl.beginQuery(ext.TIME_ELAPSED_EXT, query);
      const result = frame();
      gl.endQuery(ext.TIME_ELAPSED_EXT);
      queries.push(query);
      return result;
    },
    async results() {
      if (!ext || !queries.length) return null;
      const last = queries[queries.length - 1];
      for (let i = 0; i < 500 && !gl.getQueryParameter(last, gl.QUERY_RESULT_AVAILABLE); i++) await new Promise((r) => setTimeout(r, 10));
      if (gl.getParameter(ext.GPU_DISJOINT_EXT)) return null;
      const ms = queries.map((query) => Number(gl.getQueryParameter(query, gl.QUERY_RESULT)) / 1e6);
      for (const query of queries) gl.deleteQuery(query);
      return ms;
    },
  };
}
