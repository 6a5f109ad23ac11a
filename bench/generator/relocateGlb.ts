/**
 * A GLB moved by a translation: a new root node ("Survey point") carries it and holds the scene's old
 * roots, as a surveyed model's exporter writes it. The binary chunk is kept as it is; only the JSON
 * changes. For the benchmark of a model far from the origin.
 */
export function relocateGlb(glb: Uint8Array, translation: [number, number, number]): Uint8Array {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as {
    scene?: number;
    scenes: { nodes: number[] }[];
    nodes: Record<string, unknown>[];
  };
  const scene = json.scenes[json.scene ?? 0];
  json.nodes.push({ name: 'Survey point', translation, children: scene.nodes });
  scene.nodes = [json.nodes.length - 1];
  let text = JSON.stringify(json);
  while (new TextEncoder().encode(text).length % 4) text += ' ';
  const jsonBytes = new TextEncoder().encode(text);
  const rest = glb.subarray(20 + jsonLength);
  const out = new Uint8Array(20 + jsonBytes.length + rest.length);
  const outView = new DataView(out.buffer);
  out.set(glb.subarray(0, 12));
  outView.setUint32(8, out.length, true);
  outView.setUint32(12, jsonBytes.length, true);
  outView.setUint32(16, 0x4e4f534a, true); // "JSON"
  out.set(jsonBytes, 20);
  out.set(rest, 20 + jsonBytes.length);
  return out;
}
