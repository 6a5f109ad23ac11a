import { expect } from '@esm-bundle/chai';
import type { Point2 } from '../../../../core/loaders/sketch/Sketch.js';
import { strokeBand } from '../../../../core/loaders/sketch/strokeBand.js';

/** Whether a point lies inside (or on) one of the triangles. */
function covered(triangles: readonly Point2[][], p: Point2): boolean {
  const cross = (a: Point2, b: Point2) => (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
  return triangles.some(([a, b, c]) => {
    const [d0, d1, d2] = [cross(a, b), cross(b, c), cross(c, a)];
    return (d0 >= -1e-9 && d1 >= -1e-9 && d2 >= -1e-9) || (d0 <= 1e-9 && d1 <= 1e-9 && d2 <= 1e-9);
  });
}

describe('strokeBand', () => {
  it('draws a closed rectangle as four mitered quads: its outer corners filled, two triangles a side', () => {
    const band = strokeBand([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 5 }, { x: 0, y: 5 }, { x: 0, y: 0 }], 1);
    expect(band).to.have.length(8);
    for (const corner of [{ x: -0.45, y: -0.45 }, { x: 10.45, y: -0.45 }, { x: 10.45, y: 5.45 }, { x: -0.45, y: 5.45 }]) expect(covered(band, corner), JSON.stringify(corner)).to.equal(true);
    expect(covered(band, { x: -0.55, y: 2 })).to.equal(false);
    expect(covered(band, { x: 5, y: 0.55 })).to.equal(false);
    expect(covered(band, { x: 5, y: 2.5 })).to.equal(false);
  });

  it('meets at the miter on a 45° turn, with no square jutting past the band', () => {
    const band = strokeBand([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 10 }], 2);
    expect(band).to.have.length(4);
    // The outer miter point of the turn at (10, 0): 1 / cos 22.5° from the vertex, straight down and to the right.
    const miter = { x: 10 + Math.tan(Math.PI / 8), y: -1 };
    expect(covered(band, { x: miter.x - 0.01, y: -0.99 })).to.equal(true);
    // A square joint would have filled out to (11, -1), more than one unit from both segments.
    expect(covered(band, { x: 10.95, y: -0.95 })).to.equal(false);
  });

  it('bevels a joint sharper than the miter limit instead of reaching far past the vertex', () => {
    // A hairpin: back along itself at a slight angle, the miter would be dozens of widths long.
    const band = strokeBand([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 0.5 }], 1);
    expect(band).to.have.length(5);
    // The bevel closes the outside of the turn just past the vertex; the miter would reach beyond x = 19.
    expect(covered(band, { x: 10.01, y: 0 })).to.equal(true);
    expect(covered(band, { x: 10.5, y: 0 })).to.equal(false);
  });

  it('keeps straight runs whole and ignores repeated points', () => {
    const band = strokeBand([{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 0 }, { x: 10, y: 0 }], 2);
    expect(band).to.have.length(4);
    expect(covered(band, { x: 5, y: 0.99 })).to.equal(true);
    expect(covered(band, { x: 5, y: 1.01 })).to.equal(false);
    expect(strokeBand([{ x: 1, y: 1 }, { x: 1, y: 1 }], 2)).to.have.length(0);
  });

  it('caps an open line round or square, half its width past each end; butt stops at the end', () => {
    const line = [{ x: 0, y: 0 }, { x: 10, y: 0 }];
    const round = strokeBand(line, 2, { cap: 'round', join: 'miter', miterLimit: 4 });
    const square = strokeBand(line, 2, { cap: 'square', join: 'miter', miterLimit: 4 });
    const butt = strokeBand(line, 2, { cap: 'butt', join: 'miter', miterLimit: 4 });
    for (const x of [-0.9, 10.9]) {
      expect(covered(round, { x, y: 0 }), `round at ${x}`).to.equal(true);
      expect(covered(square, { x, y: 0 }), `square at ${x}`).to.equal(true);
      expect(covered(butt, { x, y: 0 }), `butt at ${x}`).to.equal(false);
    }
    // The square's corner is filled; the disc's is not.
    expect(covered(square, { x: 10.9, y: 0.9 })).to.equal(true);
    expect(covered(round, { x: 10.9, y: 0.9 })).to.equal(false);
    expect(covered(round, { x: 11.1, y: 0 })).to.equal(false);
  });

  it('joins round or bevelled: the miter corner left unfilled, the arc filled', () => {
    const corner = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }];
    const round = strokeBand(corner, 2, { cap: 'butt', join: 'round', miterLimit: 4 });
    const bevel = strokeBand(corner, 2, { cap: 'butt', join: 'bevel', miterLimit: 4 });
    const miter = strokeBand(corner, 2, { cap: 'butt', join: 'miter', miterLimit: 4 });
    // The outside of the turn is down and right of (10, 0): the miter's corner at (11, -1).
    expect(covered(miter, { x: 10.9, y: -0.9 })).to.equal(true);
    expect(covered(round, { x: 10.9, y: -0.9 })).to.equal(false);
    expect(covered(bevel, { x: 10.9, y: -0.9 })).to.equal(false);
    // 0.95 from the vertex, diagonally: inside the arc, outside the bevel's triangle.
    const diagonal = { x: 10 + 0.95 * Math.SQRT1_2, y: -0.95 * Math.SQRT1_2 };
    expect(covered(round, diagonal)).to.equal(true);
    expect(covered(bevel, diagonal)).to.equal(false);
  });

  it('draws a line of no length with round or square caps as a dot of its width', () => {
    const point = [{ x: 5, y: 5 }, { x: 5, y: 5 }];
    const disc = strokeBand(point, 2, { cap: 'round', join: 'miter', miterLimit: 4 });
    const square = strokeBand(point, 2, { cap: 'square', join: 'miter', miterLimit: 4 });
    expect(covered(disc, { x: 5.9, y: 5 }) && covered(disc, { x: 5, y: 4.1 }) && covered(disc, { x: 4.1, y: 5 })).to.equal(true);
    expect(covered(disc, { x: 5.9, y: 5.9 })).to.equal(false);
    expect(covered(square, { x: 5.9, y: 5.9 }) && covered(square, { x: 4.1, y: 4.1 })).to.equal(true);
    expect(strokeBand(point, 2, { cap: 'butt', join: 'miter', miterLimit: 4 })).to.have.length(0);
  });
});
