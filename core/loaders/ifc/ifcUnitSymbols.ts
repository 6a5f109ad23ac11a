/** One factor of a unit: a base symbol ("m", "kN", "t", "ft") raised to a power. */
export interface UnitTerm {
  symbol: string;
  power: number;
}

/**
 * The SI unit IFC expects of each IfcDerivedUnitEnum member (the "usually measured in" of each measure in
 * IfcMeasureResource), for a derived measure whose property names no unit and whose project assigns none.
 * IFC2X3 defines the sound power and sound pressure measures in decibels: see SCHEMA_OVERRIDES.
 */
const DERIVED_SI_SYMBOLS: Readonly<Record<string, string>> = {
  ACCELERATIONUNIT: 'm/s²',
  ANGULARVELOCITYUNIT: 'rad/s',
  AREADENSITYUNIT: 'kg/m²',
  COMPOUNDPLANEANGLEUNIT: '°',
  CURVATUREUNIT: 'rad/m',
  DYNAMICVISCOSITYUNIT: 'Pa·s',
  HEATFLUXDENSITYUNIT: 'W/m²',
  HEATINGVALUEUNIT: 'J/kg',
  INTEGERCOUNTRATEUNIT: '1/s',
  IONCONCENTRATIONUNIT: 'kg/m³',
  ISOTHERMALMOISTURECAPACITYUNIT: 'm³/kg',
  KINEMATICVISCOSITYUNIT: 'm²/s',
  LINEARFORCEUNIT: 'N/m',
  LINEARMOMENTUNIT: 'N·m/m',
  LINEARSTIFFNESSUNIT: 'N/m',
  LINEARVELOCITYUNIT: 'm/s',
  LUMINOUSINTENSITYDISTRIBUTIONUNIT: 'cd/lm',
  MASSDENSITYUNIT: 'kg/m³',
  MASSFLOWRATEUNIT: 'kg/s',
  MASSPERLENGTHUNIT: 'kg/m',
  MODULUSOFELASTICITYUNIT: 'N/m²',
  MODULUSOFLINEARSUBGRADEREACTIONUNIT: 'N/m²',
  MODULUSOFROTATIONALSUBGRADEREACTIONUNIT: 'N·m/(m·rad)',
  MODULUSOFSUBGRADEREACTIONUNIT: 'N/m³',
  MOISTUREDIFFUSIVITYUNIT: 'm³/s',
  MOLECULARWEIGHTUNIT: 'g/mol',
  MOMENTOFINERTIAUNIT: 'm⁴',
  PHUNIT: 'pH',
  PLANARFORCEUNIT: 'N/m²',
  ROTATIONALFREQUENCYUNIT: 'Hz',
  ROTATIONALMASSUNIT: 'kg·m²',
  ROTATIONALSTIFFNESSUNIT: 'N·m/rad',
  SECTIONAREAINTEGRALUNIT: 'm⁵',
  SECTIONMODULUSUNIT: 'm³',
  SHEARMODULUSUNIT: 'N/m²',
  SOUNDPOWERLEVELUNIT: 'dB',
  SOUNDPOWERUNIT: 'W',
  SOUNDPRESSURELEVELUNIT: 'dB',
  SOUNDPRESSUREUNIT: 'Pa',
  SPECIFICHEATCAPACITYUNIT: 'J/(kg·K)',
  TEMPERATUREGRADIENTUNIT: 'K/m',
  TEMPERATURERATEOFCHANGEUNIT: 'K/s',
  THERMALADMITTANCEUNIT: 'W/(m²·K)',
  THERMALCONDUCTANCEUNIT: 'W/(m·K)',
  THERMALEXPANSIONCOEFFICIENTUNIT: '1/K',
  THERMALRESISTANCEUNIT: 'm²·K/W',
  THERMALTRANSMITTANCEUNIT: 'W/(m²·K)',
  TORQUEUNIT: 'N·m',
  VAPORPERMEABILITYUNIT: 'kg/(s·m·Pa)',
  VOLUMETRICFLOWRATEUNIT: 'm³/s',
  WARPINGCONSTANTUNIT: 'm⁶',
  WARPINGMOMENTUNIT: 'N·m²',
};

/** Where a schema's measure differs from the table above. */
const SCHEMA_OVERRIDES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  IFC2X3: { SOUNDPOWERUNIT: 'dB', SOUNDPRESSUREUNIT: 'dB' },
};

/** Measures whose name is not their unit type's name with MEASURE for UNIT. */
const MEASURE_UNIT_EXCEPTIONS: Readonly<Record<string, string>> = {
  IFCPOSITIVELENGTHMEASURE: 'LENGTHUNIT',
  IFCNONNEGATIVELENGTHMEASURE: 'LENGTHUNIT',
  IFCPOSITIVEPLANEANGLEMEASURE: 'PLANEANGLEUNIT',
  IFCTHERMALCONDUCTIVITYMEASURE: 'THERMALCONDUCTANCEUNIT',
  IFCSECTIONALAREAINTEGRALMEASURE: 'SECTIONAREAINTEGRALUNIT',
  IFCQUANTITYLENGTH: 'LENGTHUNIT',
  IFCQUANTITYAREA: 'AREAUNIT',
  IFCQUANTITYVOLUME: 'VOLUMEUNIT',
  IFCQUANTITYWEIGHT: 'MASSUNIT',
  IFCQUANTITYTIME: 'TIMEUNIT',
};

/**
 * The unit type (IfcUnitEnum or IfcDerivedUnitEnum member, or MONETARYUNIT) a measure ("IFCMASSDENSITYMEASURE")
 * or quantity ("IFCQUANTITYAREA") is expressed in, or null for a measure without one (ratio, count, text).
 */
export function unitTypeOfMeasure(measureType: string): string | null {
  const upper = measureType.toUpperCase();
  const exception = MEASURE_UNIT_EXCEPTIONS[upper];
  if (exception) return exception;
  const match = /^IFC(\w+)MEASURE$/.exec(upper);
  return match ? `${match[1]}UNIT` : null;
}

/** The SI symbol of a derived unit type in a schema ("IFC2X3", "IFC4"...), or "" (USERDEFINED, unknown). */
export function derivedSiSymbol(unitType: string, schema: string): string {
  return SCHEMA_OVERRIDES[schema.toUpperCase()]?.[unitType] ?? DERIVED_SI_SYMBOLS[unitType] ?? '';
}

/** Whether a unit type is one of IfcDerivedUnitEnum's (and so has an SI default). */
export function isDerivedUnitType(unitType: string): boolean {
  return unitType in DERIVED_SI_SYMBOLS;
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function superscript(power: number): string {
  if (power === 1) return '';
  const digits = String(Math.abs(power)).replace(/\d/g, (d) => SUPERSCRIPTS[Number(d)]);
  return (power < 0 ? '⁻' : '') + digits;
}

/**
 * A unit as people write it, from its terms in the file's order: a numerator joined by "·", then "/" and
 * the denominator, in parentheses when it has several terms ("W/(m²·K)", "N·m/rad", "1/s", "m²/t").
 * Repeated symbols on the same side combine (m·m → m²); a symbol on both sides stays on both ("N·m/m", the
 * linear moment), as the file wrote it.
 */
export function formatUnitTerms(terms: readonly UnitTerm[]): string {
  const numerator: UnitTerm[] = [];
  const denominator: UnitTerm[] = [];
  for (const { symbol, power } of terms) {
    if (!symbol || !power) continue;
    const side = power > 0 ? numerator : denominator;
    const same = side.find((term) => term.symbol === symbol);
    if (same) same.power += Math.abs(power);
    else side.push({ symbol, power: Math.abs(power) });
  }
  const text = (side: UnitTerm[]) => side.map((term) => term.symbol + superscript(term.power)).join('·');
  if (!denominator.length) return text(numerator);
  const below = denominator.length > 1 ? `(${text(denominator)})` : text(denominator);
  return `${text(numerator) || '1'}/${below}`;
}
