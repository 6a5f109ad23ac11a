import { expect } from '@esm-bundle/chai';
import { Box3, Matrix4, Quaternion, Vector3 } from 'three';
import { BUILDING_SIZES, generateBuilding } from '../../../../bench/generator/generateBuilding.js';
import { type GltfJson, planGltf } from '../../../../core/loaders/gltf/GltfPlan.js';
import { ModelPlacement } from '../../../../core/loaders/ModelPlacement.js';
import { sampleUrl } from '../../../support/helpers.js';

function jsonOfGlb(bytes: Uint8Array): GltfJson {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length))) as GltfJson;
}

/** Each node's world matrix in the default scene, composed the plain way: parent × local, from the roots. */
function referenceWorlds(json: GltfJson): Map<number, Matrix4> {
  const worlds = new Map<number, Matrix4>();
  const visit = (index: number, parent: Matrix4) => {
    const node = json.nodes![index];
    const local = node.matrix
      ? new Matrix4().fromArray(node.matrix)
      : new Matrix4().compose(
          new Vector3(...((node.translation ?? [0, 0, 0]) as [number, number, number])),
          new Quaternion(...((node.rotation ?? [0, 0, 0, 1]) as [number, number, number, number])),
          new Vector3(...((node.scale ?? [1, 1, 1]) as [number, number, number])),
        );
    const world = parent.clone().multiply(local);
    worlds.set(index, world);
    for (const child of node.children ?? []) visit(child, world);
  };
  for (const root of json.scenes![json.scene ?? 0].nodes ?? []) visit(root, new Matrix4());
  return worlds;
}

/**
 * What the plan must hold for any document: boxes in model space (the file's coordinates less the offset,
 * which is the centre of the file's box), largest first, bounds around them all.
 */
function expectPlanHolds(json: GltfJson): void {
  const placement = new ModelPlacement();
  const plan = planGltf(json, 'model', placement);
  const worlds = referenceWorlds(json);
  const offset = new Vector3().fromArray(placement.globalOffset);
  const union = new Box3();
  let previousSize = Infinity;
  expect(plan.fragments.length).to.be.greaterThan(0);
  plan.fragments.forEach((fragment, fragId) => {
    const accessor = json.accessors![json.meshes![fragment.meshIndex].primitives[fragment.primitiveIndex].attributes.POSITION];
    const expected = new Box3(new Vector3().fromArray(accessor.min!), new Vector3().fromArray(accessor.max!)).applyMatrix4(worlds.get(fragment.nodeIndex)!).translate(offset.clone().negate());
    const box = [...plan.boxes.subarray(fragId * 6, fragId * 6 + 6)];
    const want = [...expected.min.toArray(), ...expected.max.toArray()];
    box.forEach((value, k) => expect(value).to.be.closeTo(want[k], 1e-4 * Math.max(1, Math.abs(want[k]))));
    const size = expected.getSize(new Vector3()).lengthSq();
    expect(size).to.be.at.most(previousSize * (1 + 1e-6) + 1e-9);
    previousSize = size;
    union.union(expected);
  });
  for (const [value, want] of [
    [plan.bounds.min, union.min],
    [plan.bounds.max, union.max],
  ]) {
    expect(value.distanceTo(want)).to.be.lessThan(1e-3 * Math.max(1, want.length()));
  }
  expect(union.getCenter(new Vector3()).length()).to.be.lessThan(1e-6 * Math.max(1, offset.length()));
  const vertices = plan.fragments.reduce((sum, f) => sum + f.vertexCount, 0);
  expect(plan.batches.reduce((sum, b) => sum + b.vertexCount, 0)).to.equal(vertices);
}

describe('planGltf', () => {
  it('places each fragment box by its node, largest first, on a sample with rotations and scales', async () => {
    const bytes = new Uint8Array(await (await fetch(sampleUrl('gltf/OrientationTest.glb'))).arrayBuffer());
    const json = jsonOfGlb(bytes);
    expect(json.nodes!.some((n) => n.rotation || n.matrix)).to.equal(true);
    expectPlanHolds(json);
  });

  it('does the same on a building whose elements are placed by translations alone', () => {
    const json = jsonOfGlb(generateBuilding({ ...BUILDING_SIZES.XS, roomsX: 2, roomsY: 2 }).glb);
    expectPlanHolds(json);
  });

  it('gives materials their batches once: transparent, double-sided and plain apart', () => {
    const json = jsonOfGlb(generateBuilding({ ...BUILDING_SIZES.XS, roomsX: 2, roomsY: 2 }).glb);
    const plan = planGltf(json, 'model', new ModelPlacement());
    for (const fragment of plan.fragments) {
      const material = json.materials![fragment.material];
      const batch = plan.batches[fragment.batch];
      expect(batch.transparent).to.equal(material.alphaMode === 'BLEND');
      expect(batch.doubleSided).to.equal(fragment.kind === 'triangles' && (material.doubleSided ?? false));
    }
    const keys = plan.batches.map((b) => `${b.kind}|${b.transparent}|${b.doubleSided}|${b.textureMaterial}`);
    expect(new Set(keys).size).to.equal(keys.length);
  });
});
