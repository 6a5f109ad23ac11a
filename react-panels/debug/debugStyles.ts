/** Styles of the debug menu. */
export const debugStyles = /* css */ `
.dv-debug-section h3 {
  margin: 14px 0 8px;
  font: 600 12px var(--dv-font);
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: var(--dv-muted-text);
}
.dv-debug-stats {
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  margin: 0 0 10px;
}
.dv-debug-stats dt {
  color: var(--dv-muted-text);
}
.dv-debug-stats dd {
  margin: 0;
  font-variant-numeric: tabular-nums;
  word-break: break-word;
}
.dv-debug-list {
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
}
.dv-debug-chip {
  padding: 5px 10px;
  border: 1px solid var(--dv-border-strong);
  border-radius: 14px;
  background: var(--dv-surface);
  color: var(--dv-text);
  font: 12px var(--dv-font);
  cursor: pointer;
}
.dv-debug-chip span {
  color: var(--dv-muted-text);
}
.dv-debug-chip:hover {
  background: var(--dv-hover);
}
.dv-debug-chip[aria-pressed='true'] {
  border-color: var(--dv-accent);
  background: var(--dv-accent-soft);
}
`;
