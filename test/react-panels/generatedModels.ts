/** A glTF built in the test: one small triangle mesh, and a tree of many nodes (most of them unnamed). */
export function wideTreeGltf(childCount: number, namedEvery = 0): string {
  // One triangle: 3 float32 positions (36 bytes), base64 in a data URI.
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const bytes = new Uint8Array(positions.buffer);
  const base64 = btoa(String.fromCharCode(...bytes));
  const nodes: Record<string, unknown>[] = [{ name: 'Site', children: [] as number[], mesh: 0 }];
  for (let i = 1; i <= childCount; i++) {
    (nodes[0].children as number[]).push(i);
    nodes.push(namedEvery > 0 && i % namedEvery === 0 ? { name: `Element ${i}` } : {});
  }
  return JSON.stringify({
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes,
    meshes: [{ name: 'Triangle', primitives: [{ attributes: { POSITION: 0 } }] }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 36 }],
    buffers: [{ byteLength: 36, uri: `data:application/octet-stream;base64,${base64}` }],
  });
}

/** A blob: URL of a generated glTF (load it with `fileExtension: 'gltf'`). */
export function gltfBlobUrl(json: string): string {
  return URL.createObjectURL(new Blob([json], { type: 'model/gltf+json' }));
}

/** One triangle node with properties of every kind the panel formats: a link, numbers, a category. */
export function propertiesGltf(): string {
  const json = JSON.parse(wideTreeGltf(0));
  json.nodes[0].name = 'Wall 1';
  json.nodes[0].extras = {
    Specification: 'See https://example.com/spec for the wall type',
    Width: 2.54321,
    Count: 7,
    Pset_WallCommon: { FireRating: 'EI 60', IsExternal: true },
  };
  return JSON.stringify(json);
}

/** A flat square 100 units wide facing +Z, of one matte colour (RGB 0–1): a wall that fills the view. */
export function flatWallGltf(colour: [number, number, number]): string {
  const positions = new Float32Array([-50, -50, 0, 50, -50, 0, 50, 50, 0, -50, -50, 0, 50, 50, 0, -50, 50, 0]);
  const normals = new Float32Array(18).map((_, i) => (i % 3 === 2 ? 1 : 0));
  const bytes = new Uint8Array([...new Uint8Array(positions.buffer), ...new Uint8Array(normals.buffer)]);
  return JSON.stringify({
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ name: 'Wall', mesh: 0 }],
    materials: [{ pbrMetallicRoughness: { baseColorFactor: [...colour, 1], metallicFactor: 0, roughnessFactor: 1 } }],
    meshes: [{ name: 'Wall', primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, material: 0 }] }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 6, type: 'VEC3', min: [-50, -50, 0], max: [50, 50, 0] },
      { bufferView: 0, byteOffset: 72, componentType: 5126, count: 6, type: 'VEC3' },
    ],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 144 }],
    buffers: [{ byteLength: 144, uri: `data:application/octet-stream;base64,${btoa(String.fromCharCode(...bytes))}` }],
  });
}
