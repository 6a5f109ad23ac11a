import { useStore } from '@nanostores/react';
import { useLayoutEffect, useRef } from 'react';
import type { MeasureExtension } from '../../core/index.js';
import { useViewer } from '../ViewerContext.js';
import type { ScreenPoint } from './projectPoint.js';
import { SnapIndicator } from './SnapIndicator.js';

/** The loupe's diameter (CSS px). */
export const LOUPE_SIZE_PX = 112;
/** How much the loupe magnifies the canvas round the finger. */
export const LOUPE_ZOOM = 2;
/** Between the finger and the loupe's edge (CSS px): it sits above the finger, which would hide it. */
const LOUPE_GAP_PX = 36;

type MeasureTool = NonNullable<ReturnType<MeasureExtension['getTool']>>;
type Project = (p: { x: number; y: number; z: number }) => ScreenPoint | null;

/**
 * The magnifier loupe of a touch pick (issue 31): while a finger rests on the canvas with the measure tool
 * on, a circle above it shows the canvas round the finger magnified LOUPE_ZOOM times, a cross where the
 * finger is and the snap indicator where a tap there would pick (the 50 px touch radius).
 */
export function MeasureLoupe({ tool, project, width, height }: { tool: MeasureTool; project: Project; width: number; height: number }) {
  const viewer = useViewer();
  const touch = useStore(tool.$touch);
  const hover = useStore(tool.$hover);
  const picture = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const target = picture.current;
    const context = target?.getContext('2d');
    if (!touch || !target || !context) return;
    const source = viewer.canvas;
    const scale = source.width / Math.max(1, source.clientWidth);
    const half = LOUPE_SIZE_PX / LOUPE_ZOOM / 2;
    // The WebGL canvas keeps no drawing buffer once shown: draw a frame and copy it in the same task.
    viewer.renderNow();
    context.clearRect(0, 0, target.width, target.height);
    context.drawImage(source, (touch.x - half) * scale, (touch.y - half) * scale, 2 * half * scale, 2 * half * scale, 0, 0, target.width, target.height);
  }, [touch, viewer]);
  if (!touch) return null;
  const size = LOUPE_SIZE_PX, middle = size / 2;
  const above = touch.y - LOUPE_GAP_PX - size;
  const top = above >= 0 ? above : Math.min(height - size, touch.y + LOUPE_GAP_PX);
  const left = Math.max(0, Math.min(width - size, touch.x - middle));
  const inLoupe: Project = (p) => {
    const at = project(p);
    return at && { x: middle + (at.x - touch.x) * LOUPE_ZOOM, y: middle + (at.y - touch.y) * LOUPE_ZOOM };
  };
  const pixels = Math.round(size * (viewer.canvas.width / Math.max(1, viewer.canvas.clientWidth)));
  return (
    <div className="dv-measure-loupe" style={{ left, top, width: size, height: size }}>
      <canvas ref={picture} width={pixels} height={pixels} />
      <svg width={size} height={size} aria-hidden="true">
        <path className="dv-measure-loupe-cross" d={`M${middle - 6} ${middle}h12M${middle} ${middle - 6}v12`} />
        {hover && <SnapIndicator snap={hover} project={inLoupe} />}
      </svg>
    </div>
  );
}
