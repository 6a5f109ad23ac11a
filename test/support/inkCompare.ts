/** Pixels top row first, RGBA: a capture of the viewer, or a reference picture drawn by another renderer. */
export type Pixels = { width: number; height: number; data: Uint8Array | Uint8ClampedArray };

/** A pixel is ink when it differs from white paper by more than this (sum of the channels, 0–765). */
export const INK = 60;

/** How far a pixel is from white paper (sum of the channels, 0–765). */
export function inkAt(pixels: Pixels, x: number, y: number): number {
  const o = (y * pixels.width + x) * 4;
  return 765 - pixels.data[o] - pixels.data[o + 1] - pixels.data[o + 2];
}

/** Ink pixels (those the mask marks left out). */
export function inkCount(pixels: Pixels, mask?: Uint8Array): number {
  let n = 0;
  for (let y = 0; y < pixels.height; y++) for (let x = 0; x < pixels.width; x++) if (!mask?.[y * pixels.width + x] && inkAt(pixels, x, y) > INK) n++;
  return n;
}

/** Whether a pixel within `radius` of (x, y) has more ink than `threshold`. */
export function inkNear(pixels: Pixels, x: number, y: number, radius: number, threshold = INK): boolean {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const px = x + dx, py = y + dy;
      if (px >= 0 && py >= 0 && px < pixels.width && py < pixels.height && inkAt(pixels, px, py) > threshold) return true;
    }
  }
  return false;
}

/**
 * Our ink against a reference picture's (same size): how many of our ink pixels there are and how many have
 * reference ink within `ourRadius`; how many strong reference ink pixels there are and how many have ours
 * within `theirRadius`. Pixels the mask marks are left out.
 */
export function compareInk(ours: Pixels, theirs: Pixels, ourRadius: number, theirRadius: number, mask?: ArrayLike<number | boolean>) {
  let inked = 0, matched = 0, strong = 0, covered = 0;
  for (let y = 0; y < ours.height; y++) {
    for (let x = 0; x < ours.width; x++) {
      if (mask?.[y * ours.width + x]) continue;
      if (inkAt(ours, x, y) > INK) {
        inked++;
        if (inkNear(theirs, x, y, ourRadius, 20)) matched++;
      }
      if (inkAt(theirs, x, y) > 250) {
        strong++;
        if (inkNear(ours, x, y, theirRadius, 20)) covered++;
      }
    }
  }
  return { inked, matched, theirs: strong, covered };
}
