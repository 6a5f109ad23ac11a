import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { type SectionAxis, SectionTool } from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';

/** The position slider moves in these steps (the explode slider's, spec 001 §9). */
const SECTION_POSITION_STEP = 0.01;
const AXES: readonly SectionAxis[] = ['x', 'y', 'z'];
const NO_PLACEMENT = atom(null);

/**
 * The section plane's controls, the section extension's overlay (shown while the section tool is active,
 * the extension says when): the world axis it cuts across, where along the models it lies (0 to 1), and
 * which side is cut away.
 */
export function SectionControls() {
  const viewer = useViewer();
  const t = useTranslate();
  const tool = viewer.toolController.getTool('section');
  const section = tool instanceof SectionTool ? tool : null;
  const placement = useStore(section?.$placement ?? NO_PLACEMENT);
  if (!section || !placement) return null;
  const positionLabel = t('Section position', 'Section position');
  return (
    <div className="dv-tool-option dv-section-controls" data-panel="section">
      <div className="dv-section-axes" role="group" aria-label={t('Section analysis', 'Section analysis')}>
        {AXES.map((axis) => (
          <button
            key={axis}
            type="button"
            className={`dv-section-axis${placement.axis === axis ? ' is-active' : ''}`}
            data-axis={axis}
            aria-pressed={placement.axis === axis}
            onClick={() => section.place({ axis })}
          >
            {axis.toUpperCase()}
          </button>
        ))}
      </div>
      <input
        type="range"
        min={0}
        max={1}
        step={SECTION_POSITION_STEP}
        value={placement.position}
        aria-label={positionLabel}
        title={positionLabel}
        onChange={(event) => section.place({ position: Number(event.currentTarget.value) })}
      />
      <button type="button" className="dv-section-flip" aria-pressed={placement.isFlipped} onClick={() => section.place({ isFlipped: !placement.isFlipped })}>
        {t('Flip section', 'Flip section')}
      </button>
    </div>
  );
}
