/** Steel sections as flat (s, t) outlines, centred on their bounding box; s across, t up. */
export interface SectionProfile {
  /** Designation as a steel table prints it, e.g. "HEA 300". */
  name: string;
  width: number;
  depth: number;
  outline: number[];
}

/** An I (H) section: two flanges joined by a centred web, 12 corners. */
export function iSection(name: string, width: number, depth: number, web: number, flange: number): SectionProfile {
  const b = width / 2, h = depth / 2, w = web / 2, f = h - flange;
  const outline = [-b, -h, b, -h, b, -f, w, -f, w, f, b, f, b, h, -b, h, -b, f, -w, f, -w, -f, -b, -f];
  return { name, width, depth, outline };
}

/** A C (channel) section: the web on one side, both flanges pointing the other way, 8 corners. */
export function cSection(name: string, width: number, depth: number, web: number, flange: number): SectionProfile {
  const b = width / 2, h = depth / 2, f = h - flange, inner = -b + web;
  const outline = [-b, -h, b, -h, b, -f, inner, -f, inner, f, b, f, b, h, -b, h];
  return { name, width, depth, outline };
}

/** Primary beams along the grid lines (European wide-flange sizes, metres). */
export const PRIMARY_SECTIONS: readonly SectionProfile[] = [
  iSection('HEA 260', 0.26, 0.25, 0.0075, 0.0125),
  iSection('HEA 300', 0.3, 0.29, 0.0085, 0.014),
  iSection('IPE 330', 0.16, 0.33, 0.0075, 0.0115),
  iSection('IPE 360', 0.17, 0.36, 0.008, 0.0127),
];

/** Secondary beams across the rooms (channels). */
export const SECONDARY_SECTIONS: readonly SectionProfile[] = [
  cSection('UPE 200', 0.08, 0.2, 0.006, 0.011),
  cSection('UPE 220', 0.085, 0.22, 0.0065, 0.012),
  cSection('UPE 240', 0.09, 0.24, 0.007, 0.0125),
];
