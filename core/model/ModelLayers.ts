/** A layer as a file names it (spec 000 §3 "Layer": name, id, index, visible; the viewer adds index and visible). */
export interface LayerInfo {
  name: string;
  /** The file's own id of the layer (an IFC layer assignment's express id). */
  id: number;
  description: string;
  /** Whether the layer shows when the model loads (a DXF layer that is off or frozen does not); absent: it does. */
  visible?: boolean;
}

/**
 * A model's layers and which layer each object is on, as the loader worker sends them with the header.
 * Spec 000 §9: up to 256 layers, object layer indices take 8 bits; more take 16.
 */
export interface ModelLayerData {
  layers: LayerInfo[];
  /** index = dbId: the object's layer index (meaningful where `onLayer` is 1). */
  layerOf: Uint8Array | Uint16Array;
  /** index = dbId: 1 when the object is on a layer. Objects on no layer are not affected by layers. */
  onLayer: Uint8Array;
}

/** The per-object index array for this many layers: 8-bit up to 256 layers, 16-bit beyond. */
export function layerIndexArray(layerCount: number, nodeCount: number): Uint8Array | Uint16Array {
  return layerCount <= 256 ? new Uint8Array(nodeCount) : new Uint16Array(nodeCount);
}

/** The dbIds on each layer, by layer index. */
export function layerMembers(data: ModelLayerData): number[][] {
  const members: number[][] = data.layers.map(() => []);
  const { layerOf, onLayer } = data;
  for (let dbId = 0; dbId < onLayer.length; dbId++) if (onLayer[dbId]) members[layerOf[dbId]]?.push(dbId);
  return members;
}
