import type { IfcAPI } from 'web-ifc';

/** A line as web-ifc's GetLine returns it: attributes by name, references as { value: expressID }. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IfcLine = Record<string, any> & { expressID: number; type: number };

/**
 * Reads entities of one open model through web-ifc, by express id, with the entity names cached per
 * type code. Failures to read a line (a dangling reference in a damaged file) give null, not a throw.
 */
export class IfcLineReader {
  private readonly typeNames = new Map<number, string>();

  constructor(
    readonly api: IfcAPI,
    readonly modelId: number,
  ) {}

  line(expressId: number): IfcLine | null {
    if (!expressId) return null;
    try {
      return (this.api.GetLine(this.modelId, expressId) as IfcLine | undefined) ?? null;
    } catch {
      return null;
    }
  }

  /** Express ids of every entity of a type (and, when asked, of its subtypes). */
  idsOfType(type: number, includeInherited = false): number[] {
    const vector = this.api.GetLineIDsWithType(this.modelId, type, includeInherited);
    const ids = new Array<number>(vector.size());
    for (let i = 0; i < ids.length; i++) ids[i] = vector.get(i);
    return ids;
  }

  /** The entity name as the schema writes it ("IfcWallStandardCase"). */
  entityName(typeCode: number): string {
    let name = this.typeNames.get(typeCode);
    if (name === undefined) {
      name = this.api.GetNameFromTypeCode(typeCode) ?? '';
      this.typeNames.set(typeCode, name);
    }
    return name;
  }

  /** The entity name in upper case ("IFCWALLSTANDARDCASE"), for comparisons. */
  typeName(line: IfcLine): string {
    return this.entityName(line.type).toUpperCase();
  }

  typeOf(expressId: number): number {
    try {
      return this.api.GetLineType(this.modelId, expressId) as number;
    } catch {
      return 0;
    }
  }
}

/** The text of a string attribute (IfcLabel, IfcText, IfcIdentifier...), or "". */
export function textOf(attribute: unknown): string {
  if (attribute === null || attribute === undefined) return '';
  if (typeof attribute === 'string') return attribute;
  const value = (attribute as { value?: unknown }).value;
  return value === null || value === undefined ? '' : String(value);
}
