/** A STEP value: numbers, strings, references, enums, typed values, lists, $ (unset) and * (derived). */
export type StepValue = number | string | StepRef | StepEnum | StepTyped | StepReal | StepValue[] | null | '*';

export class StepRef {
  constructor(readonly id: number) {}
}
export class StepEnum {
  constructor(readonly name: string) {}
}
export class StepTyped {
  constructor(
    readonly type: string,
    readonly value: StepValue,
  ) {}
}

export const ref = (id: number) => new StepRef(id);
export const enumOf = (name: string) => new StepEnum(name);
export const typed = (type: string, value: StepValue) => new StepTyped(type, value);
/** A real, always written with a decimal point as STEP requires. */
export class StepReal {
  constructor(readonly value: number) {}
}

const GUID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/**
 * Writes an ISO 10303-21 (STEP physical file) data section line by line, numbering entities, and
 * makes deterministic IFC GlobalIds (22 characters of IFC's base-64) from a counter.
 */
export class StepWriter {
  private readonly lines: string[] = [];
  private nextId = 1;
  private guidCounter = 0;

  constructor(private readonly seed: number) {}

  /** Adds an entity and returns its id. */
  add(type: string, ...args: StepValue[]): number {
    const id = this.nextId++;
    this.lines.push(`#${id}=${type}(${args.map(format).join(',')});`);
    return id;
  }

  /** A GlobalId unique in the file and the same on every run with the same seed. */
  guid(): string {
    const counter = BigInt(++this.guidCounter);
    const high = splitMix64(BigInt(this.seed) * 0x100000000n + counter);
    let n = (high << 64n) | splitMix64(high ^ counter);
    let text = '';
    for (let i = 0; i < 22; i++) {
      text = GUID_ALPHABET[Number(n & 63n)] + text;
      n >>= 6n;
    }
    return text; // 128 bits in 22 characters: the first is always 0–3, as IFC requires
  }

  get entityCount(): number {
    return this.nextId - 1;
  }

  /** The whole file: header, data, trailer. */
  toString(fileName: string, schema: string, description: string): string {
    const header = [
      'ISO-10303-21;',
      'HEADER;',
      `FILE_DESCRIPTION(('${escape(description)}'),'2;1');`,
      `FILE_NAME('${escape(fileName)}','2024-01-01T00:00:00',(''),(''),'design-viewer bench','design-viewer ifcExport','');`,
      `FILE_SCHEMA(('${schema}'));`,
      'ENDSEC;',
      'DATA;',
    ];
    return `${header.join('\n')}\n${this.lines.join('\n')}\nENDSEC;\nEND-ISO-10303-21;\n`;
  }
}

export const real = (value: number) => new StepReal(value);

function format(value: StepValue): string {
  if (value === null) return '$';
  if (value === '*') return '*';
  if (value instanceof StepReal) return formatReal(value.value);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : formatReal(value);
  if (typeof value === 'string') return `'${escape(value)}'`;
  if (value instanceof StepRef) return `#${value.id}`;
  if (value instanceof StepEnum) return `.${value.name}.`;
  if (value instanceof StepTyped) return `${value.type}(${format(value.value)})`;
  return `(${value.map(format).join(',')})`;
}

function formatReal(value: number): string {
  const text = String(Math.round(value * 1e6) / 1e6);
  return text.includes('.') || text.includes('e') ? text.replace('e', 'E') : `${text}.`;
}

/** STEP strings: quotes doubled, non-ASCII as \X2\ UTF-16 hex \X0\. */
function escape(text: string): string {
  return text.replace(/'/g, "''").replace(/\\/g, '\\\\').replace(/[^\x20-\x7e]+/g, (run) => {
    const hex = [...run].map((ch) => ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')).join('');
    return `\\X2\\${hex}\\X0\\`;
  });
}

/** SplitMix64: a 64-bit bijection that spreads the bits of a counter. */
function splitMix64(value: bigint): bigint {
  const mask = (1n << 64n) - 1n;
  let z = (value + 0x9e3779b97f4a7c15n) & mask;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
  return z ^ (z >> 31n);
}
