/** A glTF metal-rough material without textures; `alpha` < 1 makes it a blended (transparent) one. */
export interface MaterialSpec {
  name: string;
  color: readonly [number, number, number];
  alpha?: number;
  metallic?: number;
  roughness: number;
}

/**
 * The palette: a few dozen materials, as a real model has, so the viewer's material batching is
 * exercised but not degenerate. Colours are linear RGB (glTF's baseColorFactor).
 */
export const MATERIALS = {
  concrete: { name: 'Concrete', color: [0.55, 0.55, 0.53], roughness: 0.9 },
  concretePrecast: { name: 'Concrete - Precast', color: [0.62, 0.6, 0.56], roughness: 0.85 },
  screed: { name: 'Screed', color: [0.47, 0.46, 0.44], roughness: 0.95 },
  brick: { name: 'Brick - Red', color: [0.42, 0.14, 0.08], roughness: 0.9 },
  brickBuff: { name: 'Brick - Buff', color: [0.64, 0.5, 0.32], roughness: 0.9 },
  plasterWhite: { name: 'Plaster - White', color: [0.86, 0.85, 0.82], roughness: 0.8 },
  plasterCream: { name: 'Plaster - Cream', color: [0.83, 0.77, 0.62], roughness: 0.8 },
  plasterGrey: { name: 'Plaster - Light Grey', color: [0.7, 0.71, 0.72], roughness: 0.8 },
  plasterSage: { name: 'Plaster - Sage', color: [0.56, 0.63, 0.52], roughness: 0.8 },
  gypsum: { name: 'Gypsum Board', color: [0.9, 0.9, 0.88], roughness: 0.75 },
  steel: { name: 'Steel S355', color: [0.42, 0.44, 0.47], metallic: 0.6, roughness: 0.45 },
  steelPainted: { name: 'Steel - Painted Red Oxide', color: [0.35, 0.1, 0.07], metallic: 0.6, roughness: 0.55 },
  galvanized: { name: 'Steel - Galvanized', color: [0.66, 0.68, 0.7], metallic: 0.6, roughness: 0.35 },
  aluminium: { name: 'Aluminium - Anodized', color: [0.7, 0.72, 0.74], metallic: 0.6, roughness: 0.3 },
  aluminiumDark: { name: 'Aluminium - Dark Bronze', color: [0.18, 0.15, 0.12], metallic: 0.6, roughness: 0.35 },
  glass: { name: 'Glass - Clear', color: [0.6, 0.75, 0.8], alpha: 0.3, roughness: 0.05 },
  glassTinted: { name: 'Glass - Tinted', color: [0.3, 0.42, 0.45], alpha: 0.45, roughness: 0.05 },
  oak: { name: 'Wood - Oak', color: [0.55, 0.38, 0.2], roughness: 0.6 },
  walnut: { name: 'Wood - Walnut', color: [0.3, 0.19, 0.11], roughness: 0.6 },
  birch: { name: 'Wood - Birch Veneer', color: [0.8, 0.67, 0.48], roughness: 0.55 },
  doorPaint: { name: 'Paint - Door Frame White', color: [0.92, 0.92, 0.9], roughness: 0.4 },
  copper: { name: 'Copper', color: [0.72, 0.4, 0.22], metallic: 0.6, roughness: 0.35 },
  pvcBlue: { name: 'PVC - Blue', color: [0.1, 0.25, 0.6], roughness: 0.5 },
  pvcGrey: { name: 'PVC - Grey', color: [0.4, 0.41, 0.42], roughness: 0.5 },
  sprinklerRed: { name: 'Steel - Sprinkler Red', color: [0.7, 0.06, 0.05], metallic: 0.6, roughness: 0.45 },
  castIron: { name: 'Cast Iron', color: [0.2, 0.2, 0.21], metallic: 0.6, roughness: 0.7 },
  insulation: { name: 'Duct Insulation', color: [0.78, 0.74, 0.55], roughness: 0.95 },
  laminate: { name: 'Laminate - White', color: [0.88, 0.88, 0.86], roughness: 0.35 },
  laminateGrey: { name: 'Laminate - Anthracite', color: [0.16, 0.17, 0.18], roughness: 0.35 },
  fabricBlue: { name: 'Fabric - Navy', color: [0.08, 0.1, 0.25], roughness: 1 },
  fabricRed: { name: 'Fabric - Red', color: [0.5, 0.07, 0.06], roughness: 1 },
  fabricGreen: { name: 'Fabric - Olive', color: [0.28, 0.3, 0.12], roughness: 1 },
  chrome: { name: 'Chrome', color: [0.8, 0.8, 0.82], metallic: 0.6, roughness: 0.15 },
  plastic: { name: 'Plastic - Black', color: [0.03, 0.03, 0.03], roughness: 0.5 },
} satisfies Record<string, MaterialSpec>;

export type MaterialKey = keyof typeof MATERIALS;

export const INTERIOR_PLASTERS: readonly MaterialKey[] = ['plasterWhite', 'plasterCream', 'plasterGrey', 'plasterSage', 'gypsum'];
export const FACADE_BRICKS: readonly MaterialKey[] = ['brick', 'brickBuff', 'concretePrecast'];
export const DOOR_LEAVES: readonly MaterialKey[] = ['oak', 'walnut', 'birch', 'doorPaint'];
export const FABRICS: readonly MaterialKey[] = ['fabricBlue', 'fabricRed', 'fabricGreen'];
export const WORKTOPS: readonly MaterialKey[] = ['laminate', 'laminateGrey', 'oak', 'birch'];
