import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { Measurement, MeasureExtension, SnapResult } from '../../core/index.js';
import { MeasurementType } from '../../core/index.js';
import { useChrome } from '../ChromeState.js';
import { useViewer } from '../ViewerContext.js';
import { projectPoint, type ScreenPoint } from './projectPoint.js';
import { mainValue } from './measureText.js';
import { MeasureLoupe } from './MeasureLoupe.js';
import { SnapIndicator } from './SnapIndicator.js';
import { useMeasure } from './useMeasure.js';

const NO_SNAP = atom<SnapResult | null>(null);
const NO_SELECTION = atom<number | null>(null);

type Project = (p: { x: number; y: number; z: number }) => ScreenPoint | null;

/** Where a measurement's label sits: a distance's middle, an angle's vertex, an area's centroid of picks. */
function labelPoint(m: Measurement): { x: number; y: number; z: number } {
  if (m.measurementType === MeasurementType.ANGLE) return m.picks[1];
  const n = m.picks.length;
  const sum = m.picks.reduce((acc, p) => ({ x: acc.x + p.x, y: acc.y + p.y, z: acc.z + p.z }), { x: 0, y: 0, z: 0 });
  return { x: sum.x / n, y: sum.y / n, z: sum.z / n };
}

/** The segments of a measurement's drawing between its projected picks (an area's closed); none behind the camera. */
function segments(m: Measurement, points: (ScreenPoint | null)[]): [ScreenPoint, ScreenPoint][] {
  const out: [ScreenPoint, ScreenPoint][] = [];
  const closes = m.measurementType === MeasurementType.AREA && m.closedArea;
  const count = closes ? points.length : points.length - 1;
  for (let i = 0; i < count; i++) {
    const a = points[i], b = points[(i + 1) % points.length];
    if (a && b) out.push([a, b]);
  }
  return out;
}

/**
 * The measurements over the canvas: their lines and points, and a label with each value next to it,
 * drawn again at every camera change (a label whose point is behind the camera is not shown); the
 * measurement in progress, and the snap indicator where the pointer would pick. Labels take no clicks:
 * a pick on a point under one still reaches the model (the panel's list selects a measurement).
 */
export function MeasureLabels() {
  const viewer = useViewer();
  const chrome = useChrome();
  const { measure, state } = useMeasure();
  useStore(viewer.stores.$camera);
  useStore(chrome.$size);
  const tool = measure?.getTool() ?? null;
  const hover = useStore(tool?.$hover ?? NO_SNAP);
  const selected = useStore(measure?.$selected ?? NO_SELECTION);
  if (!measure || !state || !chrome.root) return null;
  const canvasRect = viewer.canvas.getBoundingClientRect();
  const rootRect = chrome.root.getBoundingClientRect();
  const camera = viewer.navigation.getThreeCamera();
  camera.updateMatrixWorld();
  const project: Project = (p) => projectPoint(camera, canvasRect.width, canvasRect.height, p);
  const box = { left: canvasRect.left - rootRect.left, top: canvasRect.top - rootRect.top, width: canvasRect.width, height: canvasRect.height };

  return (
    <div className="dv-measure-layer" style={box}>
      <svg className="dv-measure-drawing" width={box.width} height={box.height} aria-hidden="true">
        {state.measurements.map((m) => (
          <MeasurementDrawing key={m.isComplete ? m.id : 'in-progress'} measurement={m} project={project} isSelected={m.id === selected && m.isComplete} />
        ))}
        {hover && <SnapIndicator snap={hover} project={project} />}
      </svg>
      {state.measurements
        .filter((m) => m.isComplete)
        .map((m) => (
          <MeasurementLabel key={m.id} measure={measure} measurement={m} at={project(labelPoint(m))} isSelected={m.id === selected} />
        ))}
      {tool && <MeasureLoupe tool={tool} project={project} width={box.width} height={box.height} />}
    </div>
  );
}

function MeasurementDrawing({ measurement, project, isSelected }: { measurement: Measurement; project: Project; isSelected: boolean }) {
  const points = measurement.picks.map(project);
  const area = measurement.measurementType === MeasurementType.AREA && measurement.closedArea && points.every(Boolean) ? (points as ScreenPoint[]) : null;
  const className = `dv-measurement-drawing${isSelected ? ' is-selected' : ''}${measurement.isComplete ? '' : ' is-in-progress'}`;
  return (
    <g className={className} data-measurement={measurement.isComplete ? measurement.id : undefined}>
      {area && <polygon className="dv-measurement-area" points={area.map((p) => `${p.x},${p.y}`).join(' ')} />}
      {segments(measurement, points).map(([a, b], i) => (
        <line key={i} x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
      ))}
      {points.map((p, i) => p && <circle key={i} cx={p.x} cy={p.y} r={3} />)}
    </g>
  );
}

function MeasurementLabel({ measure, measurement, at, isSelected }: { measure: MeasureExtension; measurement: Measurement; at: ScreenPoint | null; isSelected: boolean }) {
  if (!at) return null;
  return (
    <span className={`dv-measure-label${isSelected ? ' is-selected' : ''}`} data-measurement={measurement.id} style={{ left: at.x, top: at.y }}>
      {mainValue(measurement, measure.formatResults(measurement))}
    </span>
  );
}
