/**
 * The light presets' environment maps in res/environments/ (spec 001 §7): `{name}_mipdrop.dds`, the
 * radiance around the model as a cube map with its whole mip chain, and `{name}_irr.dds`, the irradiance a
 * surface of each orientation receives; both RGBM-encoded in uncompressed 32-bit DDS cube maps (a linear
 * colour is rgb × a × RGBM_RANGE), +Y up, faces in GL's order and orientation. The name is the preset's,
 * without spaces ("Boardwalk", "SimpleGrey").
 */
export const ENVIRONMENTS_PATH = 'environments/';

/** The largest linear value RGBM stores. */
export const RGBM_RANGE = 16;

export function environmentFileName(presetName: string, kind: 'mipdrop' | 'irr'): string {
  const name = presetName
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  return `${name}_${kind}.dds`;
}
