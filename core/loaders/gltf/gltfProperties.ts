import type { PropertyDatabase } from '../../model/PropertyDatabase.js';
import { PropertyDatabaseBuilder } from '../../model/PropertyDatabaseBuilder.js';
import { AttributeFlags, type PropertyValue } from '../../model/PropertyTypes.js';
import { dbIdOfNode, type GltfJson, type GltfPlan, ROOT_DB_ID } from './GltfPlan.js';

/** Category of the properties glTF itself defines (mesh and material names). */
const GLTF_CATEGORY = 'glTF';

/**
 * Properties of a glTF document: every node's name, its mesh and materials, and its `extras`; the
 * default scene's `extras` belong to the root. Scalars in `extras` are uncategorised rows; an object
 * value becomes a category of its own (one level), and anything deeper is shown as JSON text.
 */
export function buildGltfProperties(json: GltfJson, plan: GltfPlan, fileName: string): PropertyDatabase {
  const builder = new PropertyDatabaseBuilder();
  const scene = json.scenes?.[json.scene ?? 0];
  builder.setName(ROOT_DB_ID, fileName);
  builder.setExternalId(ROOT_DB_ID, 'scene');
  if (scene?.name) builder.addTyped(ROOT_DB_ID, 'Scene', GLTF_CATEGORY, scene.name);
  if (json.asset?.generator) builder.addTyped(ROOT_DB_ID, 'Generator', GLTF_CATEGORY, json.asset.generator);
  if (json.asset?.version) builder.addTyped(ROOT_DB_ID, 'Version', GLTF_CATEGORY, json.asset.version);
  addExtras(builder, ROOT_DB_ID, scene?.extras);

  const parentAttribute = builder.attribute('parent', '__parent__', { flags: AttributeFlags.HIDDEN, dataType: 11 });
  const nodes = json.nodes ?? [];
  nodes.forEach((node, nodeIndex) => {
    if (!plan.worldMatrices[nodeIndex]) return; // not in the default scene
    const dbId = dbIdOfNode(nodeIndex);
    builder.setName(dbId, node.name ?? '');
    builder.setExternalId(dbId, `node/${nodeIndex}`);
    builder.add(dbId, parentAttribute, plan.parents[dbId]);
    if (node.mesh !== undefined) {
      const mesh = json.meshes?.[node.mesh];
      builder.addTyped(dbId, 'Mesh', GLTF_CATEGORY, mesh?.name ?? `Mesh ${node.mesh}`);
      const materialNames = new Set<string>();
      for (const primitive of mesh?.primitives ?? []) {
        if (primitive.material !== undefined) {
          materialNames.add(json.materials?.[primitive.material]?.name ?? `Material ${primitive.material}`);
        }
      }
      if (materialNames.size) builder.addTyped(dbId, 'Material', GLTF_CATEGORY, [...materialNames].join(', '));
      addExtras(builder, dbId, mesh?.extras, 'Mesh');
    }
    addExtras(builder, dbId, node.extras);
  });
  return builder.build(nodes.length + 2);
}

function addExtras(builder: PropertyDatabaseBuilder, dbId: number, extras: unknown, category = ''): void {
  if (!extras || typeof extras !== 'object' || Array.isArray(extras)) return;
  for (const [name, value] of Object.entries(extras as Record<string, unknown>)) {
    if (value && typeof value === 'object' && !Array.isArray(value) && category === '') {
      for (const [innerName, innerValue] of Object.entries(value as Record<string, unknown>)) {
        builder.addTyped(dbId, innerName, name, toPropertyValue(innerValue));
      }
    } else {
      builder.addTyped(dbId, name, category, toPropertyValue(value));
    }
  }
}

function toPropertyValue(value: unknown): PropertyValue {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}
