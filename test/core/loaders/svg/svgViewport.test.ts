import { expect } from '@esm-bundle/chai';
import { svgViewport } from '../../../../core/loaders/svg/svgStyle.js';

/** The root of an SVG with these attributes. */
function root(attributes: string): Element {
  return new DOMParser().parseFromString(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}/>`, 'image/svg+xml').documentElement;
}

/** Where a user-space point lands in the drawing. */
function place(attributes: string, x: number, y: number): [number, number] {
  const [a, b, c, d, e, f] = svgViewport(root(attributes)).matrix;
  return [a * x + c * y + e, b * x + d * y + f];
}

function expectPoint([x, y]: [number, number], expected: [number, number]): void {
  expect(x, `x of ${x}, ${y}`).to.be.closeTo(expected[0], 1e-9);
  expect(y, `y of ${x}, ${y}`).to.be.closeTo(expected[1], 1e-9);
}

describe('SVG viewport', () => {
  it('maps the viewBox onto a width and height in mm, uniformly and centred by default, y turned up', () => {
    const size = 'width="100mm" height="50mm" viewBox="0 0 200 200"';
    expect(svgViewport(root(size)).unit).to.equal('mm');
    // A 200 × 200 box in a 100 × 50 mm sheet: a quarter of a millimetre a unit, 25 mm of margin each side.
    expectPoint(place(size, 0, 0), [25, 50]);
    expectPoint(place(size, 200, 200), [75, 0]);
  });

  it('follows preserveAspectRatio: none stretches, slice fills, xMin/yMin align', () => {
    expectPoint(place('width="100mm" height="50mm" viewBox="0 0 200 200" preserveAspectRatio="none"', 200, 200), [100, 0]);
    expectPoint(place('width="100mm" height="50mm" viewBox="0 0 200 200" preserveAspectRatio="xMinYMin slice"', 200, 200), [100, -50]);
    expectPoint(place('width="100mm" height="50mm" viewBox="0 0 200 200" preserveAspectRatio="xMaxYMax meet"', 0, 0), [50, 50]);
  });

  it('without a viewBox, a user unit is a px (1/96 in) of the unit the size is in; unitless sizes are px', () => {
    expectPoint(place('width="1in" height="2in"', 96, 96), [1, 1]);
    expect(svgViewport(root('width="1in" height="2in"')).unit).to.equal('in');
    expect(svgViewport(root('width="300" height="200" viewBox="10 20 30 20"')).unit).to.equal('');
    expectPoint(place('width="300" height="200" viewBox="10 20 30 20"', 10, 20), [0, 200]);
    expectPoint(place('width="100%" height="100%" viewBox="10 20 30 20"', 10, 20), [0, 20]);
  });
});
