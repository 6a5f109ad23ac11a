import { PackFile, readTransform } from './PackFile.js';

const NODE_INNER = 0;
const NODE_GEOMETRY = 1;
const NODE_CAMERA = 2;
const NODE_LIGHT = 3;

/** parent dbId by dbId, from InstanceTree.bin: the tree when a model comes without a property database. */
export interface SvfNodeTree {
  parents: Map<number, number>;
  rootId: number;
}

/**
 * InstanceTree.bin (svf-format.md §7): nodes written depth first right after the header, no TOC. Each
 * node: transform, type, flags, dbId, its fragments (geometry nodes) and, for inner nodes, its children.
 * `version` is the node type's version from the manifest's typeset.
 */
export function readInstanceTree(bytes: Uint8Array, version: number): SvfNodeTree {
  const pack = new PackFile(bytes);
  const r = pack.reader.seek(pack.entriesStart);
  const end = r.length - 9;
  const parents = new Map<number, number>();
  let rootId = 0;
  // Each stack entry: the parent's dbId and how many children it still expects.
  const stack: { dbId: number; left: number }[] = [];
  let index = 0;
  while (r.offset < end) {
    readTransform(r);
    if (version < 5 && r.u8()) r.u32(); // shared node
    const nodeType = r.u8();
    if (version >= 5) r.u8(); // flags
    const dbId = version >= 3 ? r.varint() : index;
    if (index > 0) {
      if (nodeType === NODE_GEOMETRY) {
        const count = version < 2 ? r.u16() : r.varint();
        for (let i = 0; i < count; i++) {
          if (version < 2) r.u32();
          else r.varint();
        }
      } else if ((nodeType === NODE_CAMERA || nodeType === NODE_LIGHT) && r.u8()) {
        r.u32();
      }
    }
    const parent = stack.at(-1);
    if (parent) {
      parent.left--;
      if (dbId > 0 && parent.dbId > 0 && dbId !== parent.dbId && !parents.has(dbId)) parents.set(dbId, parent.dbId);
      while (stack.length && stack.at(-1)!.left === 0) stack.pop();
    } else if (rootId === 0) {
      rootId = dbId;
    }
    if (nodeType === NODE_INNER) {
      const children = version < 2 ? r.u16() : r.varint();
      if (children > 0) stack.push({ dbId, left: children });
    }
    index++;
  }
  return { parents, rootId };
}
