/** Styles of the toolbar: a floating bar at the bottom centre, groups split by hairlines, flyouts above. */
export const toolbarStyles = /* css */ `
.dv-tool-options {
  position: absolute;
  left: 50%;
  bottom: 68px;
  transform: translateX(-50%);
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 6px;
  pointer-events: none;
  z-index: 5;
}
.dv-tool-option {
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 14px;
  background: var(--dv-surface-raised);
  border: 1px solid var(--dv-border);
  border-radius: 10px;
  box-shadow: var(--dv-shadow-small);
  color: var(--dv-text);
  pointer-events: auto;
}
.dv-tool-option input[type='range'] {
  display: block;
  width: 180px;
  accent-color: var(--dv-accent);
}
.dv-section-axes {
  display: flex;
  gap: 2px;
}
.dv-tool-option button {
  min-width: 30px;
  height: 28px;
  padding: 0 8px;
  border: 1px solid var(--dv-border);
  border-radius: 6px;
  background: transparent;
  color: var(--dv-text);
  font: inherit;
  cursor: pointer;
}
.dv-tool-option button:hover {
  background: var(--dv-hover);
}
.dv-tool-option button[aria-pressed='true'] {
  background: var(--dv-accent-soft);
  color: var(--dv-accent);
  border-color: var(--dv-accent);
}
.dv-toolbar {
  position: absolute;
  left: 50%;
  bottom: 14px;
  transform: translateX(-50%);
  display: flex;
  align-items: center;
  padding: 4px;
  background: var(--dv-surface-raised);
  border: 1px solid var(--dv-border);
  border-radius: 12px;
  box-shadow: var(--dv-shadow-small);
  pointer-events: auto;
  z-index: 5;
  white-space: nowrap;
}
.dv-toolbar-group {
  display: flex;
  align-items: center;
  gap: 2px;
  padding: 0 4px;
}
.dv-toolbar-group:empty {
  display: none;
}
.dv-toolbar-group + .dv-toolbar-group:not(:empty) {
  border-left: 1px solid var(--dv-border);
}
.dv-toolbar-item {
  position: relative;
  display: inline-flex;
}
.dv-toolbar-button {
  display: grid;
  place-items: center;
  width: 38px;
  height: 38px;
  padding: 0;
  border: 0;
  border-radius: 8px;
  background: transparent;
  color: var(--dv-text);
  cursor: pointer;
  transition: background-color 120ms, color 120ms;
}
.dv-toolbar-button:hover {
  background: var(--dv-hover);
}
.dv-toolbar-button.is-active {
  background: var(--dv-accent-soft);
  color: var(--dv-accent);
}
.dv-toolbar-button.is-disabled {
  color: var(--dv-muted-text);
  opacity: 0.45;
  cursor: default;
}
.dv-toolbar-button.is-disabled:hover {
  background: transparent;
}
.dv-tooltip {
  position: absolute;
  left: 50%;
  bottom: calc(100% + 10px);
  transform: translate(-50%, 4px);
  padding: 5px 9px;
  border-radius: 6px;
  background: #1c2530;
  color: #fff;
  font: 500 12px/1.2 var(--dv-font);
  white-space: nowrap;
  opacity: 0;
  pointer-events: none;
  transition: opacity 120ms, transform 120ms;
  z-index: 30;
}
:host([theme='dark']) .dv-tooltip {
  background: #f1f4f7;
  color: #1c2530;
}
.dv-toolbar-item:hover .dv-tooltip,
.dv-toolbar-item:focus-within .dv-tooltip {
  opacity: 1;
  transform: translate(-50%, 0);
  transition-delay: 350ms;
}
.dv-toolbar-item:focus-within .dv-tooltip {
  transition-delay: 0ms;
}
.dv-toolbar-flyout[data-menu-owner] .dv-toolbar-menu ~ .dv-tooltip,
.dv-toolbar-flyout:has(.dv-toolbar-menu) .dv-tooltip {
  display: none;
}
.dv-toolbar-flyout {
  position: relative;
  display: inline-flex;
  align-items: center;
}
.dv-toolbar-combo-arrow {
  display: grid;
  place-items: center;
  width: 14px;
  height: 38px;
  margin-left: -2px;
  padding: 0;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: var(--dv-muted-text);
  cursor: pointer;
}
.dv-toolbar-combo-arrow:hover {
  background: var(--dv-hover);
  color: var(--dv-text);
}
/* The menus' surface and items: theme/menuStyles.ts. */
.dv-toolbar-menu {
  left: 0;
  bottom: calc(100% + 10px);
  min-width: 180px;
  z-index: 40;
}
.dv-toolbar-menu-item {
  display: flex;
  align-items: center;
  gap: 10px;
  height: 34px;
  padding: 0 10px;
}
.dv-toolbar-menu-item:hover,
.dv-toolbar-menu-item:focus-visible {
  background: var(--dv-hover);
}
.dv-toolbar-menu-item.is-checked {
  color: var(--dv-accent);
  background: var(--dv-accent-softer);
}
.dv-toolbar-menu-item[aria-disabled='true'] {
  color: var(--dv-muted-text);
  opacity: 0.6;
  cursor: default;
}
`;
