/**
 * Small IFC files (STEP text) built in the test, that use every IfcDerivedUnitEnum member on properties and
 * quantities: one wall whose property set "Derived units" holds, for each unit type, a value that names its
 * derived unit ("<TYPE>", or a user-defined unit's name) and a value of the type's measure that names none
 * ("<TYPE> measure").
 */

/** Named units the derived units are built from, by the key the cases use. */
const NAMED_UNITS: Readonly<Record<string, string>> = {
  m: 'IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)',
  mm: 'IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.)',
  m2: 'IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.)',
  m3: 'IFCSIUNIT(*,.VOLUMEUNIT.,$,.CUBIC_METRE.)',
  kg: 'IFCSIUNIT(*,.MASSUNIT.,.KILO.,.GRAM.)',
  g: 'IFCSIUNIT(*,.MASSUNIT.,$,.GRAM.)',
  mg: 'IFCSIUNIT(*,.MASSUNIT.,.MILLI.,.GRAM.)',
  s: 'IFCSIUNIT(*,.TIMEUNIT.,$,.SECOND.)',
  rad: 'IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.)',
  K: 'IFCSIUNIT(*,.THERMODYNAMICTEMPERATUREUNIT.,$,.KELVIN.)',
  N: 'IFCSIUNIT(*,.FORCEUNIT.,$,.NEWTON.)',
  kN: 'IFCSIUNIT(*,.FORCEUNIT.,.KILO.,.NEWTON.)',
  Pa: 'IFCSIUNIT(*,.PRESSUREUNIT.,$,.PASCAL.)',
  J: 'IFCSIUNIT(*,.ENERGYUNIT.,$,.JOULE.)',
  W: 'IFCSIUNIT(*,.POWERUNIT.,$,.WATT.)',
  mol: 'IFCSIUNIT(*,.AMOUNTOFSUBSTANCEUNIT.,$,.MOLE.)',
  cd: 'IFCSIUNIT(*,.LUMINOUSINTENSITYUNIT.,$,.CANDELA.)',
  lm: 'IFCSIUNIT(*,.LUMINOUSFLUXUNIT.,$,.LUMEN.)',
  Hz: 'IFCSIUNIT(*,.FREQUENCYUNIT.,$,.HERTZ.)',
  // Conversion-based units, each followed by what it needs (its dimensions and its factor): see conversionLines.
  t: "IFCCONVERSIONBASEDUNIT(#D,.MASSUNIT.,'TONNE',#F)",
  ft: "IFCCONVERSIONBASEDUNIT(#D,.LENGTHUNIT.,'FOOT',#F)",
  deg: "IFCCONVERSIONBASEDUNIT(#D,.PLANEANGLEUNIT.,'DEGREE',#F)",
  L: "IFCCONVERSIONBASEDUNIT(#D,.VOLUMEUNIT.,'LITRE',#F)",
};

/** What each conversion-based unit is in SI: its dimensional exponents and its factor (a measure with its unit key). */
const CONVERSIONS: Readonly<Record<string, { dimensions: string; factor: string; unit: string }>> = {
  t: { dimensions: '0,1,0,0,0,0,0', factor: 'IFCMASSMEASURE(1000.)', unit: 'kg' },
  ft: { dimensions: '1,0,0,0,0,0,0', factor: 'IFCLENGTHMEASURE(0.3048)', unit: 'm' },
  deg: { dimensions: '0,0,0,0,0,0,0', factor: 'IFCPLANEANGLEMEASURE(0.0174532925199433)', unit: 'rad' },
  L: { dimensions: '3,0,0,0,0,0,0', factor: 'IFCVOLUMEMEASURE(0.001)', unit: 'm3' },
};

export interface DerivedUnitCase {
  /** The IfcDerivedUnitEnum member. */
  type: string;
  /** Schemas that define it, when not all. */
  only?: 'IFC4';
  /** Its IfcDerivedUnitElements: named unit keys with exponents (none: the unit names no elements). */
  elements: [unit: keyof typeof NAMED_UNITS, exponent: number][];
  /** The composite the viewer must show for a value in this unit. */
  shown: string;
  /** The SI unit shown for the type's measure when neither the property nor the project names a unit. */
  si: string;
  /** Where IFC2X3 defines the measure in another unit. */
  siIfc2x3?: string;
  /** The measure of a value in this unit; null where the measure is not a single number. */
  measure?: string | null;
  userDefinedType?: string;
}

/** Every member of IfcDerivedUnitEnum in IFC2X3 and IFC4, with prefixes and conversion-based units mixed in. */
export const DERIVED_UNIT_CASES: DerivedUnitCase[] = [
  { type: 'ACCELERATIONUNIT', elements: [['m', 1], ['s', -2]], shown: 'm/s²', si: 'm/s²' },
  { type: 'ANGULARVELOCITYUNIT', elements: [['deg', 1], ['s', -1]], shown: '°/s', si: 'rad/s' },
  { type: 'AREADENSITYUNIT', only: 'IFC4', elements: [['kg', 1], ['m2', -1]], shown: 'kg/m²', si: 'kg/m²' },
  { type: 'COMPOUNDPLANEANGLEUNIT', elements: [['deg', 1]], shown: '°', si: '°', measure: null },
  { type: 'CURVATUREUNIT', elements: [['rad', 1], ['m', -1]], shown: 'rad/m', si: 'rad/m' },
  { type: 'DYNAMICVISCOSITYUNIT', elements: [['Pa', 1], ['s', 1]], shown: 'Pa·s', si: 'Pa·s' },
  { type: 'HEATFLUXDENSITYUNIT', elements: [['W', 1], ['m2', -1]], shown: 'W/m²', si: 'W/m²' },
  { type: 'HEATINGVALUEUNIT', elements: [['J', 1], ['g', -1]], shown: 'J/g', si: 'J/kg' },
  { type: 'INTEGERCOUNTRATEUNIT', elements: [['s', -1]], shown: '1/s', si: '1/s' },
  { type: 'IONCONCENTRATIONUNIT', elements: [['mg', 1], ['L', -1]], shown: 'mg/L', si: 'kg/m³' },
  { type: 'ISOTHERMALMOISTURECAPACITYUNIT', elements: [['m3', 1], ['kg', -1]], shown: 'm³/kg', si: 'm³/kg' },
  { type: 'KINEMATICVISCOSITYUNIT', elements: [['m2', 1], ['s', -1]], shown: 'm²/s', si: 'm²/s' },
  { type: 'LINEARFORCEUNIT', elements: [['kN', 1], ['m', -1]], shown: 'kN/m', si: 'N/m' },
  { type: 'LINEARMOMENTUNIT', elements: [['kN', 1], ['m', 1], ['m', -1]], shown: 'kN·m/m', si: 'N·m/m' },
  { type: 'LINEARSTIFFNESSUNIT', elements: [['N', 1], ['mm', -1]], shown: 'N/mm', si: 'N/m' },
  { type: 'LINEARVELOCITYUNIT', elements: [['ft', 1], ['s', -1]], shown: 'ft/s', si: 'm/s' },
  { type: 'LUMINOUSINTENSITYDISTRIBUTIONUNIT', elements: [['cd', 1], ['lm', -1]], shown: 'cd/lm', si: 'cd/lm' },
  { type: 'MASSDENSITYUNIT', elements: [['kg', 1], ['m', -3]], shown: 'kg/m³', si: 'kg/m³' },
  { type: 'MASSFLOWRATEUNIT', elements: [['kg', 1], ['s', -1]], shown: 'kg/s', si: 'kg/s' },
  { type: 'MASSPERLENGTHUNIT', elements: [['kg', 1], ['m', -1]], shown: 'kg/m', si: 'kg/m' },
  { type: 'MODULUSOFELASTICITYUNIT', elements: [['N', 1], ['mm', -2]], shown: 'N/mm²', si: 'N/m²' },
  { type: 'MODULUSOFLINEARSUBGRADEREACTIONUNIT', elements: [['kN', 1], ['m', -1], ['m', -1]], shown: 'kN/m²', si: 'N/m²' },
  { type: 'MODULUSOFROTATIONALSUBGRADEREACTIONUNIT', elements: [['N', 1], ['m', 1], ['m', -1], ['rad', -1]], shown: 'N·m/(m·rad)', si: 'N·m/(m·rad)' },
  { type: 'MODULUSOFSUBGRADEREACTIONUNIT', elements: [['kN', 1], ['m', -3]], shown: 'kN/m³', si: 'N/m³' },
  { type: 'MOISTUREDIFFUSIVITYUNIT', elements: [['m3', 1], ['s', -1]], shown: 'm³/s', si: 'm³/s' },
  { type: 'MOLECULARWEIGHTUNIT', elements: [['g', 1], ['mol', -1]], shown: 'g/mol', si: 'g/mol' },
  { type: 'MOMENTOFINERTIAUNIT', elements: [['mm', 4]], shown: 'mm⁴', si: 'm⁴' },
  { type: 'PHUNIT', elements: [], shown: 'pH', si: 'pH' },
  { type: 'PLANARFORCEUNIT', elements: [['kN', 1], ['m2', -1]], shown: 'kN/m²', si: 'N/m²' },
  { type: 'ROTATIONALFREQUENCYUNIT', elements: [['Hz', 1]], shown: 'Hz', si: 'Hz' },
  { type: 'ROTATIONALMASSUNIT', elements: [['kg', 1], ['m2', 1]], shown: 'kg·m²', si: 'kg·m²' },
  { type: 'ROTATIONALSTIFFNESSUNIT', elements: [['kN', 1], ['m', 1], ['rad', -1]], shown: 'kN·m/rad', si: 'N·m/rad' },
  { type: 'SECTIONAREAINTEGRALUNIT', elements: [['m', 5]], shown: 'm⁵', si: 'm⁵', measure: 'IFCSECTIONALAREAINTEGRALMEASURE' },
  { type: 'SECTIONMODULUSUNIT', elements: [['mm', 3]], shown: 'mm³', si: 'm³' },
  { type: 'SHEARMODULUSUNIT', elements: [['N', 1], ['m2', -1]], shown: 'N/m²', si: 'N/m²' },
  { type: 'SOUNDPOWERLEVELUNIT', only: 'IFC4', elements: [], shown: 'dB', si: 'dB' },
  { type: 'SOUNDPOWERUNIT', elements: [['W', 1]], shown: 'W', si: 'W', siIfc2x3: 'dB' },
  { type: 'SOUNDPRESSURELEVELUNIT', only: 'IFC4', elements: [], shown: 'dB', si: 'dB' },
  { type: 'SOUNDPRESSUREUNIT', elements: [['Pa', 1]], shown: 'Pa', si: 'Pa', siIfc2x3: 'dB' },
  { type: 'SPECIFICHEATCAPACITYUNIT', elements: [['J', 1], ['kg', -1], ['K', -1]], shown: 'J/(kg·K)', si: 'J/(kg·K)' },
  { type: 'TEMPERATUREGRADIENTUNIT', elements: [['K', 1], ['m', -1]], shown: 'K/m', si: 'K/m' },
  { type: 'TEMPERATURERATEOFCHANGEUNIT', only: 'IFC4', elements: [['K', 1], ['s', -1]], shown: 'K/s', si: 'K/s' },
  { type: 'THERMALADMITTANCEUNIT', elements: [['W', 1], ['m2', -1], ['K', -1]], shown: 'W/(m²·K)', si: 'W/(m²·K)' },
  { type: 'THERMALCONDUCTANCEUNIT', elements: [['W', 1], ['m', -1], ['K', -1]], shown: 'W/(m·K)', si: 'W/(m·K)', measure: 'IFCTHERMALCONDUCTIVITYMEASURE' },
  { type: 'THERMALEXPANSIONCOEFFICIENTUNIT', elements: [['K', -1]], shown: '1/K', si: '1/K' },
  { type: 'THERMALRESISTANCEUNIT', elements: [['m2', 1], ['K', 1], ['W', -1]], shown: 'm²·K/W', si: 'm²·K/W' },
  { type: 'THERMALTRANSMITTANCEUNIT', elements: [['W', 1], ['m', -2], ['K', -1]], shown: 'W/(m²·K)', si: 'W/(m²·K)' },
  { type: 'TORQUEUNIT', elements: [['kN', 1], ['m', 1]], shown: 'kN·m', si: 'N·m' },
  { type: 'VAPORPERMEABILITYUNIT', elements: [['kg', 1], ['s', -1], ['m', -1], ['Pa', -1]], shown: 'kg/(s·m·Pa)', si: 'kg/(s·m·Pa)' },
  { type: 'VOLUMETRICFLOWRATEUNIT', elements: [['L', 1], ['s', -1]], shown: 'L/s', si: 'm³/s' },
  { type: 'WARPINGCONSTANTUNIT', elements: [['m', 6]], shown: 'm⁶', si: 'm⁶' },
  { type: 'WARPINGMOMENTUNIT', elements: [['kN', 1], ['m2', 1]], shown: 'kN·m²', si: 'N·m²' },
  // Tekla's "Area per tons": a user-defined unit, read from its elements (m² per tonne).
  { type: 'USERDEFINED', elements: [['m2', 1], ['t', -1]], shown: 'm²/t', si: '', measure: 'IFCAREAMEASURE', userDefinedType: 'Area per tons' },
];

/** A user-defined unit that names no elements: its UserDefinedType is what there is to show. */
export const USER_DEFINED_WITHOUT_ELEMENTS: DerivedUnitCase = {
  type: 'USERDEFINED', elements: [], shown: 'kWh/(m²·a)', si: '', measure: 'IFCENERGYMEASURE', userDefinedType: 'kWh/(m²·a)',
};

/** The property that holds a value in a case's unit: the unit type, or a user-defined unit's own name. */
export function propertyName(unitCase: DerivedUnitCase): string {
  return unitCase.userDefinedType ?? unitCase.type;
}

/** The measure of a value in a case's unit: the type's name with MEASURE for UNIT, unless the case says otherwise. */
export function measureOf(unitCase: DerivedUnitCase): string | null {
  return unitCase.measure === undefined ? `IFC${unitCase.type.replace(/UNIT$/, 'MEASURE')}` : unitCase.measure;
}

export interface DerivedUnitsFileOptions {
  schema: 'IFC2X3' | 'IFC4';
  cases: DerivedUnitCase[];
  /** Whether the project's IfcUnitAssignment holds each case's derived unit (so unit-less measures use it). */
  assigned: boolean;
}

/**
 * The file: the project in metres and euros, one wall with the property set "Derived units" (with a cost,
 * and a count of pieces, a unit of the file's own) and the quantity set "Tekla Quantity" (an area per tonne
 * and a weight in tonnes, both naming their units).
 */
export function derivedUnitsIfc({ schema, cases, assigned }: DerivedUnitsFileOptions): string {
  const lines: string[] = [];
  let next = 100;
  const add = (entity: string) => {
    const id = next++;
    lines.push(`#${id}=${entity};`);
    return id;
  };
  const named = new Map<string, number>();
  const namedUnit = (key: string): number => {
    let id = named.get(key);
    if (id === undefined) {
      const conversion = CONVERSIONS[key];
      let entity = NAMED_UNITS[key];
      if (conversion) {
        const dimensions = add(`IFCDIMENSIONALEXPONENTS(${conversion.dimensions})`);
        const factor = add(`IFCMEASUREWITHUNIT(${conversion.factor},#${namedUnit(conversion.unit)})`);
        entity = entity.replace('#D', `#${dimensions}`).replace('#F', `#${factor}`);
      }
      id = add(entity);
      named.set(key, id);
    }
    return id;
  };
  const derivedUnit = (unitCase: DerivedUnitCase): number => {
    const elements = unitCase.elements.map(([key, exponent]) => `#${add(`IFCDERIVEDUNITELEMENT(#${namedUnit(key)},${exponent})`)}`);
    const userType = unitCase.userDefinedType ? `'${unitCase.userDefinedType}'` : '$';
    return add(`IFCDERIVEDUNIT((${elements.join(',')}),.${unitCase.type}.,${userType})`);
  };

  const properties: number[] = [];
  const assignment = [namedUnit('m'), namedUnit('m2')];
  for (const unitCase of [...cases, USER_DEFINED_WITHOUT_ELEMENTS]) {
    const unit = derivedUnit(unitCase);
    if (unitCase.type !== 'USERDEFINED') assignment.push(unit);
    const measure = measureOf(unitCase);
    properties.push(add(`IFCPROPERTYSINGLEVALUE('${propertyName(unitCase)}',$,${measure ?? 'IFCREAL'}(2.5),#${unit})`));
    if (measure && unitCase.type !== 'USERDEFINED') properties.push(add(`IFCPROPERTYSINGLEVALUE('${unitCase.type} measure',$,${measure}(2.5),$)`));
  }
  // A cost in the project's currency, and a count in a unit of its own (IfcContextDependentUnit).
  const currency = add(schema === 'IFC4' ? "IFCMONETARYUNIT('EUR')" : 'IFCMONETARYUNIT(.EUR.)');
  assignment.push(currency);
  properties.push(add('IFCPROPERTYSINGLEVALUE(\'Cost\',$,IFCMONETARYMEASURE(120.),$)'));
  const piece = add(`IFCCONTEXTDEPENDENTUNIT(#${add('IFCDIMENSIONALEXPONENTS(0,0,0,0,0,0,0)')},.USERDEFINED.,'piece')`);
  properties.push(add(`IFCPROPERTYSINGLEVALUE('Pieces',$,IFCCOUNTMEASURE(3.),#${piece})`));
  const areaPerTon = derivedUnit(DERIVED_UNIT_CASES.find((c) => c.userDefinedType === 'Area per tons')!);
  const formula = schema === 'IFC4' ? ',$' : '';
  const quantities = [
    add(`IFCQUANTITYAREA('Area per tons',$,#${areaPerTon},15.3${formula})`),
    add(`IFCQUANTITYWEIGHT('Weight',$,#${namedUnit('t')},2.25${formula})`),
  ];
  const unitAssignment = add(`IFCUNITASSIGNMENT((${(assigned ? assignment : [...assignment.slice(0, 2), currency]).map((id) => `#${id}`).join(',')}))`);
  const propertySet = add(`IFCPROPERTYSET('3YvctVUKr0kugbFTf53O9a',$,'Derived units',$,(${properties.map((id) => `#${id}`).join(',')}))`);
  const quantitySet = add(`IFCELEMENTQUANTITY('3YvctVUKr0kugbFTf53O9b',$,'Tekla Quantity',$,$,(${quantities.map((id) => `#${id}`).join(',')}))`);
  const wall = schema === 'IFC4' ? "IFCWALL('2YvctVUKr0kugbFTf53O9L',$,'Wall',$,$,#14,#13,$,.STANDARD.)" : "IFCWALL('2YvctVUKr0kugbFTf53O9L',$,'Wall',$,$,#14,#13,$)";

  return `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');
FILE_NAME('derived-units.ifc','2024-01-01T00:00:00',(''),(''),'','','');
FILE_SCHEMA(('${schema}'));
ENDSEC;
DATA;
#1=IFCCARTESIANPOINT((0.,0.,0.));
#2=IFCAXIS2PLACEMENT3D(#1,$,$);
#3=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#2,$);
#4=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'Derived units',$,$,$,$,(#3),#${unitAssignment});
#5=IFCLOCALPLACEMENT($,#2);
#6=IFCSITE('1YvctVUKr0kugbFTf53O9L',$,'Site',$,$,#5,$,$,.ELEMENT.,$,$,$,$,$);
#7=IFCAXIS2PLACEMENT2D(#8,$);
#8=IFCCARTESIANPOINT((2.,0.1));
#9=IFCRECTANGLEPROFILEDEF(.AREA.,$,#7,4.,0.2);
#10=IFCDIRECTION((0.,0.,1.));
#11=IFCEXTRUDEDAREASOLID(#9,#2,#10,3.);
#12=IFCSHAPEREPRESENTATION(#3,'Body','SweptSolid',(#11));
#13=IFCPRODUCTDEFINITIONSHAPE($,$,(#12));
#14=IFCLOCALPLACEMENT(#5,#2);
#15=${wall};
#16=IFCRELAGGREGATES('3YvctVUKr0kugbFTf53O9L',$,$,$,#4,(#6));
#17=IFCRELCONTAINEDINSPATIALSTRUCTURE('0ZvctVUKr0kugbFTf53O9L',$,$,$,(#15),#6);
#18=IFCRELDEFINESBYPROPERTIES('2ZvctVUKr0kugbFTf53O9L',$,$,$,(#15),#${propertySet});
#19=IFCRELDEFINESBYPROPERTIES('2ZvctVUKr0kugbFTf53O9M',$,$,$,(#15),#${quantitySet});
${lines.join('\n')}
ENDSEC;
END-ISO-10303-21;
`;
}

/** The cases a schema defines. */
export function casesOf(schema: 'IFC2X3' | 'IFC4'): DerivedUnitCase[] {
  return DERIVED_UNIT_CASES.filter((unitCase) => !unitCase.only || unitCase.only === schema);
}
