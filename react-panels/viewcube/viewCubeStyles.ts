import { CUBE_EDGE_SHARE, EDGE_STRIP_SHARE, FRONT_FACE_SCALE } from './cubeGeometry.js';

/** Spec 000 §9 "Orientation cube": the cube's size (CSS pixels; less in a small canvas). */
const VIEW_CUBE_SIZE = 200;
/** Spec 000 §2, §9: the hovered face's highlight (opacity of the accent over it). */
const VIEW_CUBE_HOVER_HIGHLIGHT = 0.3;

/** Where the face looking at the camera ends, from the widget's centre (share of the widget). */
const FACE_HALF = (FRONT_FACE_SCALE * CUBE_EDGE_SHARE) / 2;
const pct = (share: number) => `${(share * 100).toFixed(2)}%`;

/**
 * Styles of the orientation cube and its menu, adopted into the element's shadow root. The widget is the
 * spec's 200 px square (spec 000 §9), smaller in small canvases; everything in it scales with it.
 */
export const viewCubeStyles = /* css */ `
.dv-viewcube-layer {
  position: absolute;
  inset: 0;
  pointer-events: none;
  container-type: size;
  overflow: hidden;
}
.dv-viewcube,
.dv-viewcube-backing {
  --dv-viewcube-size: min(${VIEW_CUBE_SIZE}px, 46cqmin);
  --dv-cube-edge: calc(var(--dv-viewcube-size) * ${CUBE_EDGE_SHARE.toFixed(4)});
  position: absolute;
  top: 0;
  right: 0;
  width: var(--dv-viewcube-size);
  height: var(--dv-viewcube-size);
  pointer-events: none;
  user-select: none;
  -webkit-user-select: none;
}
.dv-viewcube {
  transition: opacity 160ms ease;
}
/* The backing's shadow would double the widget's when the widget is opaque. */
.dv-viewcube-backing .dv-viewcube-scene {
  filter: none;
}
.dv-viewcube-hit {
  position: absolute;
  inset: 0;
  touch-action: none;
}
.dv-viewcube-scene {
  position: absolute;
  inset: 0;
  filter: drop-shadow(0 1.5px 2.5px rgba(16, 24, 32, 0.28));
}
.dv-viewcube-cube {
  position: absolute;
  inset: 0;
  transform-style: preserve-3d;
}
.dv-viewcube-face {
  position: absolute;
  left: 50%;
  top: 50%;
  width: var(--dv-cube-edge);
  height: var(--dv-cube-edge);
  margin: calc(var(--dv-cube-edge) / -2) 0 0 calc(var(--dv-cube-edge) / -2);
  backface-visibility: hidden;
  -webkit-backface-visibility: hidden;
  /* No overflow clip: Chromium hit-tests clipped children of 3D-turned elements in the wrong place. */
}
.dv-viewcube-face > img,
.dv-viewcube-shade {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  pointer-events: none;
}
.dv-viewcube-shade {
  background: #1d2733;
}
.dv-viewcube-label {
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  font: 650 calc(var(--dv-cube-edge) * 0.16) / 1 var(--dv-font, system-ui, -apple-system, 'Segoe UI', sans-serif);
  letter-spacing: 0.03em;
  color: #2e3944;
  white-space: nowrap;
  pointer-events: none;
}
.dv-viewcube-zones {
  position: absolute;
  inset: 0;
  display: grid;
  grid-template-columns: ${pct(EDGE_STRIP_SHARE)} 1fr ${pct(EDGE_STRIP_SHARE)};
  grid-template-rows: ${pct(EDGE_STRIP_SHARE)} 1fr ${pct(EDGE_STRIP_SHARE)};
}
.dv-viewcube-zone {
  pointer-events: auto;
  cursor: pointer;
}
.dv-viewcube-zone.is-hovered {
  background: rgba(6, 150, 215, ${VIEW_CUBE_HOVER_HIGHLIGHT});
}
.dv-viewcube-triad {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  overflow: visible;
  pointer-events: none;
}
.dv-viewcube-button {
  position: absolute;
  transform: translate(-50%, -50%);
  padding: 0;
  border: 0;
  background: none;
  cursor: pointer;
  pointer-events: auto;
  border-radius: 4px;
}
.dv-viewcube-button:focus-visible {
  outline: 2px solid var(--dv-accent, #0696d7);
  outline-offset: 1px;
}
.dv-viewcube-button > img {
  display: block;
  width: 100%;
  height: 100%;
}
.dv-viewcube-button > .dv-icon-hover,
.dv-viewcube-button:hover > .dv-icon,
.dv-viewcube-button:focus-visible > .dv-icon {
  display: none;
}
.dv-viewcube-button:hover > .dv-icon-hover,
.dv-viewcube-button:focus-visible > .dv-icon-hover {
  display: block;
}
/* An icon whose image could not be had: a glyph drawn as text, kept on hover (its hover image is missing too). */
.dv-viewcube-button > .dv-image-fallback {
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  height: 100%;
  font: 600 calc(var(--dv-viewcube-size) * 0.07) / 1 system-ui, sans-serif;
  color: #555;
}
.dv-viewcube-button:hover > .dv-image-fallback,
.dv-viewcube-button:focus-visible > .dv-image-fallback {
  display: flex;
  color: var(--dv-accent, #0696d7);
}
.dv-viewcube-arrow {
  width: 9%;
  height: 9%;
}
.dv-viewcube-arrow[data-arrow='up'] { left: 50%; top: ${pct(0.5 - FACE_HALF - 0.075)}; }
.dv-viewcube-arrow[data-arrow='down'] { left: 50%; top: ${pct(0.5 + FACE_HALF + 0.075)}; }
.dv-viewcube-arrow[data-arrow='left'] { left: ${pct(0.5 - FACE_HALF - 0.075)}; top: 50%; }
.dv-viewcube-arrow[data-arrow='right'] { left: ${pct(0.5 + FACE_HALF + 0.075)}; top: 50%; }
.dv-viewcube-arrow[data-arrow='right'] > * { transform: rotate(90deg); }
.dv-viewcube-arrow[data-arrow='down'] > * { transform: rotate(180deg); }
.dv-viewcube-arrow[data-arrow='left'] > * { transform: rotate(-90deg); }
.dv-viewcube-roll {
  width: 12%;
  height: 12%;
  top: ${pct(0.5 - FACE_HALF - 0.07)};
}
.dv-viewcube-roll[data-roll='clockwise'] { left: ${pct(0.5 + FACE_HALF + 0.06)}; }
.dv-viewcube-roll[data-roll='counterclockwise'] { left: ${pct(0.5 - FACE_HALF - 0.06)}; }
.dv-viewcube-roll[data-roll='counterclockwise'] > * { transform: scaleX(-1); }
.dv-viewcube-context {
  width: 9.5%;
  height: 9.5%;
  left: ${pct(0.5 + FACE_HALF + 0.06)};
  top: ${pct(0.5 + FACE_HALF + 0.06)};
}
.dv-viewcube-home {
  width: 11%;
  height: 11%;
  left: ${pct(0.5 - FACE_HALF - 0.06)};
  top: ${pct(0.5 + FACE_HALF + 0.06)};
}

.dv-viewcube-menu {
  position: absolute;
  z-index: 10;
  box-sizing: border-box;
  padding: 5px 0;
  pointer-events: auto;
  background: #ffffff;
  border-radius: 8px;
  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.2), 0 2px 6px rgba(15, 23, 42, 0.12), 0 0 0 1px rgba(15, 23, 42, 0.08);
  font: 400 13px/1 var(--dv-font, system-ui, -apple-system, 'Segoe UI', sans-serif);
  color: #1f2933;
  outline: none;
}
.dv-viewcube-menu-item {
  display: flex;
  align-items: center;
  gap: 8px;
  box-sizing: border-box;
  width: 100%;
  padding: 0 18px 0 10px;
  border: 0;
  background: none;
  font: inherit;
  color: inherit;
  text-align: left;
  white-space: nowrap;
  cursor: pointer;
}
.dv-viewcube-menu-item:hover,
.dv-viewcube-menu-item:focus-visible {
  background: #e9f4fb;
  color: #075f8c;
  outline: none;
}
.dv-viewcube-menu-check {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 16px;
  flex: none;
}
.dv-radio {
  box-sizing: border-box;
  width: 13px;
  height: 13px;
  border-radius: 50%;
  border: 1.5px solid #98a3ae;
  background: #ffffff;
}
.dv-radio.is-checked {
  border-color: var(--dv-accent, #0696d7);
  background: radial-gradient(circle, var(--dv-accent, #0696d7) 0 3px, #ffffff 3.5px);
}
.dv-viewcube-menu-separator {
  margin: 4px 0;
  background: #e2e6ea;
}
`;
