/** Styles of the measure panel and of the measurements drawn over the canvas (lines, labels, snap indicator). */
export const measureStyles = /* css */ `
.dv-measure-body {
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-height: 0;
  padding: 8px;
  overflow: auto;
}
.dv-measure-modes {
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: 2px;
}
.dv-measure button {
  min-height: 28px;
  padding: 0 8px;
  border: 1px solid var(--dv-border);
  border-radius: var(--dv-radius-small);
  background: transparent;
  color: var(--dv-text);
  font: inherit;
  cursor: pointer;
}
.dv-measure button:hover:not(:disabled) {
  background: var(--dv-hover);
}
.dv-measure button:disabled {
  opacity: 0.5;
  cursor: default;
}
.dv-measure button[aria-pressed='true'] {
  background: var(--dv-accent-soft);
  color: var(--dv-accent);
  border-color: var(--dv-accent);
}
.dv-measure-options {
  display: flex;
  flex-direction: column;
  gap: 6px;
}
.dv-measure label {
  display: grid;
  grid-template-columns: 72px 1fr auto;
  align-items: center;
  gap: 6px;
  color: var(--dv-muted-text);
}
.dv-measure select,
.dv-measure input {
  flex: 1;
  min-width: 0;
  height: 28px;
  border: 1px solid var(--dv-border);
  border-radius: var(--dv-radius-small);
  background: var(--dv-surface);
  color: var(--dv-text);
  font: inherit;
}
.dv-measure input[aria-invalid='true'] {
  border-color: var(--dv-danger);
}
.dv-measure-calibration p,
.dv-measure-problem,
.dv-measure-status,
.dv-measure-hint,
.dv-measure-empty {
  margin: 0;
  color: var(--dv-muted-text);
}
.dv-measure-problem {
  color: var(--dv-danger);
}
.dv-measure-objects {
  display: flex;
  flex-direction: column;
  gap: 4px;
}
.dv-measure-dimensions {
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px 8px;
  margin: 0;
}
.dv-measure-dimensions dt {
  color: var(--dv-muted-text);
}
.dv-measure-dimensions dd {
  margin: 0;
  font-variant-numeric: tabular-nums;
}
.dv-measure-quantity {
  display: contents;
}
.dv-measure-list {
  margin: 0;
  padding: 0;
  list-style: none;
}
.dv-measurement {
  display: flex;
  gap: 4px;
  padding: 2px 0;
}
.dv-measure .dv-measurement-select {
  display: grid;
  flex: 1;
  grid-template-columns: 1fr auto;
  padding: 4px 8px;
  border-color: transparent;
  text-align: left;
}
.dv-measurement-value {
  font-variant-numeric: tabular-nums;
  font-weight: 600;
}
.dv-measurement-components {
  grid-column: 1 / -1;
  color: var(--dv-muted-text);
  font-size: 12px;
}
.dv-measure-actions {
  display: flex;
  gap: 6px;
}
.dv-measure-layer {
  position: absolute;
  overflow: hidden;
  pointer-events: none;
}
.dv-measure-drawing {
  position: absolute;
  inset: 0;
}
.dv-measurement-drawing {
  stroke: #ffffff;
  stroke-width: 2;
  fill: #0a73b3;
  paint-order: stroke;
}
.dv-measurement-drawing line {
  stroke: #0a73b3;
  stroke-width: 2;
  filter: drop-shadow(0 0 1px #ffffff);
}
.dv-measurement-drawing.is-in-progress line {
  stroke-dasharray: 5 3;
}
.dv-measurement-drawing.is-selected line,
.dv-measurement-drawing.is-selected circle {
  stroke: #ff8a00;
}
.dv-measurement-area {
  fill: rgba(10, 115, 179, 0.18);
  stroke: none;
}
.dv-measure-label {
  position: absolute;
  transform: translate(-50%, -50%);
  padding: 2px 6px;
  border: 1px solid #0a73b3;
  border-radius: 4px;
  background: rgba(255, 255, 255, 0.92);
  color: #1c2530;
  font: 600 12px/1.3 var(--dv-font);
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
}
.dv-measure-label.is-selected {
  border-color: #ff8a00;
  box-shadow: 0 0 0 2px rgba(255, 138, 0, 0.4);
}
.dv-measure-loupe {
  position: absolute;
  overflow: hidden;
  border-radius: 50%;
  background: #20262e;
  /* A ring drawn outside the box (a border would shrink the picture inside it). */
  box-shadow: 0 0 0 2px #ffffff, 0 2px 8px 2px rgba(0, 0, 0, 0.45);
}
.dv-measure-loupe canvas,
.dv-measure-loupe svg {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
}
.dv-measure-loupe-cross {
  stroke: #ffffff;
  stroke-width: 1;
  fill: none;
  filter: drop-shadow(0 0 1px #000000);
}
`;
