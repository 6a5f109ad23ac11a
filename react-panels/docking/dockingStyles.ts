/** Styles of the docking panel frame, its resize footer and the modal background. */
export const dockingStyles = /* css */ `
.dv-panel {
  position: absolute;
  display: flex;
  flex-direction: column;
  min-width: 100px;
  min-height: 100px;
  background: var(--dv-surface);
  border: 1px solid var(--dv-border);
  border-radius: var(--dv-radius);
  box-shadow: var(--dv-shadow);
  pointer-events: auto;
  overflow: hidden;
}
.dv-panel.is-docked-right {
  border-top-right-radius: 0;
  border-bottom-right-radius: 0;
  border-right: 0;
}
.dv-panel.is-docked-bottom {
  border-bottom-left-radius: 0;
  border-bottom-right-radius: 0;
  border-bottom: 0;
}
.dv-panel-title {
  display: flex;
  align-items: center;
  gap: 8px;
  flex: none;
  height: 44px;
  padding: 0 8px 0 16px;
  border-bottom: 1px solid var(--dv-border);
  cursor: move;
  user-select: none;
  touch-action: none;
}
.dv-panel-title h2 {
  flex: 1;
  margin: 0;
  overflow: hidden;
  font: 600 14px/1.2 var(--dv-font);
  white-space: nowrap;
  text-overflow: ellipsis;
}
.dv-panel-body {
  position: relative;
  display: flex;
  flex-direction: column;
  flex: 1;
  min-height: 0;
  overflow: auto;
}
.dv-resize-footer {
  display: flex;
  justify-content: flex-end;
  flex: none;
  height: 18px;
  border-top: 1px solid var(--dv-border);
  background: var(--dv-surface-sunken);
}
.dv-resize-grip {
  display: grid;
  place-items: center;
  width: 22px;
  height: 100%;
  color: var(--dv-muted-text);
  cursor: nwse-resize;
  touch-action: none;
}
.dv-modal-backdrop {
  position: absolute;
  inset: 0;
  background: var(--dv-backdrop);
  pointer-events: auto;
  animation: dv-fade-in 120ms ease-out;
}
@keyframes dv-fade-in {
  from { opacity: 0; }
}
`;
