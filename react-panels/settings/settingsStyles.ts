/** Styles of the settings panel (tabs, switches, lists) and of the Rendering Options panel. */
export const settingsStyles = /* css */ `
.dv-settings .dv-panel-body {
  overflow: hidden;
  container-type: inline-size;
}
.dv-settings-layout {
  display: flex;
  flex: 1;
  min-height: 0;
}
.dv-settings-tabs {
  display: flex;
  flex-direction: column;
  gap: 2px;
  flex: none;
  width: min(var(--dv-settings-tab-width), 40%);
  padding: 10px 8px;
  border-right: 1px solid var(--dv-border);
  background: var(--dv-surface-sunken);
  overflow: auto;
}
.dv-settings-tab {
  height: 36px;
  padding: 0 12px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: var(--dv-text);
  font: 500 13px var(--dv-font);
  text-align: left;
  cursor: pointer;
}
.dv-settings-tab:hover {
  background: var(--dv-hover);
}
.dv-settings-tab[aria-selected='true'] {
  background: var(--dv-accent-soft);
  color: var(--dv-accent-strong);
  font-weight: 600;
}
:host([theme='dark']) .dv-settings-tab[aria-selected='true'] {
  color: var(--dv-text);
}
.dv-settings-page {
  flex: 1;
  min-width: 0;
  padding: 6px 16px 16px;
  overflow: auto;
}
.dv-setting {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  min-height: 44px;
  border-bottom: 1px solid var(--dv-border);
}
.dv-setting-label {
  flex: 1;
}
.dv-setting.is-disabled .dv-setting-label {
  color: var(--dv-muted-text);
}
.dv-switch:disabled {
  cursor: default;
  opacity: 0.45;
}
.dv-setting-badge {
  display: inline-block;
  margin-left: 8px;
  padding: 1px 7px;
  border: 1px solid var(--dv-border-strong);
  border-radius: 9px;
  color: var(--dv-muted-text);
  font-size: 11px;
  line-height: 16px;
  white-space: nowrap;
}
.dv-setting-note {
  margin: 0 0 8px;
  color: var(--dv-muted-text);
  font-size: 12px;
}
.dv-select {
  width: auto;
  max-width: 55%;
}
.dv-switch {
  position: relative;
  flex: none;
  width: 38px;
  height: 22px;
  padding: 0;
  border: 0;
  border-radius: 11px;
  background: var(--dv-border-strong);
  cursor: pointer;
  transition: background-color 140ms;
}
.dv-switch[aria-checked='true'] {
  background: var(--dv-accent);
}
.dv-switch-thumb {
  position: absolute;
  top: 3px;
  left: 3px;
  width: 16px;
  height: 16px;
  border-radius: 50%;
  background: #fff;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.3);
  transition: transform 140ms;
}
.dv-switch[aria-checked='true'] .dv-switch-thumb {
  transform: translateX(16px);
}
.dv-settings-more {
  margin-top: 16px;
}
.dv-settings-footer {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  flex: none;
  padding: 10px 16px;
  border-top: 1px solid var(--dv-border);
}
.dv-settings-language {
  display: flex;
  align-items: center;
  gap: 8px;
}
.dv-settings-language-label {
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: var(--dv-muted-text);
}
.dv-settings-language .dv-select {
  max-width: none;
}
@container (max-width: 480px) {
  .dv-settings-layout {
    flex-direction: column;
  }
  .dv-settings-tabs {
    flex-direction: row;
    width: auto;
    border-right: 0;
    border-bottom: 1px solid var(--dv-border);
    overflow-x: auto;
  }
}
.dv-rendering-options {
  z-index: 200 !important;
}
.dv-slider {
  padding: 12px 0;
  border-bottom: 1px solid var(--dv-border);
}
.dv-slider-head {
  display: flex;
  justify-content: space-between;
  margin-bottom: 6px;
}
.dv-slider output {
  color: var(--dv-muted-text);
  font-variant-numeric: tabular-nums;
}
.dv-slider input {
  width: 100%;
  accent-color: var(--dv-accent);
}
`;
