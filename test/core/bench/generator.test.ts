import { expect } from '@esm-bundle/chai';
import type { Mesh, Object3D } from 'three';
import { Viewer } from '../../../core/index.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { BUILDING_SIZES, generateBuilding, type GeneratedBuilding } from '../../../bench/generator/generateBuilding.js';
import { GeometryBuilder } from '../../../bench/generator/GeometryBuilder.js';
import { GlbWriter } from '../../../bench/generator/GlbWriter.js';
import { addBox } from '../../../bench/generator/meshBuilders.js';
import { createContainer } from '../../support/helpers.js';

interface Accessor { bufferView: number; byteOffset?: number; componentType: number; count: number; type: string; min?: number[]; max?: number[] }
interface Primitive { attributes: { POSITION: number; NORMAL: number }; indices: number; material: number }
interface Node { name?: string; mesh?: number; children?: number[]; extras?: Record<string, unknown> }
interface Document {
  asset: { version: string };
  scene: number;
  scenes: { nodes: number[]; extras?: Record<string, unknown> }[];
  nodes: Node[];
  meshes: { primitives: Primitive[] }[];
  materials: { name: string; alphaMode?: string; pbrMetallicRoughness: { baseColorFactor: number[]; metallicFactor: number } }[];
  accessors: Accessor[];
  bufferViews: { byteOffset: number; byteLength: number; byteStride?: number }[];
  buffers: { byteLength: number }[];
}

const GLB_MAGIC = 0x46546c67;

/** The GLB's JSON document and the byte offset of its BIN chunk's data. */
function readGlb(glb: Uint8Array): { json: Document; binStart: number; binLength: number } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as Document;
  return { json, binStart: 28 + jsonLength, binLength: view.getUint32(20 + jsonLength, true) };
}

/** The typed array an accessor reads (tightly packed, as the generator writes them). */
function accessorData(glb: Uint8Array, json: Document, binStart: number, index: number): Float32Array | Uint16Array | Uint32Array {
  const accessor = json.accessors[index];
  const view = json.bufferViews[accessor.bufferView];
  const at = glb.byteOffset + binStart + view.byteOffset + (accessor.byteOffset ?? 0);
  const length = accessor.count * (accessor.type === 'VEC3' ? 3 : 1);
  if (accessor.componentType === 5126) return new Float32Array(glb.buffer, at, length);
  if (accessor.componentType === 5123) return new Uint16Array(glb.buffer, at, length);
  return new Uint32Array(glb.buffer, at, length);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

function parseWithThree(glb: Uint8Array): Promise<Object3D> {
  const data = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer;
  return new Promise((resolve, reject) => new GLTFLoader().parse(data, '', (gltf) => resolve(gltf.scene), reject));
}

describe('bench generator: XS building', () => {
  let building: GeneratedBuilding;
  let json: Document;
  let binStart: number;
  let meshNodes: Node[];

  before(() => {
    const started = performance.now();
    building = generateBuilding(BUILDING_SIZES.XS);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    ({ json, binStart } = readGlb(building.glb));
    meshNodes = json.nodes.filter((node) => node.mesh !== undefined);
    const { objectCount, triangleCount, materialCount, nodeCount } = building;
    console.log(`XS: ${objectCount} objects, ${triangleCount} triangles, ${materialCount} materials, ${nodeCount} nodes, ${building.glb.byteLength} bytes, ${seconds} s`);
  });

  it('is deterministic: the same options give byte-identical output, another seed does not', () => {
    expect(sameBytes(generateBuilding(BUILDING_SIZES.XS).glb, building.glb)).to.equal(true);
    const small = { seed: 1, storeys: 1, roomsX: 2, roomsY: 2 };
    expect(sameBytes(generateBuilding({ ...small, seed: 2 }).glb, generateBuilding(small).glb)).to.equal(false);
  });

  it('is a GLB: header, a space-padded JSON chunk and a BIN chunk, all 4-byte aligned', () => {
    const glb = building.glb;
    const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
    expect(view.getUint32(0, true)).to.equal(GLB_MAGIC);
    expect(view.getUint32(4, true)).to.equal(2);
    expect(view.getUint32(8, true)).to.equal(glb.byteLength);
    const jsonLength = view.getUint32(12, true);
    expect(jsonLength % 4).to.equal(0);
    expect(view.getUint32(16, true)).to.equal(0x4e4f534a);
    const text = new TextDecoder().decode(glb.subarray(20, 20 + jsonLength));
    expect(text.trimEnd().endsWith('}')).to.equal(true);
    expect(/^ *$/.test(text.slice(text.trimEnd().length))).to.equal(true);
    const { binLength } = readGlb(glb);
    expect(view.getUint32(24 + jsonLength, true)).to.equal(0x004e4942);
    expect(binLength % 4).to.equal(0);
    expect(28 + jsonLength + binLength).to.equal(glb.byteLength);
    expect(json.asset.version).to.equal('2.0');
    expect(json.buffers[0].byteLength).to.equal(binLength);
    for (const bufferView of json.bufferViews) expect(bufferView.byteOffset % 4).to.equal(0);
    for (const accessor of json.accessors) expect((accessor.byteOffset ?? 0) % 4).to.equal(0);
  });

  it('has the XS size: at least 10,000 objects (about 12,000) and under 200,000 triangles', () => {
    expect(meshNodes.length).to.equal(building.objectCount);
    expect(meshNodes.length).to.be.at.least(10000);
    expect(building.objectCount).to.be.within(12000 * 0.85, 12000 * 1.15);
    expect(building.triangleCount).to.be.below(200000);
    let triangles = 0;
    for (const mesh of json.meshes) for (const primitive of mesh.primitives) triangles += json.accessors[primitive.indices].count / 3;
    expect(triangles).to.equal(building.triangleCount);
    expect(json.nodes.length).to.equal(building.nodeCount);
    expect(json.materials.length).to.equal(building.materialCount);
    expect(building.materialCount).to.be.within(25, 40);
  });

  it('gives every element a unique name, its own mesh and extras with a property set and an IFC GUID', () => {
    const names = new Set<string>();
    const guids = new Set<string>();
    const meshes = new Set<number>();
    for (const node of meshNodes) {
      expect(node.name, 'name').to.be.a('string').and.not.equal('');
      names.add(node.name!);
      meshes.add(node.mesh!);
      const extras = node.extras!;
      expect(extras, node.name).to.include.keys('Category', 'Level', 'Material', 'IfcGUID');
      expect(extras.IfcGUID).to.match(/^[0-3][0-9A-Za-z_$]{21}$/);
      guids.add(extras.IfcGUID as string);
      expect(Object.keys(extras).some((key) => key.startsWith('Pset_') && typeof extras[key] === 'object'), node.name).to.equal(true);
    }
    expect(names.size).to.equal(meshNodes.length);
    expect(guids.size).to.equal(meshNodes.length);
    expect(meshes.size).to.equal(meshNodes.length);
    expect(json.scenes[json.scene].extras).to.have.property('Options');
  });

  it('organises nodes as level > category group > element', () => {
    const roots = json.scenes[json.scene].nodes;
    expect(roots.map((index) => json.nodes[index].name)).to.deep.equal(['Level 1']);
    let elements = 0;
    for (const root of roots) {
      for (const group of json.nodes[root].children ?? []) {
        expect(json.nodes[group].mesh).to.equal(undefined);
        for (const child of json.nodes[group].children ?? []) {
          expect(json.nodes[child].mesh).to.be.a('number');
          expect(json.nodes[child].children).to.equal(undefined);
          elements++;
        }
      }
    }
    expect(elements).to.equal(meshNodes.length);
    const groups = json.nodes[roots[0]].children!.map((index) => json.nodes[index].name);
    expect(groups).to.include.members(['Slabs', 'Columns', 'Beams', 'Walls', 'Doors', 'Windows', 'Furniture']);
  });

  it('has POSITION min/max equal to the data, unit normals and outward-facing triangles (sampled meshes)', () => {
    const step = Math.floor(meshNodes.length / 40);
    const sampled = meshNodes.filter((_, index) => index % step === 0 || index === meshNodes.length - 1);
    const windowNode = meshNodes.find((node) => node.name!.startsWith('Window '));
    for (const node of windowNode ? [...sampled, windowNode] : sampled) {
      for (const primitive of json.meshes[node.mesh!].primitives) {
        const accessor = json.accessors[primitive.attributes.POSITION];
        const positions = accessorData(building.glb, json, binStart, primitive.attributes.POSITION) as Float32Array;
        const normals = accessorData(building.glb, json, binStart, primitive.attributes.NORMAL) as Float32Array;
        const indices = accessorData(building.glb, json, binStart, primitive.indices);
        expect(accessor.min, node.name).to.have.length(3);
        for (let c = 0; c < 3; c++) {
          let min = Infinity, max = -Infinity;
          for (let i = c; i < positions.length; i += 3) {
            min = Math.min(min, positions[i]);
            max = Math.max(max, positions[i]);
          }
          expect(Math.fround(accessor.min![c]), `${node.name} min`).to.equal(min);
          expect(Math.fround(accessor.max![c]), `${node.name} max`).to.equal(max);
        }
        expect(json.accessors[primitive.indices].componentType).to.equal(accessor.count < 65536 ? 5123 : 5125);
        for (let i = 0; i < normals.length; i += 3) expect(Math.hypot(normals[i], normals[i + 1], normals[i + 2])).to.be.closeTo(1, 1e-5);
        for (let t = 0; t < indices.length; t += 3) {
          const [a, b, c] = [indices[t] * 3, indices[t + 1] * 3, indices[t + 2] * 3];
          const u = [positions[b] - positions[a], positions[b + 1] - positions[a + 1], positions[b + 2] - positions[a + 2]];
          const v = [positions[c] - positions[a], positions[c + 1] - positions[a + 1], positions[c + 2] - positions[a + 2]];
          const facing = (u[1] * v[2] - u[2] * v[1]) * normals[a] + (u[2] * v[0] - u[0] * v[2]) * normals[a + 1] + (u[0] * v[1] - u[1] * v[0]) * normals[a + 2];
          expect(facing, `${node.name} triangle ${t / 3}`).to.be.above(0);
        }
      }
    }
  });

  it('has a transparent (BLEND) glass material and metallic steel', () => {
    const glass = json.materials.find((material) => material.name.startsWith('Glass'));
    expect(glass?.alphaMode).to.equal('BLEND');
    expect(glass!.pbrMetallicRoughness.baseColorFactor[3]).to.be.below(1);
    const steel = json.materials.find((material) => material.name === 'Steel S355');
    expect(steel?.pbrMetallicRoughness.metallicFactor).to.equal(0.6);
    expect(json.materials.filter((material) => !material.name.startsWith('Steel') && material.pbrMetallicRoughness.metallicFactor > 0)
      .every((material) => /Aluminium|Copper|Chrome|Cast Iron/.test(material.name))).to.equal(true);
  });

  it('loads with three.js GLTFLoader: one Mesh per primitive, all triangles', async () => {
    const scene = await parseWithThree(building.glb);
    let meshes = 0;
    let triangles = 0;
    scene.traverse((object) => {
      if (!(object as Mesh).isMesh) return;
      meshes++;
      triangles += (object as Mesh).geometry.index!.count / 3;
    });
    const primitives = json.meshes.reduce((sum, mesh) => sum + mesh.primitives.length, 0);
    console.log(`three.js: ${meshes} Mesh objects for ${meshNodes.length} mesh nodes`);
    expect(meshes).to.equal(primitives);
    expect(meshes).to.be.at.least(meshNodes.length);
    expect(triangles).to.equal(building.triangleCount);
  });

  it('loads into the Viewer: one fragment per primitive, the building extent and element properties', async () => {
    const container = createContainer(320, 240);
    const viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    const url = URL.createObjectURL(new Blob([building.glb as Uint8Array<ArrayBuffer>], { type: 'model/gltf-binary' }));
    try {
      const model = await viewer.loadModel(url, { fileExtension: 'glb', fileName: 'XS.glb' });
      const primitives = json.meshes.reduce((sum, mesh) => sum + mesh.primitives.length, 0);
      expect(model.fragments.count).to.equal(primitives);
      const box = model.getBoundingBox();
      const { roomsX, roomsY } = BUILDING_SIZES.XS;
      expect(box.min.x).to.be.closeTo(-0.2, 0.01);
      expect(box.max.x).to.be.closeTo(roomsX * 5 + 0.2, 0.01);
      expect(box.max.z).to.be.closeTo(roomsY * 6 + 0.2, 0.01);
      expect(box.min.y).to.be.closeTo(-0.25, 0.01);
      expect(box.max.y).to.be.closeTo(3.5, 0.01);
      const tree = model.getInstanceTree();
      let wallId = -1;
      tree.enumNodeChildren(tree.getRootId(), (id) => {
        if (wallId < 0 && tree.getNodeName(id)?.startsWith('Wall L01-')) wallId = id;
      }, true);
      expect(wallId).to.be.above(0);
      const properties = await model.getProperties(wallId);
      const categories = new Set(properties.properties.map((property) => property.displayCategory));
      expect(categories).to.include('Pset_WallCommon');
    } finally {
      URL.revokeObjectURL(url);
      viewer.finish();
      container.remove();
    }
  });
});

describe('bench generator: GlbWriter', () => {
  it('switches to 32-bit indices for a primitive of 65,536 vertices or more', () => {
    const geometry = new GeometryBuilder();
    for (let i = 0; i < 2731; i++) addBox(geometry, i, 0, 0, i + 0.5, 1, 1); // 65,544 vertices
    const write = (layout?: ConstructorParameters<typeof GlbWriter>[1]) => {
      const writer = new GlbWriter('test', layout);
      const material = writer.addMaterial({ name: 'Grey', color: [0.5, 0.5, 0.5], roughness: 1 });
      const mesh = writer.addMesh('Big', [{ geometry, material }]);
      const root = writer.addTreeNode({ name: 'Root' });
      writer.addLeafNode({ name: 'Big', mesh }, root);
      return writer.finish({ name: 'Scene', nodes: [root] });
    };
    const { layout } = write();
    const { glb } = write(layout);
    const { json, binStart } = readGlb(glb!);
    const primitive = json.meshes[0].primitives[0];
    expect(json.accessors[primitive.attributes.POSITION].count).to.equal(65544);
    expect(json.accessors[primitive.indices].componentType).to.equal(5125);
    expect(json.accessors[primitive.attributes.POSITION].max).to.deep.equal([2730.5, 1, 1]);
    const indices = accessorData(glb!, json, binStart, primitive.indices);
    expect(Array.from(indices).reduce((max, index) => Math.max(max, index), 0)).to.equal(65543);
    expect(json.nodes.map((node) => node.name)).to.deep.equal(['Root', 'Big']);
    expect(json.nodes[0].children).to.deep.equal([1]);
  });

  it('rejects options that cannot make a building', () => {
    expect(() => generateBuilding({ seed: 1, storeys: 0, roomsX: 1, roomsY: 1 })).to.throw(RangeError);
    expect(() => generateBuilding({ seed: 1, storeys: 1, roomsX: 1.5, roomsY: 1 })).to.throw(RangeError);
  });
});
