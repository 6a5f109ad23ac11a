import type * as WebIfc from 'web-ifc';
import type { PropertyDatabase } from '../../model/PropertyDatabase.js';
import { PropertyDatabaseBuilder } from '../../model/PropertyDatabaseBuilder.js';
import { AttributeFlags, AttributeType } from '../../model/PropertyTypes.js';
import { type IfcLineReader, textOf } from './IfcLineReader.js';
import { attributeRow, type IfcPropertyRow, IfcPropertySets } from './IfcPropertySets.js';
import type { IfcSpatialTree } from './IfcSpatialTree.js';
import { asArray, type IfcLine, type IfcUnitTable, refId, unitForMeasure } from './IfcUnits.js';

/** Category of an object's own IFC attributes (entity, GlobalId, name, type, material...). */
export const IFC_CATEGORY = 'IFC';

/** An entity's own attributes shown under IFC_CATEGORY, in this order. */
const OWN_ATTRIBUTES = ['GlobalId', 'Name', 'Description', 'ObjectType', 'LongName', 'Tag', 'PredefinedType', 'CompositionType'];

/**
 * The property database of an IFC file: for every node of the tree its name, GlobalId (the external id),
 * entity and own attributes; its property sets and quantity sets (IfcRelDefinesByProperties); the
 * property sets of its type (IfcRelDefinesByType) where the occurrence does not override them, as IFC
 * prescribes; and its materials (IfcRelAssociatesMaterial).
 */
export function buildIfcProperties(reader: IfcLineReader, ifc: typeof WebIfc, tree: IfcSpatialTree, units: IfcUnitTable): PropertyDatabase {
  const builder = new PropertyDatabaseBuilder();
  const sets = new IfcPropertySets(reader, units);
  const add = (dbId: number, category: string, row: IfcPropertyRow) =>
    builder.add(dbId, builder.attribute(row.name, category, { dataType: row.dataType, units: row.units }), row.value);
  const parentAttribute = builder.attribute('parent', '__parent__', { flags: AttributeFlags.HIDDEN, dataType: AttributeType.DbKey });
  const entityAttribute = builder.attribute('Entity', IFC_CATEGORY);
  const elevationUnit = unitForMeasure(units, 'IFCLENGTHMEASURE');

  for (let dbId = 1; dbId < tree.nodeCount; dbId++) {
    const line = tree.lines[dbId] ?? reader.line(tree.expressIds[dbId]);
    if (!line) continue;
    builder.setName(dbId, tree.names[dbId] ?? '');
    builder.setExternalId(dbId, textOf(line.GlobalId));
    if (tree.parents[dbId] > 0) builder.add(dbId, parentAttribute, tree.parents[dbId]);
    builder.add(dbId, entityAttribute, reader.entityName(line.type));
    for (const attribute of OWN_ATTRIBUTES) {
      const row = attributeRow(attribute, line, attribute);
      if (row) add(dbId, IFC_CATEGORY, row);
    }
    const elevation = attributeRow('Elevation', line, 'Elevation');
    if (elevation) add(dbId, IFC_CATEGORY, { ...elevation, dataType: AttributeType.Double, units: elevationUnit });
  }

  // Types first, so that occurrences with a type remember which properties they set themselves.
  const typeOf = new Map<number, number>();
  for (const id of reader.idsOfType(ifc.IFCRELDEFINESBYTYPE)) {
    const rel = reader.line(id);
    const typeId = refId(rel?.RelatingType);
    for (const ref of asArray(rel?.RelatedObjects)) {
      const dbId = tree.dbIdOf(refId(ref));
      if (dbId && typeId) typeOf.set(dbId, typeId);
    }
  }
  const ownKeys = new Map<number, Set<string>>();
  for (const id of reader.idsOfType(ifc.IFCRELDEFINESBYPROPERTIES)) {
    const rel = reader.line(id);
    if (!rel) continue;
    const targets = asArray(rel.RelatedObjects).map((ref) => tree.dbIdOf(refId(ref))).filter((dbId) => dbId > 0);
    if (!targets.length) continue;
    for (const definition of asArray(rel.RelatingPropertyDefinition)) {
      const set = sets.read(refId(definition));
      if (!set) continue;
      for (const dbId of targets) {
        const keys = typeOf.has(dbId) ? (ownKeys.get(dbId) ?? ownKeys.set(dbId, new Set()).get(dbId)!) : null;
        for (const row of set.rows) {
          add(dbId, set.category, row);
          keys?.add(`${set.category}\u0000${row.name}`);
        }
      }
    }
  }
  const typeLines = new Map<number, IfcLine | null>();
  for (const [dbId, typeId] of typeOf) {
    if (!typeLines.has(typeId)) typeLines.set(typeId, reader.line(typeId));
    const type = typeLines.get(typeId);
    if (!type) continue;
    add(dbId, IFC_CATEGORY, { name: 'Type', value: textOf(type.Name) || reader.entityName(type.type), dataType: AttributeType.String, units: '' });
    const keys = ownKeys.get(dbId);
    for (const definition of asArray(type.HasPropertySets)) {
      const set = sets.read(refId(definition));
      if (!set) continue;
      for (const row of set.rows) {
        if (!keys?.has(`${set.category}\u0000${row.name}`)) add(dbId, set.category, row);
      }
    }
  }

  const materials = new MaterialNames(reader);
  for (const id of reader.idsOfType(ifc.IFCRELASSOCIATESMATERIAL)) {
    const rel = reader.line(id);
    const names = materials.of(refId(rel?.RelatingMaterial));
    if (!names) continue;
    for (const ref of asArray(rel?.RelatedObjects)) {
      const dbId = tree.dbIdOf(refId(ref));
      if (dbId) add(dbId, IFC_CATEGORY, { name: 'Material', value: names, dataType: AttributeType.String, units: '' });
    }
  }
  return builder.build(tree.nodeCount);
}

/** Names of a material selection: a material, a list, layer sets and usages, profile and constituent sets. */
class MaterialNames {
  private readonly cache = new Map<number, string>();

  constructor(private readonly reader: IfcLineReader) {}

  of(id: number): string {
    let names = this.cache.get(id);
    if (names === undefined) {
      const collected = new Set<string>();
      this.collect(id, collected, 0);
      names = [...collected].join(', ');
      this.cache.set(id, names);
    }
    return names;
  }

  private collect(id: number, names: Set<string>, depth: number): void {
    const line = this.reader.line(id);
    if (!line || depth > 4) return;
    switch (this.reader.typeName(line)) {
      case 'IFCMATERIAL':
        if (textOf(line.Name)) names.add(textOf(line.Name));
        return;
      case 'IFCMATERIALLIST':
        for (const ref of asArray(line.Materials)) this.collect(refId(ref), names, depth + 1);
        return;
      case 'IFCMATERIALLAYERSETUSAGE':
        return this.collect(refId(line.ForLayerSet), names, depth + 1);
      case 'IFCMATERIALLAYERSET':
        for (const ref of asArray(line.MaterialLayers)) this.collect(refId(ref), names, depth + 1);
        return;
      case 'IFCMATERIALLAYER':
      case 'IFCMATERIALPROFILE':
      case 'IFCMATERIALCONSTITUENT':
        return this.collect(refId(line.Material), names, depth + 1);
      case 'IFCMATERIALPROFILESETUSAGE':
        return this.collect(refId(line.ForProfileSet), names, depth + 1);
      case 'IFCMATERIALPROFILESET':
        for (const ref of asArray(line.MaterialProfiles)) this.collect(refId(ref), names, depth + 1);
        return;
      case 'IFCMATERIALCONSTITUENTSET':
        for (const ref of asArray(line.MaterialConstituents)) this.collect(refId(ref), names, depth + 1);
        return;
      default:
        return;
    }
  }
}
