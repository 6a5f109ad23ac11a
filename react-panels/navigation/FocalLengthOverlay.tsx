import { useStore } from '@nanostores/react';
import { focalLengthOf } from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';

/** The tool whose use shows the overlay. */
const FOV_TOOL = 'fov';

/**
 * Spec 001 §2: while the field-of-view tool is active, the focal length in mm (derived from the field of
 * view with the 12 mm scale, spec 001 §9), or a message when the view is orthographic.
 */
export function FocalLengthOverlay() {
  const viewer = useViewer();
  const t = useTranslate();
  const activeTool = useStore(viewer.stores.$activeTool);
  const camera = useStore(viewer.stores.$camera);
  if (activeTool !== FOV_TOOL || !camera) return null;
  if (!camera.isPerspective) {
    return (
      <div className="dv-focal-length dv-focal-length-ortho" role="status">
        {t('Orthographic view: no focal length', 'Orthographic view: no focal length')}
      </div>
    );
  }
  const millimetres = Math.round(focalLengthOf(camera.fov));
  return (
    <div className="dv-focal-length" role="status" aria-live="polite">
      <span className="dv-focal-length-label">{t('Focal length', 'Focal length')}</span>
      <span className="dv-focal-length-value">{millimetres}</span>
      <span className="dv-focal-length-unit">mm</span>
      <span className="dv-focal-length-fov">{camera.fov.toFixed(1)}°</span>
    </div>
  );
}
