import type { WritableAtom } from 'nanostores';
import { layerMembers } from '../model/ModelLayers.js';
import type { Model } from '../model/Model.js';
import type { Logger } from '../viewer/Logger.js';
import type { VisibilityController } from '../visibility/VisibilityController.js';
import type { Layer } from './Layer.js';

export type { Layer };

/** The root of the layers (spec 000 §8: with no layers, an empty one). */
export interface LayerRoot {
  name: 'root';
  id: 0;
  index: 0;
  isLayer: false;
  visible: boolean;
  childCount: number;
  children: Layer[];
}

/** A named set of visible layers (spec 000 §3 "layer_states"). */
export interface LayerState {
  name: string;
  description: string;
  visibleLayers: string[];
  /** Kept out of lists the user picks from. */
  hidden: boolean;
}

/** A layer by name, by id or by index, or a Layer object as getLayers gives them. */
export type LayerAddress = string | number | { name?: string; id?: number; index?: number };

/** Spec 000 §9: layer show/hide works through nodes in batches of 1024. */
export const LAYER_BATCH_NODES = 1024;

/** The layer state applied when a model's layers load (spec 000 §4 "Layers"). */
export const INITIAL_LAYER_STATE = 'Initial';

interface LayerHost {
  readonly logger: Logger;
  readonly visibility: VisibilityController;
  readonly $layers: WritableAtom<readonly Layer[]>;
  emit(name: 'layer-visibility-change', detail: { layers: Layer[] }): void;
}

interface LayerEntry extends Layer {
  members: Map<Model, number[]>;
}

/**
 * The layers of the loaded models (spec 000 §4 "Layers"), merged by name: turning a layer off hides its
 * objects in every model, with no ghost, apart from what hide, show and isolate record. Layers are not
 * there until a model that has them loads; until then every action only logs a warning.
 */
export class LayerManager {
  private entries: LayerEntry[] = [];
  /** Each model's layer states; the viewer's are their union, by name (the first model's wins). */
  private readonly statesOf = new Map<Model, LayerState[]>();

  constructor(private readonly host: LayerHost) {}

  /** Whether some loaded model has layers. */
  isLoaded(): boolean {
    return this.entries.length > 0;
  }

  /** The layers, in order (empty, with a warning, before any loaded). */
  getLayers(): Layer[] {
    if (!this.ready('getLayers')) return [];
    return this.entries.map(publicLayer);
  }

  /** The root of the layers; an empty root when there are none (spec 000 §8). */
  getLayersRoot(): LayerRoot {
    const children = this.entries.map(publicLayer);
    return { name: 'root', id: 0, index: 0, isLayer: false, visible: children.some((l) => l.visible), childCount: children.length, children };
  }

  /** The named layer states the models define. */
  getLayerStates(): LayerState[] {
    return this.states().map((state) => ({ ...state, visibleLayers: [...state.visibleLayers] }));
  }

  /** Whether a layer is visible (false for an unknown one). */
  isVisible(layer: LayerAddress): boolean {
    return this.find(layer)?.visible ?? false;
  }

  /** Shows or hides layers; returns whether every one was found. */
  setVisible(layers: LayerAddress | readonly LayerAddress[], visible: boolean): boolean {
    if (!this.ready('setVisible')) return false;
    const found = this.resolve(layers);
    this.change(found.entries.map((entry) => [entry, Boolean(visible)]));
    return found.complete;
  }

  /** Flips layers' visibility; returns whether every one was found. */
  toggle(layers: LayerAddress | readonly LayerAddress[]): boolean {
    if (!this.ready('toggle')) return false;
    const found = this.resolve(layers);
    this.change(found.entries.map((entry) => [entry, !entry.visible]));
    return found.complete;
  }

  /** Shows every layer. */
  showAll(): void {
    if (!this.ready('showAll')) return;
    this.change(this.entries.map((entry) => [entry, true]));
  }

  /** Shows the layers a named state lists and hides the others; false (with a warning) for an unknown state. */
  setLayerState(name: string): boolean {
    if (!this.ready('setLayerState')) return false;
    const state = this.states().find((s) => s.name === name);
    if (!state) {
      this.host.logger.warn(`Layer state not found: ${name}`);
      return false;
    }
    const visible = new Set(state.visibleLayers);
    this.change(this.entries.map((entry) => [entry, visible.has(entry.name)]));
    return true;
  }

  /** A model joined: its layers merge by name; layers already off stay off for its objects too. */
  addModel(model: Model): void {
    const data = model.layers;
    if (!data || this.statesOf.has(model)) return;
    this.statesOf.set(model, readLayerStates(model.getMetadata('layer_states')));
    const members = layerMembers(data);
    let marked = false;
    data.layers.forEach((info, i) => {
      let entry = this.entries.find((e) => e.name === info.name);
      if (!entry) {
        entry = { name: info.name, id: info.id, index: this.entries.length, visible: info.visible ?? true, description: info.description, members: new Map() };
        this.entries.push(entry);
      }
      entry.members.set(model, members[i]);
      if (!entry.visible) marked = this.mark(model, members[i], false) || marked;
    });
    if (marked) this.host.visibility.applyLayers(model);
    this.publish();
    if (this.statesOf.get(model)!.some((s) => s.name === INITIAL_LAYER_STATE)) this.setLayerState(INITIAL_LAYER_STATE);
  }

  removeModel(model: Model): void {
    if (!this.statesOf.delete(model)) return;
    for (const entry of this.entries) entry.members.delete(model);
    this.entries = this.entries.filter((entry) => entry.members.size > 0);
    this.entries.forEach((entry, index) => (entry.index = index));
    this.publish();
  }

  private states(): LayerState[] {
    const byName = new Map<string, LayerState>();
    for (const states of this.statesOf.values()) for (const state of states) if (!byName.has(state.name)) byName.set(state.name, state);
    return [...byName.values()];
  }

  private ready(action: string): boolean {
    if (this.entries.length > 0) return true;
    this.host.logger.warn(`Layers are not loaded: ${action} does nothing.`);
    return false;
  }

  private change(changes: [LayerEntry, boolean][]): void {
    const changed = changes.filter(([entry, visible]) => entry.visible !== visible);
    if (changed.length === 0) return;
    const byModel = new Map<Model, { on: number[]; off: number[] }>();
    for (const [entry, visible] of changed) {
      entry.visible = visible;
      for (const [model, dbIds] of entry.members) {
        let lists = byModel.get(model);
        if (!lists) byModel.set(model, (lists = { on: [], off: [] }));
        (visible ? lists.on : lists.off).push(...dbIds);
      }
    }
    for (const [model, { on, off }] of byModel) {
      // Both marked first: one pass over the model's fragments applies them.
      const shown = this.mark(model, on, true);
      const hidden = this.mark(model, off, false);
      if (shown || hidden) this.host.visibility.applyLayers(model);
    }
    this.publish();
    this.host.emit('layer-visibility-change', { layers: changed.map(([entry]) => publicLayer(entry)) });
  }

  /** Marks a layer's objects in a model, in batches of nodes; returns whether there were any. */
  private mark(model: Model, dbIds: readonly number[], visible: boolean): boolean {
    for (let start = 0; start < dbIds.length; start += LAYER_BATCH_NODES) {
      this.host.visibility.markLayerNodes(model, dbIds.slice(start, start + LAYER_BATCH_NODES), !visible);
    }
    return dbIds.length > 0;
  }

  private resolve(layers: LayerAddress | readonly LayerAddress[]): { entries: LayerEntry[]; complete: boolean } {
    const list = Array.isArray(layers) ? (layers as readonly LayerAddress[]) : [layers as LayerAddress];
    const entries: LayerEntry[] = [];
    let complete = true;
    for (const address of list) {
      const entry = this.find(address);
      if (!entry) {
        complete = false;
        this.host.logger.warn(`Layer not found: ${typeof address === 'object' ? JSON.stringify(address) : String(address)}`);
      } else if (!entries.includes(entry)) entries.push(entry);
    }
    return { entries, complete };
  }

  /** By name (a string), by id then by index (a number), or by the fields of a Layer object. */
  private find(address: LayerAddress): LayerEntry | undefined {
    if (typeof address === 'string') return this.entries.find((e) => e.name === address);
    if (typeof address === 'number') return this.entries.find((e) => e.id === address) ?? this.entries[address];
    if (!address || typeof address !== 'object') return undefined;
    if (typeof address.name === 'string') return this.find(address.name);
    if (typeof address.id === 'number') return this.entries.find((e) => e.id === address.id);
    if (typeof address.index === 'number') return this.entries[address.index];
    return undefined;
  }

  private publish(): void {
    this.host.$layers.set(this.entries.map(publicLayer));
  }
}

function publicLayer(entry: Layer): Layer {
  return { name: entry.name, id: entry.id, index: entry.index, visible: entry.visible, description: entry.description };
}

/**
 * Layer states from a model's "layer_states" metadata: a list (or an object holding lists or entries) of
 * { name, description, visible_layers, hidden }.
 */
export function readLayerStates(metadata: unknown): LayerState[] {
  const out: LayerState[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 3 || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string' && Array.isArray(record.visible_layers)) {
      out.push({
        name: record.name,
        description: typeof record.description === 'string' ? record.description : '',
        visibleLayers: record.visible_layers.filter((l): l is string => typeof l === 'string'),
        hidden: record.hidden === true,
      });
      return;
    }
    for (const child of Object.values(record)) visit(child, depth + 1);
  };
  visit(metadata, 0);
  return out;
}
