/**
 * The environments of the `lightPreset` preference (spec 001 §3, an index into this list): the sky and
 * ground colours of the ambient light, the headlight, and the background gradient the preset shows when
 * `backgroundColorPreset` is null. Colours are sRGB hex.
 */
export interface LightPreset {
  /** The name shown in the settings (a translation key). */
  readonly name: string;
  readonly sky: number;
  readonly ground: number;
  readonly ambientIntensity: number;
  readonly headlight: number;
  readonly headlightIntensity: number;
  readonly backgroundTop: number;
  readonly backgroundBottom: number;
}

export const LIGHT_PRESETS: readonly LightPreset[] = [
  { name: 'Simple grey', sky: 0xffffff, ground: 0x9aa0a6, ambientIntensity: 1.4, headlight: 0xffffff, headlightIntensity: 1.6, backgroundTop: 0xf6f8fa, backgroundBottom: 0xcdd3d9 },
  { name: 'Sharp highlights', sky: 0xffffff, ground: 0x7d848c, ambientIntensity: 0.9, headlight: 0xffffff, headlightIntensity: 2.4, backgroundTop: 0xe9eef3, backgroundBottom: 0xb9c2cc },
  { name: 'Dark sky', sky: 0xa9bcd6, ground: 0x2f363e, ambientIntensity: 1.2, headlight: 0xf2f5ff, headlightIntensity: 1.7, backgroundTop: 0x3a4656, backgroundBottom: 0x10151c },
  { name: 'Grey room', sky: 0xffffff, ground: 0x80868c, ambientIntensity: 1.6, headlight: 0xffffff, headlightIntensity: 1.1, backgroundTop: 0xbfc3c8, backgroundBottom: 0x8e939a },
  { name: 'Photo booth', sky: 0xffffff, ground: 0xc4c4c4, ambientIntensity: 1.9, headlight: 0xffffff, headlightIntensity: 1.2, backgroundTop: 0xffffff, backgroundBottom: 0xe4e4e4 },
  { name: 'Tranquility', sky: 0xeaf3ff, ground: 0x8a9aa8, ambientIntensity: 1.4, headlight: 0xfff4e0, headlightIntensity: 1.4, backgroundTop: 0xdbe8f3, backgroundBottom: 0x9fb6c9 },
  { name: 'Infinity pool', sky: 0xe6f6ff, ground: 0x6e8c9a, ambientIntensity: 1.4, headlight: 0xffffff, headlightIntensity: 1.5, backgroundTop: 0xcfe9f5, backgroundBottom: 0x6aa7c4 },
  { name: 'Simple white', sky: 0xffffff, ground: 0xb0b0b0, ambientIntensity: 1.6, headlight: 0xffffff, headlightIntensity: 1.4, backgroundTop: 0xffffff, backgroundBottom: 0xffffff },
  { name: 'Boardwalk', sky: 0xfff1dc, ground: 0x8c7a64, ambientIntensity: 1.4, headlight: 0xffe9c8, headlightIntensity: 1.6, backgroundTop: 0xf3e6d2, backgroundBottom: 0xb99f7f },
];

/** The preset at a stored index; an index out of range (an old or edited store) is the first. */
export function lightPresetAt(index: unknown): LightPreset {
  return (Number.isInteger(index) && LIGHT_PRESETS[index as number]) || LIGHT_PRESETS[0];
}

/**
 * The 2D light preset (spec 001 §4 "2D mode sets another light preset"): a sheet is paper, lit evenly from
 * every side so that its fills show the colours the drawing gives them, on a plain white background.
 */
export const LIGHT_PRESET_2D: LightPreset = {
  name: '2D',
  sky: 0xffffff,
  ground: 0xffffff,
  // π: a matte surface under an even light of π shows its own colour (three.js divides diffuse light by π).
  ambientIntensity: Math.PI,
  headlight: 0xffffff,
  headlightIntensity: 0,
  backgroundTop: 0xffffff,
  backgroundBottom: 0xffffff,
};
