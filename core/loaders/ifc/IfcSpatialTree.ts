import type * as WebIfc from 'web-ifc';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { type IfcLineReader, textOf } from './IfcLineReader.js';
import { asArray, type IfcLine, refId } from './IfcUnits.js';

/** dbId of the IfcProject: the tree's root (dbId 0 is never an object). */
export const IFC_ROOT_DB_ID = 1;

/**
 * The instance tree of an IFC file: Project › Site › Building › Storey › elements, from the
 * decomposition (IfcRelAggregates) and containment (IfcRelContainedInSpatialStructure) relationships.
 * dbIds follow a depth-first walk, so a subtree is a contiguous run of dbIds. Elements with geometry
 * that no relationship places are added under the project as they are met (`addOrphan`).
 */
export class IfcSpatialTree {
  /** index = dbId. */
  readonly expressIds: number[] = [0];
  readonly parents: number[] = [0];
  readonly names: (string | null)[] = [null];
  readonly lines: (IfcLine | null)[] = [null];
  private readonly dbIds = new Map<number, number>();

  constructor(
    private readonly reader: IfcLineReader,
    private readonly storeyType: number,
  ) {}

  /** Reads the relationships and walks them from the project. */
  static read(reader: IfcLineReader, ifc: typeof WebIfc, fileName: string): IfcSpatialTree {
    const tree = new IfcSpatialTree(reader, ifc.IFCBUILDINGSTOREY);
    const projects = reader.idsOfType(ifc.IFCPROJECT);
    if (projects.length === 0) throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} has no IfcProject: there is no model to show.`);
    const children = new Map<number, number[]>();
    const link = (parent: number, related: unknown) => {
      if (!parent) return;
      let list = children.get(parent);
      if (!list) children.set(parent, (list = []));
      for (const ref of asArray(related)) {
        const child = refId(ref);
        if (child) list.push(child);
      }
    };
    for (const id of reader.idsOfType(ifc.IFCRELAGGREGATES)) {
      const rel = reader.line(id);
      if (rel) link(refId(rel.RelatingObject), rel.RelatedObjects);
    }
    for (const id of reader.idsOfType(ifc.IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
      const rel = reader.line(id);
      if (rel) link(refId(rel.RelatingStructure), rel.RelatedElements);
    }
    tree.walk(projects[0], children);
    return tree;
  }

  get nodeCount(): number {
    return this.expressIds.length;
  }

  dbIdOf(expressId: number): number {
    return this.dbIds.get(expressId) ?? 0;
  }

  /** Places an element that no relationship placed, under the project; returns its dbId. */
  addOrphan(expressId: number): number {
    return this.dbIdOf(expressId) || this.add(expressId, IFC_ROOT_DB_ID, this.reader.line(expressId));
  }

  /** The tree's arrays in the form the header carries. */
  toTreeData(): { rootId: number; parents: Int32Array; names: (string | null)[] } {
    return { rootId: IFC_ROOT_DB_ID, parents: Int32Array.from(this.parents), names: this.names };
  }

  /** Lets the cached entity lines go once the properties have been read. */
  releaseLines(): void {
    this.lines.length = 0;
  }

  private walk(projectId: number, children: Map<number, number[]>): void {
    const stack: [expressId: number, parentDbId: number][] = [[projectId, 0]];
    while (stack.length) {
      const [expressId, parentDbId] = stack.pop()!;
      if (this.dbIds.has(expressId)) continue; // a second parent, or a cycle in a damaged file
      const line = this.reader.line(expressId);
      if (!line) continue;
      const dbId = this.add(expressId, parentDbId, line);
      const kids = this.orderChildren(children.get(expressId) ?? []);
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], dbId]);
    }
  }

  private add(expressId: number, parentDbId: number, line: IfcLine | null): number {
    const dbId = this.expressIds.length;
    this.expressIds.push(expressId);
    this.parents.push(parentDbId);
    this.names.push(line ? textOf(line.Name) || textOf(line.LongName) || null : null);
    this.lines.push(line);
    this.dbIds.set(expressId, dbId);
    return dbId;
  }

  /** Storeys by elevation (bottom first), everything else in file order. */
  private orderChildren(ids: number[]): number[] {
    const unique = [...new Set(ids)];
    const elevations = new Map<number, number>();
    for (const id of unique) {
      if (this.reader.typeOf(id) !== this.storeyType) continue;
      const elevation = this.reader.line(id)?.Elevation?.value;
      if (typeof elevation === 'number') elevations.set(id, elevation);
    }
    if (elevations.size < 2) return unique;
    return unique
      .map((id, index) => ({ id, index }))
      .sort((a, b) => {
        const ea = elevations.get(a.id);
        const eb = elevations.get(b.id);
        if (ea !== undefined && eb !== undefined && ea !== eb) return ea - eb;
        return a.index - b.index;
      })
      .map((entry) => entry.id);
  }
}
