import { useStore } from '@nanostores/react';
import { EXPLODE_MAX, EXPLODE_MIN } from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';

/** Spec 001 §9: the explode slider's step. */
const EXPLODE_STEP = 0.01;

/**
 * The explode slider (spec 001 §4 "Tool modality", §9), the explode extension's overlay: shown while the
 * explode tool is active (the extension says when), 0 to 1 in steps of 0.01; moving it explodes at once.
 */
export function ExplodeSlider() {
  const viewer = useViewer();
  const t = useTranslate();
  const scale = useStore(viewer.stores.$explodeScale);
  const label = t('Explode scale', 'Explode scale');
  return (
    <div className="dv-tool-option dv-explode-slider" data-panel="explode">
      <input
        type="range"
        min={EXPLODE_MIN}
        max={EXPLODE_MAX}
        step={EXPLODE_STEP}
        value={scale}
        aria-label={label}
        title={label}
        onChange={(event) => viewer.explode(Number(event.currentTarget.value))}
      />
    </div>
  );
}
