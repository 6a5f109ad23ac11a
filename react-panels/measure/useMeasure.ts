import { useEffect, useState } from 'react';
import type { MeasureChangeDetail, MeasureExtension } from '../../core/index.js';
import { useExtension } from '../contributions/useExtension.js';
import { useViewer } from '../ViewerContext.js';

/** The measure extension (null while unloaded) and what it holds now, renewed on every `measure-change`. */
export function useMeasure(): { measure: MeasureExtension | null; state: MeasureChangeDetail | null } {
  const viewer = useViewer();
  const measure = useExtension<MeasureExtension>('measure');
  const [state, setState] = useState<MeasureChangeDetail | null>(null);
  useEffect(() => {
    if (!measure) return;
    const read = (): MeasureChangeDetail => ({ measurements: measure.getMeasurements(), mode: measure.getMode(), last: null, isCalibrationPending: measure.isCalibrationPending() });
    setState(read());
    const onChange = (event: CustomEvent<MeasureChangeDetail>) => setState(event.detail);
    viewer.addEventListener('measure-change', onChange);
    return () => viewer.removeEventListener('measure-change', onChange);
  }, [viewer, measure]);
  return { measure, state: measure ? state : null };
}
