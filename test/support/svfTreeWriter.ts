import { PackFileWriter, type PackEntryType, writeTransform } from './svfPackWriter.js';
import { childrenOf, type SvfTreeInput } from './svfPropertyDb.js';

/** The object tree of a generated SVF (svfWriter.ts) as InstanceTree.bin, and each object's path in it. */

/** The node type of InstanceTree.bin, as the sample's typeset has it. */
export const INSTANCE_TREE_TYPE: PackEntryType = { className: 'InstanceTreeNode', type: 'InstanceTreeNodeData', version: 5 };
/** Node flags: visible. */
const VISIBLE = 1;
/** InstanceTree node types. */
const NODE_INNER = 0;
const NODE_GEOMETRY = 1;

/**
 * InstanceTree.bin (version 5): nodes depth first straight after the header, each with an identity
 * transform, its type, flags and dbId; geometry nodes list their fragments, inner nodes count their
 * children. The root (dbId 0) holds the tree's roots and objects outside the tree. An object with both
 * children and fragments is an inner node whose first child is a geometry node of the same dbId.
 */
export function instanceTreeBin(tree: SvfTreeInput | undefined, fragmentDbIds: readonly number[]): Uint8Array {
  const pack = new PackFileWriter();
  const out = pack.out;
  const fragmentsOf = childrenOf(new Map(fragmentDbIds.map((dbId, fragId) => [fragId, dbId])));
  const { roots, children } = treeShape(tree);
  const inTree = new Set([...roots, ...[...children.values()].flat()]);
  const outside = [...fragmentsOf.keys()].filter((dbId) => !inTree.has(dbId));
  const node = (type: number, dbId: number) => {
    writeTransform(out, {});
    out.u8(type).u8(VISIBLE).varint(dbId);
  };
  const geometryNode = (dbId: number) => {
    const list = fragmentsOf.get(dbId) ?? [];
    node(NODE_GEOMETRY, dbId);
    out.varint(list.length);
    for (const fragId of list) out.varint(fragId);
  };
  const write = (dbId: number) => {
    const kids = children.get(dbId) ?? [];
    const hasFragments = fragmentsOf.has(dbId);
    if (kids.length === 0 && hasFragments) return geometryNode(dbId);
    node(NODE_INNER, dbId);
    out.varint(kids.length + (hasFragments ? 1 : 0));
    if (hasFragments) geometryNode(dbId);
    kids.forEach(write);
  };
  node(NODE_INNER, 0);
  out.varint(roots.length + outside.length);
  roots.forEach(write);
  outside.forEach(geometryNode);
  return pack.finish();
}

/** The tree's roots (objects without a parent) and each object's children, in the order of `parents`. */
function treeShape(tree: SvfTreeInput | undefined): { roots: number[]; children: Map<number, number[]> } {
  if (!tree) return { roots: [], children: new Map() };
  const nodes = new Set([...tree.names.keys(), ...tree.parents.keys(), ...tree.parents.values()]);
  return { roots: [...nodes].filter((dbId) => !tree.parents.has(dbId)), children: childrenOf(tree.parents) };
}

/** Each object's path in the tree: its root's index, then the child index at each level ("0/1/0" is its external id). */
export function treePaths(tree: SvfTreeInput | undefined): Map<number, number[]> {
  const { roots, children } = treeShape(tree);
  const paths = new Map<number, number[]>();
  const visit = (dbId: number, path: number[]) => {
    paths.set(dbId, path);
    (children.get(dbId) ?? []).forEach((child, i) => visit(child, [...path, i]));
  };
  roots.forEach((root, i) => visit(root, [i]));
  return paths;
}

