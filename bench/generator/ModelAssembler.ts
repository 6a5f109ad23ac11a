import { GeometryBuilder } from './GeometryBuilder.js';
import type { GlbLayout, GlbWriter, PrimitiveInput } from './GlbWriter.js';
import { ifcGuid } from './ifcGuid.js';
import { type MaterialKey, MATERIALS } from './materials.js';
import type { Vec3 } from './meshBuilders.js';

/** The category groups under each level node, in the order a model browser would list them. */
export type Category = 'Slabs' | 'Roofs' | 'Walls' | 'Columns' | 'Beams' | 'Doors' | 'Windows' | 'Pipes' | 'Ducts' | 'Furniture';

export interface AssembledModel {
  /** The GLB, or null from a measuring pass. */
  glb: Uint8Array | null;
  layout: GlbLayout;
  objectCount: number;
  triangleCount: number;
  materialCount: number;
  nodeCount: number;
}

/**
 * Builds the node tree "Level n" > category > element on top of the GLB writer. Each element is
 * drawn into per-material scratch parts and then becomes one node with its own mesh (one primitive
 * per material), so the model has as many distinct objects as a BIM export.
 */
export class ModelAssembler {
  private readonly materialIndex = new Map<MaterialKey, number>();
  private readonly pool: GeometryBuilder[] = [];
  private readonly active: { key: MaterialKey; geometry: GeometryBuilder }[] = [];
  private readonly roots: number[] = [];
  private level: { node: number; name: string; groups: Map<Category, number> } | null = null;
  private serial = 0;

  constructor(private readonly seed: number, private readonly writer: GlbWriter) {}

  beginLevel(name: string, elevation: number, extras: Record<string, unknown>): void {
    const node = this.writer.addTreeNode({ name, translation: [0, elevation, 0], extras });
    this.writer.beginGroup();
    this.roots.push(node);
    this.level = { node, name, groups: new Map() };
  }

  /** Scratch geometry of the element being drawn, for the given material. */
  part(key: MaterialKey): GeometryBuilder {
    for (const part of this.active) if (part.key === key) return part.geometry;
    const geometry = this.pool[this.active.length] ?? (this.pool[this.active.length] = new GeometryBuilder());
    geometry.reset();
    this.active.push({ key, geometry });
    return geometry;
  }

  /**
   * Turns the parts drawn since the last call into a node named `name` in the current level's
   * `category` group, placed at `translation` (level coordinates), with `properties` as its extras.
   */
  addElement(category: Category, name: string, translation: Vec3, properties: Record<string, unknown>): void {
    const level = this.level;
    if (!level) throw new Error('addElement before beginLevel');
    const primitives: PrimitiveInput[] = this.active.map(({ key, geometry }) => ({ geometry, material: this.material(key) }));
    const mesh = this.writer.addMesh(name, primitives);
    this.active.length = 0;
    let group = level.groups.get(category);
    if (group === undefined) {
      group = this.writer.addTreeNode({ name: category }, level.node);
      level.groups.set(category, group);
    }
    const extras = { Category: properties.Category ?? category, Level: level.name, ...properties, IfcGUID: ifcGuid(this.seed, this.serial++) };
    this.writer.addLeafNode({ name, mesh, translation: translation.map(round), extras }, group);
  }

  finish(sceneName: string, sceneExtras: Record<string, unknown>): AssembledModel {
    const { writer } = this;
    const counts = {
      objectCount: writer.meshNodeCount,
      triangleCount: writer.triangleCount,
      materialCount: writer.materialCount,
      nodeCount: writer.nodeCount,
    };
    const extras = { ...sceneExtras, ObjectCount: counts.objectCount, TriangleCount: counts.triangleCount };
    const { glb, layout } = writer.finish({ name: sceneName, nodes: this.roots, extras });
    return { glb, layout, ...counts };
  }

  /** Materials are registered on first use, so the document lists exactly the ones the model shows. */
  private material(key: MaterialKey): number {
    let index = this.materialIndex.get(key);
    if (index === undefined) {
      index = this.writer.addMaterial(MATERIALS[key]);
      this.materialIndex.set(key, index);
    }
    return index;
  }
}

/** Millimetre precision keeps the JSON short; geometry is local to the node, so nothing drifts. */
export function round(value: number): number {
  return Math.round(value * 1000) / 1000 || 0;
}
