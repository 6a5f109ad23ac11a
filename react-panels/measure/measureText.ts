import { type FormattedResults, type Measurement, MeasurementType, type MeasurementTypeValue } from '../../core/index.js';

type Translate = (key: string, defaultText?: string) => string;

/** The name of a measurement's type, in English (the translation key). */
export const MEASUREMENT_TYPE_NAMES: Readonly<Record<MeasurementTypeValue, string>> = {
  [MeasurementType.DISTANCE]: 'Distance',
  [MeasurementType.ANGLE]: 'Angle',
  [MeasurementType.AREA]: 'Area',
  [MeasurementType.CALIBRATION]: 'Calibrate',
};

/** A measurement's main value as text: a distance's length, an angle, an area. */
export function mainValue(measurement: Measurement, results: FormattedResults): string {
  if (measurement.measurementType === MeasurementType.ANGLE) return results.angle ?? '';
  if (measurement.measurementType === MeasurementType.AREA) return results.area ?? '';
  return results.distanceXYZ ?? '';
}

/** A distance's X, Y and Z components as text ("X 0.000 m  Y 1.000 m  Z 0.000 m"), else ''. */
export function componentsText(results: FormattedResults): string {
  if (results.distanceX === undefined) return '';
  return `X ${results.distanceX}  Y ${results.distanceY ?? ''}  Z ${results.distanceZ ?? ''}`;
}

/**
 * Every measurement as text, one a line, for the clipboard: "Distance 1: 1.000 m (X 0.000 m  Y 1.000 m
 * Z 0.000 m)", "Angle 2: 90.000°", "Area 3: 1.000 m²", in the units and precision shown.
 */
export function measurementsText(measurements: readonly Measurement[], format: (m: Measurement) => FormattedResults, t: Translate): string {
  return measurements
    .filter((m) => m.isComplete)
    .map((m) => {
      const results = format(m);
      const components = componentsText(results);
      return `${t(MEASUREMENT_TYPE_NAMES[m.measurementType])} ${m.id}: ${mainValue(m, results)}${components ? ` (${components})` : ''}`;
    })
    .join('\n');
}
