import type { ViewCubeOptions } from '../camera/ViewCubeController.js';
import type { LeafletParams } from '../loaders/documents/BubbleNode.js';
import type { EndpointOptions } from '../loaders/endpoints/Endpoint.js';
import type { TopologySource } from '../model/ModelTopology.js';
import type { UsageCallback } from './UsageTracker.js';

/** Spec 001 §3 "Viewer config" and the initializer options (env, api, endpoint, tokens), plus where res/ is and how model files are fetched. */
export interface ViewerConfig extends EndpointOptions {
  /** URL of res/ (locales, textures, cursors, wasm). Default: beside the script. */
  resourceRoot?: string;
  extensions?: string[];
  /** The built-in features the chrome loads (BUILT_IN_EXTENSION_IDS): all of them unless the host picks. */
  builtInExtensions?: string[];
  /** Options of the extensions loaded at start (`extensions`, and the built-in ones), by extension id (e.g. `collaborate: { token }`). */
  extensionOptions?: Record<string, Record<string, unknown>>;
  /** Start as soon as constructed (default true when used through the element). */
  startOnInitialize?: boolean;
  canvasConfig?: Record<string, unknown>;
  experimental?: Record<string, unknown>;
  /** Antialiasing; off by default on mobile (spec 001 §9). */
  antialias?: boolean;
  logLevel?: number | string;
  /** UI language (spec 001 §3); default: the page's setLng parameter, else the browser's language. */
  language?: string;
  /** Treat the device as mobile (budgets, defaults); detected when not given. */
  isMobile?: boolean;
  /**
   * Issue 33 §9: "performance" starts the costly effects (ambient shadows, ground shadow, antialiasing) off by
   * default, "full" on; "auto" (the default) picks performance on a weak device: a mobile one, or one that
   * reports 2 GB of memory or less. The user's saved preferences still win.
   */
  quality?: 'auto' | 'full' | 'performance';
  /**
   * Spec 001 §4: the geometry, in MiB, above which the models are drawn with limited memory (ground shadow
   * and reflection off). Default 1024, 256 on mobile.
   */
  memoryLimit?: number;
  /** Headers sent with model requests (e.g. Authorization). */
  headers?: Record<string, string>;
  /** Send cookies with model requests to other origins. */
  withCredentials?: boolean;
  /** Spec 000 §7: receives the usage counts (events by name) every 60 s and when the viewer finishes. */
  onUsage?: UsageCallback;
  /** Spec 000 §2: the viewer runs inside a native application delegate (the host owns the window): no full browser mode. */
  isNativeApplication?: boolean;
  /** The element that fills the window or the screen in the full browser and full screen modes (default: the container). */
  screenModeElement?: HTMLElement;
  /** The orientation cube's options: home button, axis triad, animation speed. */
  viewCube?: Partial<ViewCubeOptions>;
}

export interface LoadModelOptions {
  /**
   * The format, when the URL does not end in its extension. Without one (and without an extension in the
   * URL) the loader tells the format by the file's first bytes: glTF binary or JSON, IFC, or a zip holding
   * an SVF or an IFC.
   */
  fileExtension?: string;
  /** Name of the model's root in the model browser (spec 001 §2). */
  modelNameOverride?: string;
  /** The file's name, when the URL does not carry it (a blob: URL of a local file). */
  fileName?: string;
  /** Files a model refers to, by name → URL (the .bin and images of a local .gltf). */
  resources?: Record<string, string>;
  /** Move the camera to the model's home view once it is known (default: for the first model). */
  applyHomeView?: boolean;
  headers?: Record<string, string>;
  /** Send cookies with the model's requests (default: the config's withCredentials). */
  withCredentials?: boolean;
  /** Spec 000 §3: the model's topology file and its size in MB (a document's topology node names them). */
  topology?: TopologySource;
  /** Cancels the load: it rejects as cancelled, its worker stops, and no `error` is raised for it. */
  signal?: AbortSignal;
  /**
   * A tiled image (with `fileExtension: 'leaflet'`, the URL its pyramid's folder or zip): spec 001 §3's
   * leaflet node, as `BubbleNode.getLeafletParams()` reads it (resolution [w, h] in pixels, tileSize
   * (default 512), paperWidth, paperHeight, paperUnits, maxLevel, the zip's central directory).
   */
  leaflet?: Partial<LeafletParams>;
  /** Passed to the format's parser. */
  [option: string]: unknown;
}
