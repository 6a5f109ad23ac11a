import { expect } from '@esm-bundle/chai';
import { clampPrecision, formatAngle, formatArea, formatFeetAndInches, formatLength, readDisplayUnit } from '../../../core/model/unitFormat.js';
import { parsePositiveUnitText, parseUnitText } from '../../../core/model/units.js';

describe('unit formatting', () => {
  it('shows lengths in the unit picked, 3 decimals by default', () => {
    expect(formatLength(1.25, 'm', 'm')).to.equal('1.250 m');
    expect(formatLength(1.25, 'm', 'mm')).to.equal('1250.000 mm');
    expect(formatLength(1.25, 'm', 'cm', 1)).to.equal('125.0 cm');
    expect(formatLength(500, 'mm', 'm', 0)).to.equal('1 m');
    expect(formatLength(0.3048, 'm', 'ft', 5)).to.equal('1.00000 ft');
    expect(formatLength(1, 'ft', 'in', 2)).to.equal('12.00 in');
  });

  it('clamps the precision to 0..5 digits', () => {
    expect(clampPrecision(9)).to.equal(5);
    expect(clampPrecision(-2)).to.equal(0);
    expect(clampPrecision('x')).to.equal(3);
    expect(formatLength(1 / 3, 'm', 'm', 8)).to.equal('0.33333 m');
  });

  it('shows feet and inches with reduced fractions of 1/2^precision', () => {
    expect(formatFeetAndInches(66.5)).to.equal(`5' 6 1/2"`);
    expect(formatFeetAndInches(66.375)).to.equal(`5' 6 3/8"`);
    expect(formatFeetAndInches(66.37, 0)).to.equal(`5' 6"`);
    expect(formatFeetAndInches(0.03125, 5)).to.equal(`0' 0 1/32"`);
    expect(formatFeetAndInches(11.99)).to.equal(`1' 0"`);
    expect(formatFeetAndInches(-13.25)).to.equal(`-1' 1 1/4"`);
    // 1.7 m is 66.929 in: to the nearest eighth (precision 3), 66 7/8.
    expect(formatLength(1.7, 'm', 'ft-in')).to.equal(`5' 6 7/8"`);
  });

  it('reads back what it writes (spec 001 §5 parsing)', () => {
    for (const inches of [66.5, 66.375, 0.75, 145.125]) {
      expect(parseUnitText(formatFeetAndInches(inches), 'ft', 'in')).to.be.closeTo(inches, 1e-9);
    }
    expect(parseUnitText('1250.000 mm', 'm')).to.be.closeTo(1.25, 1e-12);
    expect(parsePositiveUnitText(`-1' 1 1/4"`, 'ft')).to.be.NaN;
  });

  it('shows areas in square units and angles in degrees', () => {
    expect(formatArea(2.5, 'm', 'm')).to.equal('2.500 m²');
    expect(formatArea(1, 'm', 'cm', 0)).to.equal('10000 cm²');
    expect(formatArea(144, 'in', 'ft-in', 2)).to.equal('1.00 ft²');
    expect(formatAngle(90)).to.equal('90.000°');
    expect(formatAngle(Number.NaN)).to.equal('');
  });

  it('knows the units a user may pick', () => {
    expect(readDisplayUnit('Millimeters')).to.equal('mm');
    expect(readDisplayUnit('ft-in')).to.equal('ft-in');
    expect(readDisplayUnit('furlong')).to.equal(null);
  });
});
