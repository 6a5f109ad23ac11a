/** Spec 000 §3 "Layer": name, id, index, visible. */
export interface Layer {
  name: string;
  id: number;
  index: number;
  visible: boolean;
  description: string;
}
