/** Thumbnails the strip shows at once (at most; fewer in a narrow canvas). */
const VISIBLE_THUMBNAILS = 7;

/**
 * Styles of the rewind timeline, adopted into the element's shadow root. The strip's geometry is the core's
 * (RewindStrip sets it from the timeline's state): --dv-rewind-thumbnail, a thumbnail's side, and
 * --dv-rewind-pitch, from one thumbnail to the next.
 */
export const rewindStyles = /* css */ `
.dv-rewind-layer {
  position: absolute;
  inset: 0;
  pointer-events: none;
  container-type: size;
  overflow: hidden;
}
/* An open strip lies over the toolbar, which shares its bottom row. */
.dv-rewind-layer:has(.dv-rewind.is-open) {
  z-index: 6;
}
.dv-rewind {
  position: absolute;
  left: 12px;
  bottom: 14px;
  display: flex;
  align-items: flex-end;
  gap: 10px;
  pointer-events: none;
  font: 400 12px/1 var(--dv-font, system-ui, -apple-system, 'Segoe UI', sans-serif);
}
.dv-rewind-button {
  flex: none;
  display: grid;
  place-items: center;
  width: 36px;
  height: 36px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.94);
  color: #3b4651;
  box-shadow: 0 2px 8px rgba(15, 23, 42, 0.18), 0 0 0 1px rgba(15, 23, 42, 0.08);
  cursor: pointer;
  pointer-events: auto;
  transition: color 120ms ease, background 120ms ease;
}
.dv-rewind-button > svg {
  width: 20px;
  height: 20px;
}
.dv-rewind-button:hover,
.dv-rewind.is-open .dv-rewind-button {
  color: var(--dv-accent, #0696d7);
}
.dv-rewind-button:disabled {
  opacity: 0.45;
  cursor: default;
}
.dv-rewind-button:focus-visible,
.dv-rewind-viewport:focus-visible {
  outline: 2px solid var(--dv-accent, #0696d7);
  outline-offset: 2px;
}
.dv-rewind-panel {
  padding: 8px;
  border-radius: 14px;
  background: rgba(27, 33, 41, 0.84);
  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.28);
  backdrop-filter: blur(6px);
  pointer-events: auto;
}
.dv-rewind-viewport {
  position: relative;
  width: min(calc(${VISIBLE_THUMBNAILS} * var(--dv-rewind-pitch)), calc(100cqw - 90px));
  min-width: calc(3 * var(--dv-rewind-pitch));
  height: calc(var(--dv-rewind-thumbnail) + 12px);
  overflow: hidden;
  cursor: grab;
  touch-action: none;
  border-radius: 8px;
  -webkit-mask-image: linear-gradient(90deg, transparent, #000 14%, #000 86%, transparent);
  mask-image: linear-gradient(90deg, transparent, #000 14%, #000 86%, transparent);
}
.dv-rewind-viewport.is-sliding {
  cursor: grabbing;
}
.dv-rewind-track {
  position: absolute;
  left: 50%;
  top: 6px;
  height: var(--dv-rewind-thumbnail);
}
.dv-rewind-thumbnail {
  position: absolute;
  top: 0;
  border-radius: 7px;
  overflow: hidden;
  background: #dfe3e8;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.35);
  transition: transform 90ms ease, opacity 90ms ease;
}
.dv-rewind-thumbnail.is-ahead {
  filter: grayscale(0.6);
}
.dv-rewind-thumbnail > img {
  display: block;
  width: 100%;
  height: 100%;
  pointer-events: none;
}
.dv-rewind-playhead {
  position: absolute;
  left: 50%;
  top: 50%;
  transform: translate(-50%, -50%);
  box-sizing: border-box;
  border: 2px solid rgba(255, 255, 255, 0.75);
  border-radius: 9px;
  pointer-events: none;
  transition: border-color 90ms ease, box-shadow 90ms ease;
}
.dv-rewind-playhead.is-snapped {
  border-color: var(--dv-accent, #0696d7);
  box-shadow: 0 0 0 3px rgba(6, 150, 215, 0.28);
}
`;
