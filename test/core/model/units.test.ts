import { expect } from '@esm-bundle/chai';
import { convertUnits } from '../../../core/index.js';
import { getUnitScale, getUnitString, parsePositiveUnitText, parseUnitText } from '../../../core/model/units.js';

describe('units', () => {
  it('maps unit names case-insensitively (spec 000 §5)', () => {
    for (const name of ['meter', 'Meters', 'M']) expect(getUnitString(name)).to.equal('m');
    for (const name of ['foot', 'FEET', 'ft']) expect(getUnitString(name)).to.equal('ft');
    for (const name of ['inch', 'inches', 'Feet and Inches', 'in']) expect(getUnitString(name)).to.equal('in');
    for (const name of ['centimeter', 'centimeters', 'cm']) expect(getUnitString(name)).to.equal('cm');
    for (const name of ['millimeter', 'Millimeters', 'mm']) expect(getUnitString(name)).to.equal('mm');
  });

  it('gives no unit string and a scale of 1 for an unknown unit', () => {
    expect(getUnitString('furlong')).to.equal('');
    expect(getUnitScale('furlong')).to.equal(1);
  });

  it('scales to meters with the spec constants', () => {
    expect(getUnitScale('ft')).to.equal(0.3048);
    expect(getUnitScale('in')).to.equal(0.0254);
    expect(getUnitScale('cm')).to.equal(0.01);
    expect(getUnitScale('mm')).to.equal(0.001);
    expect(convertUnits(1, 'ft', 'in')).to.be.closeTo(12, 1e-9);
  });

  it('parses feet, inches, fractions, meters and centimeters', () => {
    expect(parseUnitText(`5' 6"`, 'ft', 'in')).to.be.closeTo(66, 1e-9);
    expect(parseUnitText(`5'-6 1/2"`, 'ft', 'in')).to.be.closeTo(66.5, 1e-9);
    expect(parseUnitText('3/4"', 'ft', 'in')).to.be.closeTo(0.75, 1e-9);
    expect(parseUnitText('1 1/2', 'in', 'in')).to.be.closeTo(1.5, 1e-9);
    expect(parseUnitText('2.5 m', 'ft', 'm')).to.be.closeTo(2.5, 1e-9);
    expect(parseUnitText('30 cm', 'm', 'm')).to.be.closeTo(0.3, 1e-9);
    expect(parseUnitText('12', 'mm', 'mm')).to.equal(12);
    expect(parseUnitText('twelve')).to.be.NaN;
  });

  it('returns NaN from the positive parser for negatives and empty text', () => {
    expect(parsePositiveUnitText('-3 m')).to.be.NaN;
    expect(parsePositiveUnitText('')).to.be.NaN;
    expect(parsePositiveUnitText('   ')).to.be.NaN;
    expect(parsePositiveUnitText('3 m')).to.equal(3);
  });
});
