import { Box3, Vector3 } from 'three';
import { enumOf, real, ref, StepWriter } from '../../bench/ifcExport/StepWriter.js';
import { boxMesh } from './boxMesh.js';
import { type SvfInput, svfZipUrl } from './svfWriter.js';

/**
 * A small building made of boxes, written as glTF and IFC in the test, at the origin or far from it (a
 * surveyed site 750 km out), to check that models far from the origin draw, pick and line up as they do
 * near it. Sizes and places in metres, Z up (east, north, up), relative to the site.
 */
export interface BuildingBox {
  name: string;
  centre: [number, number, number];
  size: [number, number, number];
  colour: [number, number, number];
}

export const FAR_SITE_METRES: [number, number, number] = [750_000.137, 250_000.291, 35.5];

/** The 0.5 m post the tests isolate and fit. */
export const POST: BuildingBox = { name: 'Post', centre: [3.2, 2.7, 0.25], size: [0.5, 0.5, 0.5], colour: [0.8, 0.2, 0.15] };

export const BUILDING: BuildingBox[] = [
  { name: 'Slab', centre: [3, 3, -0.15], size: [6, 6, 0.3], colour: [0.6, 0.6, 0.6] },
  { name: 'Wall A', centre: [3, 0.1, 1.5], size: [6, 0.2, 3], colour: [0.85, 0.8, 0.65] },
  { name: 'Wall B', centre: [0.1, 3, 1.5], size: [0.2, 6, 3], colour: [0.85, 0.8, 0.65] },
  POST,
  { name: 'Beam', centre: [3, 5.5, 2.8], size: [6, 0.3, 0.4], colour: [0.3, 0.45, 0.7] },
];

/** A second model of the same site: a 0.5 m cube 0.2 m east of the post. */
export const ANNEX: BuildingBox[] = [{ name: 'Annex cube', centre: [3.9, 2.7, 0.25], size: [0.5, 0.5, 0.5], colour: [0.15, 0.35, 0.8] }];

/** A box's place in real coordinates (Z up), for a site at `site`, in metres or (`unitsPerMetre` 1000) millimetres. */
export function realBox(box: BuildingBox, site: readonly number[], unitsPerMetre = 1): Box3 {
  const centre = new Vector3(...box.centre).add(new Vector3(...site));
  const half = new Vector3(...box.size).multiplyScalar(0.5);
  return new Box3(centre.clone().sub(half).multiplyScalar(unitsPerMetre), centre.clone().add(half).multiplyScalar(unitsPerMetre));
}

/** glTF is Y up: (east, north, up) → (x, y, z) = (east, up, -north). */
export const toYUp = ([x, y, z]: readonly number[]): [number, number, number] => [x, z, -y];

/** The box's place in the glTF's real coordinates (Y up, metres). */
export function realBoxYUp(box: BuildingBox, site: readonly number[]): Box3 {
  const centre = new Vector3(...toYUp(box.centre)).add(new Vector3(...toYUp(site)));
  const half = new Vector3(box.size[0] / 2, box.size[2] / 2, box.size[1] / 2);
  return new Box3(centre.clone().sub(half), centre.clone().add(half));
}

/**
 * The boxes as a glTF (Y up, metres): a root node "Site" carrying the survey translation, a node per box (translation
 * and scale of one unit cube), one material per box. dbIds follow the nodes: the root is 2, box i is i + 3.
 */
export function buildingGltf(boxes: readonly BuildingBox[], site: readonly number[]): string {
  const { positions, normals, indices } = boxMesh(1, 1, 1) as { positions: Float32Array; normals: Float32Array; indices: Uint16Array };
  const bytes = new Uint8Array(positions.byteLength + normals.byteLength + indices.byteLength);
  bytes.set(new Uint8Array(positions.buffer), 0);
  bytes.set(new Uint8Array(normals.buffer), positions.byteLength);
  bytes.set(new Uint8Array(indices.buffer), positions.byteLength + normals.byteLength);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const nodes: Record<string, unknown>[] = [{ name: 'Site', translation: toYUp(site), children: boxes.map((_, i) => i + 1) }];
  // A mesh per box (the same cube), so each has its own material.
  boxes.forEach((box, i) => nodes.push({ name: box.name, mesh: i, translation: toYUp(box.centre), scale: [box.size[0], box.size[2], box.size[1]] }));
  const meshes = boxes.map((box, i) => ({ name: box.name, primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, indices: 2, material: i }] }));
  return JSON.stringify({
    asset: { version: '2.0', generator: 'design-viewer tests' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes,
    meshes,
    materials: boxes.map((box) => ({ name: box.name, pbrMetallicRoughness: { baseColorFactor: [...box.colour, 1], metallicFactor: 0, roughnessFactor: 1 } })),
    accessors: [
      { bufferView: 0, componentType: 5126, count: 24, type: 'VEC3', min: [-0.5, -0.5, -0.5], max: [0.5, 0.5, 0.5] },
      { bufferView: 1, componentType: 5126, count: 24, type: 'VEC3' },
      { bufferView: 2, componentType: 5123, count: 36, type: 'SCALAR' },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.byteLength },
      { buffer: 0, byteOffset: positions.byteLength, byteLength: normals.byteLength },
      { buffer: 0, byteOffset: positions.byteLength + normals.byteLength, byteLength: indices.byteLength },
    ],
    buffers: [{ byteLength: bytes.byteLength, uri: `data:application/octet-stream;base64,${btoa(binary)}` }],
  });
}

/**
 * The boxes as an IFC4 file in millimetres: the site placed at `site` (an IfcLocalPlacement, as surveyed
 * models have it), a building and a storey at the site's origin, an IfcBuildingElementProxy per box (an
 * extruded rectangle, coloured). With `mapConversion`, the site stays at the origin and an IfcMapConversion
 * carries `site` instead (eastings, northings, height, in metres of its projected CRS).
 */
export function buildingIfc(boxes: readonly BuildingBox[], site: readonly number[], options: { mapConversion?: boolean } = {}): string {
  const w = new StepWriter(7);
  const mm = (metres: number) => real(Math.round(metres * 1e6) / 1e3);
  const point3 = (x: number, y: number, z: number) => w.add('IFCCARTESIANPOINT', [mm(x), mm(y), mm(z)]);
  const placement3 = (x: number, y: number, z: number) => w.add('IFCAXIS2PLACEMENT3D', ref(point3(x, y, z)), null, null);
  const origin = placement3(0, 0, 0);
  const context = w.add('IFCGEOMETRICREPRESENTATIONCONTEXT', null, 'Model', 3, real(1e-5), ref(origin), null);
  const body = w.add('IFCGEOMETRICREPRESENTATIONSUBCONTEXT', 'Body', 'Model', '*', '*', '*', '*', ref(context), null, enumOf('MODEL_VIEW'), null);
  const metre = w.add('IFCSIUNIT', '*', enumOf('LENGTHUNIT'), null, enumOf('METRE'));
  const units = w.add('IFCUNITASSIGNMENT', [ref(w.add('IFCSIUNIT', '*', enumOf('LENGTHUNIT'), enumOf('MILLI'), enumOf('METRE')))]);
  const project = w.add('IFCPROJECT', w.guid(), null, 'Far site', null, null, null, null, [ref(context)], ref(units));
  if (options.mapConversion) {
    const crs = w.add('IFCPROJECTEDCRS', 'EPSG:25832', null, null, null, null, null, ref(metre));
    w.add('IFCMAPCONVERSION', ref(context), ref(crs), real(site[0]), real(site[1]), real(site[2]), real(1), real(0), null);
  }
  const sitePoint = options.mapConversion ? [0, 0, 0] : site;
  const sitePlacement = w.add('IFCLOCALPLACEMENT', null, ref(placement3(sitePoint[0], sitePoint[1], sitePoint[2])));
  const siteId = w.add('IFCSITE', w.guid(), null, 'Site', null, null, ref(sitePlacement), null, null, enumOf('ELEMENT'), null, null, null, null, null);
  const buildingPlacement = w.add('IFCLOCALPLACEMENT', ref(sitePlacement), ref(origin));
  const building = w.add('IFCBUILDING', w.guid(), null, 'Building', null, null, ref(buildingPlacement), null, null, enumOf('ELEMENT'), null, null, null);
  const storeyPlacement = w.add('IFCLOCALPLACEMENT', ref(buildingPlacement), ref(origin));
  const storey = w.add('IFCBUILDINGSTOREY', w.guid(), null, 'Ground floor', null, null, ref(storeyPlacement), null, null, enumOf('ELEMENT'), real(0));
  w.add('IFCRELAGGREGATES', w.guid(), null, null, null, ref(project), [ref(siteId)]);
  w.add('IFCRELAGGREGATES', w.guid(), null, null, null, ref(siteId), [ref(building)]);
  w.add('IFCRELAGGREGATES', w.guid(), null, null, null, ref(building), [ref(storey)]);
  const up = w.add('IFCDIRECTION', [real(0), real(0), real(1)]);
  const centred = w.add('IFCAXIS2PLACEMENT2D', ref(w.add('IFCCARTESIANPOINT', [real(0), real(0)])), null);
  const elements = boxes.map((box) => {
    const [x, y, z] = box.centre;
    const [sx, sy, sz] = box.size;
    const profile = w.add('IFCRECTANGLEPROFILEDEF', enumOf('AREA'), null, ref(centred), mm(sx), mm(sy));
    const solid = w.add('IFCEXTRUDEDAREASOLID', ref(profile), ref(origin), ref(up), mm(sz));
    const colour = w.add('IFCCOLOURRGB', null, real(box.colour[0]), real(box.colour[1]), real(box.colour[2]));
    const style = w.add('IFCSURFACESTYLE', box.name, enumOf('BOTH'), [ref(w.add('IFCSURFACESTYLESHADING', ref(colour), real(0)))]);
    w.add('IFCSTYLEDITEM', ref(solid), [ref(style)], null);
    const shape = w.add('IFCSHAPEREPRESENTATION', ref(body), 'Body', 'SweptSolid', [ref(solid)]);
    const definition = w.add('IFCPRODUCTDEFINITIONSHAPE', null, null, [ref(shape)]);
    const placement = w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(placement3(x, y, z - sz / 2)));
    return w.add('IFCBUILDINGELEMENTPROXY', w.guid(), null, box.name, null, null, ref(placement), ref(definition), null, null);
  });
  w.add('IFCRELCONTAINEDINSPATIALSTRUCTURE', w.guid(), null, null, null, elements.map(ref), ref(storey));
  return w.toString('far-site.ifc', 'IFC4', 'ViewDefinition [ReferenceView]');
}

/**
 * The boxes as an SVF bundle (a .zip, loaded with fileExtension 'zip') in millimetres, Z up: a fragment per
 * box, its float64 translation the box's real centre. dbIds: 1 the root, 2 the storey, box i is i + 3.
 */
export function buildingSvf(boxes: readonly BuildingBox[], site: readonly number[]): string {
  const input: SvfInput = {
    meshes: boxes.map((box) => boxMesh(box.size[0] * 1000, box.size[1] * 1000, box.size[2] * 1000)),
    materials: boxes.map((box) => ({ color: box.colour })),
    fragments: boxes.map((box, i) => ({
      dbId: i + 3,
      mesh: i,
      material: i,
      translation: [0, 1, 2].map((axis) => (site[axis] + box.centre[axis]) * 1000) as [number, number, number],
    })),
    tree: {
      parents: new Map([[2, 1], ...boxes.map((_, i) => [i + 3, 2] as [number, number])]),
      names: new Map([[1, 'Far site.rvt'], [2, 'Level 1'], ...boxes.map((box, i) => [i + 3, box.name] as [number, string])]),
    },
    metadata: { 'distance unit': { value: 'mm' } },
  };
  return svfZipUrl(input);
}
