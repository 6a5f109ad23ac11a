/** A texture as it crosses from the loader worker: a decoded image and its sampling. */
export interface TextureImage {
  image: ImageBitmap;
  wrapS: number;
  wrapT: number;
  magFilter: number;
  minFilter: number;
  flipY: boolean;
  /** 'srgb' for colour maps, '' for data maps (normal, roughness...). */
  colorSpace: string;
  /** KHR_texture_transform: offset, repeat and rotation. */
  offset: [number, number];
  repeat: [number, number];
  rotation: number;
  channel: number;
}

export interface MaterialTextures {
  map?: TextureImage;
  normalMap?: TextureImage;
  roughnessMap?: TextureImage;
  metalnessMap?: TextureImage;
  emissiveMap?: TextureImage;
  aoMap?: TextureImage;
  normalScale?: [number, number];
}

/**
 * A surface appearance shared by many fragments. Colours are sRGB components 0–1; untextured
 * materials become rows of the renderer's material table, textured ones get a batch of their own.
 */
export interface ModelMaterial {
  name: string;
  color: [number, number, number];
  opacity: number;
  metalness: number;
  roughness: number;
  emissive: [number, number, number];
  doubleSided: boolean;
  /** Textures arrive after the header, when the loader decodes them. */
  textures?: MaterialTextures;
}

export function defaultMaterial(name = 'Default'): ModelMaterial {
  return {
    name,
    color: [0.8, 0.8, 0.8],
    opacity: 1,
    metalness: 0,
    roughness: 0.6,
    emissive: [0, 0, 0],
    doubleSided: true,
  };
}
