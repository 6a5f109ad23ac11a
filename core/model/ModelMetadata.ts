/**
 * Model metadata as the spec's formats write it (spec 000 §3 "Metadata keys read"): items such as
 * "distance unit" { value }, "world up vector" { XYZ }, "default camera" { index }, "page_dimensions" {...},
 * "layers", "layer_states".
 */
export type ModelMetadata = Record<string, Record<string, unknown> | undefined>;

/** Reads `metadata[item][subitem]`, or the default when either is missing. */
export function readMetadata<T>(metadata: ModelMetadata, item: string, subitem: string, defaultValue: T): T {
  const entry = metadata[item];
  if (!entry || !(subitem in entry)) return defaultValue;
  return entry[subitem] as T;
}

/** The world up vector of a model, [0, 1, 0] unless the metadata says otherwise. */
export function readWorldUp(metadata: ModelMetadata): [number, number, number] {
  const xyz = readMetadata<unknown>(metadata, 'world up vector', 'XYZ', null);
  if (Array.isArray(xyz) && xyz.length >= 3 && xyz.every((v) => typeof v === 'number')) {
    const [x, y, z] = xyz as number[];
    const length = Math.hypot(x, y, z);
    if (length > 1e-6) return [x / length, y / length, z / length];
  }
  return [0, 1, 0];
}
