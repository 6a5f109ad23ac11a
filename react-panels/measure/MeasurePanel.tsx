import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { type KeyboardEvent, useState } from 'react';
import { DISPLAY_UNITS, MAX_DISPLAY_PRECISION, MEASURE_MODES, type MeasureMode } from '../../core/index.js';
import { DockingPanel } from '../docking/DockingPanel.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { CalibrationForm } from './CalibrationForm.js';
import { MeasurementList } from './MeasurementList.js';
import { ObjectMeasures } from './ObjectMeasures.js';
import { measurementsText } from './measureText.js';
import { useMeasure } from './useMeasure.js';

const MEASURE_PANEL_WIDTH = 300;
const MEASURE_PANEL_MAX_HEIGHT = 380;
const NO_SELECTION = atom<number | null>(null);
/** The select's value for "the model's own unit". */
const MODEL_UNIT = 'model';

/** The name of each mode, in English (the translation key). */
export const MEASURE_MODE_NAMES: Readonly<Record<MeasureMode, string>> = { distance: 'Distance', angle: 'Angle', area: 'Area', calibrate: 'Calibrate' };

/** What a precision means in a unit: decimals ("0.001"), or for feet and inches the fraction ("1/8\""). */
function precisionName(precision: number, isFeetAndInches: boolean): string {
  if (isFeetAndInches) return precision === 0 ? '1"' : `1/${2 ** precision}"`;
  return precision === 0 ? '1' : `0.${'0'.repeat(precision - 1)}1`;
}

/**
 * The measure panel (shown while the measure tool is on): the mode, the unit and precision results show
 * in, calibration, the measurements made (a click selects one and highlights it in the canvas; delete one
 * or all), a copy of them all as text, and under them the selected objects' measures (two: their minimum
 * distance; one: its dimensions).
 */
export function MeasurePanel() {
  const viewer = useViewer();
  const t = useTranslate();
  const { measure, state } = useMeasure();
  const selected = useStore(measure?.$selected ?? NO_SELECTION);
  const [copied, setCopied] = useState<string | null>(null);
  if (!measure || !state) return null;
  const units = measure.getUnits();
  const picked = measure.getPickedUnits();
  const modelUnit = viewer.model?.getDisplayUnit() || 'm';
  const completed = state.measurements.filter((m) => m.isComplete);
  const problem = state.last?.problem ?? null;

  const copy = async () => {
    const text = measurementsText(completed, (m) => measure.formatResults(m), (key) => t(key, key));
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t('Copied to the clipboard', 'Copied to the clipboard'));
    } catch {
      setCopied(t('Could not copy to the clipboard', 'Could not copy to the clipboard'));
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented && measure.getTool()?.handleKeyDown(event.nativeEvent, 'Escape')) event.preventDefault();
  };

  return (
    <DockingPanel id="measure" title={t('Measure', 'Measure')} placement={{ right: 12, top: 12, width: MEASURE_PANEL_WIDTH, maxHeight: MEASURE_PANEL_MAX_HEIGHT }} resizable className="dv-measure">
      {/* Escape in the panel runs the tool's own order first: drop the pick in progress, then leave. */}
      <div className="dv-measure-body" onKeyDown={onKeyDown}>
        <div className="dv-measure-modes" role="group" aria-label={t('Measure mode', 'Measure mode')}>
          {MEASURE_MODES.map((mode) => (
            <button key={mode} type="button" data-mode={mode} aria-pressed={state.mode === mode} onClick={() => measure.setMode(mode)}>
              {t(MEASURE_MODE_NAMES[mode], MEASURE_MODE_NAMES[mode])}
            </button>
          ))}
        </div>
        <div className="dv-measure-options">
          <label>
            <span>{t('Unit', 'Unit')}</span>
            <select className="dv-measure-unit" value={picked ?? MODEL_UNIT} onChange={(event) => measure.setUnits(event.currentTarget.value === MODEL_UNIT ? null : event.currentTarget.value)}>
              <option value={MODEL_UNIT}>{`${t('Model unit', 'Model unit')} (${modelUnit})`}</option>
              {DISPLAY_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('Precision', 'Precision')}</span>
            <select className="dv-measure-precision" value={measure.getPrecision()} onChange={(event) => measure.setPrecision(Number(event.currentTarget.value))}>
              {Array.from({ length: MAX_DISPLAY_PRECISION + 1 }, (_, precision) => (
                <option key={precision} value={precision}>
                  {precisionName(precision, units === 'ft-in')}
                </option>
              ))}
            </select>
          </label>
        </div>
        {state.mode === 'calibrate' && <CalibrationForm measure={measure} isPending={state.isCalibrationPending} />}
        {problem && (
          <p className="dv-measure-problem" role="alert">
            {t(problem, problem)}
          </p>
        )}
        <MeasurementList measure={measure} measurements={completed} selected={selected} />
        <div className="dv-measure-actions">
          <button type="button" className="dv-measure-copy" disabled={!completed.length} onClick={() => void copy()}>
            {t('Copy as text', 'Copy as text')}
          </button>
          <button type="button" className="dv-measure-delete-all" disabled={!completed.length} onClick={() => measure.clear()}>
            {t('Delete all', 'Delete all')}
          </button>
        </div>
        {copied && (
          <p className="dv-measure-status" role="status">
            {copied}
          </p>
        )}
        <ObjectMeasures measure={measure} />
      </div>
    </DockingPanel>
  );
}
