/** Styles of the context menu. */
export const contextMenuStyles = /* css */ `
.dv-context-menu {
  position: absolute;
  display: flex;
  flex-direction: column;
  min-width: 200px;
  padding: 4px;
  background: var(--dv-surface-raised);
  border: 1px solid var(--dv-border);
  border-radius: 10px;
  box-shadow: var(--dv-shadow);
  pointer-events: auto;
  z-index: 60;
}
.dv-context-menu-item {
  height: 32px;
  padding: 0 12px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: var(--dv-text);
  font: 13px var(--dv-font);
  text-align: left;
  cursor: pointer;
}
.dv-context-menu-item:hover,
.dv-context-menu-item:focus-visible {
  background: var(--dv-accent-soft);
}
`;
