import type { Model } from '../model/Model.js';
import type { TopologyResult } from '../model/ModelTopology.js';
import type { LoadedModels } from './LoadedModels.js';
import type { LoadModelOptions } from './ViewerConfig.js';
import { ViewerEventTarget } from './ViewerEvents.js';

/** The Viewer's API, part: the models, loading and unloading. A base of `Viewer` (Viewer.ts), which owns the parts it uses. */
export abstract class ViewerModelsApi extends ViewerEventTarget {
  protected abstract readonly models: LoadedModels;
  // ── Models ───────────────────────────────────────────────────────────────────────────────────

  /** The first loaded model, or null. */
  get model(): Model | null {
    return this.models.list[0] ?? null;
  }

  getVisibleModels(): Model[] {
    return [...this.models.list];
  }

  /** Spec 000 §5, §8, §9: the model's topology, when it has one within the size limit (see LoadedModels). */
  loadTopology(model: Model): Promise<TopologyResult> {
    return this.models.loadTopology(model);
  }

  /**
   * Loads a model by the loader registered for its extension and adds it to the scene. An unknown
   * extension rejects with code 13 and leaves what was loaded before untouched.
   */
  loadModel(url: string, options: LoadModelOptions = {}): Promise<Model> {
    return this.models.load(url, options);
  }


  /** Removes a model: its geometry, selection, worker and GPU resources. */
  unloadModel(model: Model): boolean {
    return this.models.unload(model);
  }
}
