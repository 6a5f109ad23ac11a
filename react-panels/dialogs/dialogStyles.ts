/** Styles of the modal dialogs and the log toasts. */
export const dialogStyles = /* css */ `
.dv-dialog-layer {
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  pointer-events: auto;
  z-index: 300;
}
.dv-dialog-layer > .dv-modal-backdrop {
  z-index: 0;
}
.dv-dialog {
  position: relative;
  width: min(400px, calc(100% - 32px));
  padding: 20px;
  background: var(--dv-surface-raised);
  border: 1px solid var(--dv-border);
  border-radius: 12px;
  box-shadow: var(--dv-shadow);
  animation: dv-pop-in 140ms ease-out;
}
@keyframes dv-pop-in {
  from { opacity: 0; transform: translateY(6px) scale(0.98); }
}
.dv-dialog-message {
  margin: 0 0 16px;
  font-size: 14px;
  white-space: pre-wrap;
  word-break: break-word;
}
.dv-dialog-input {
  margin-bottom: 16px;
}
.dv-dialog-buttons {
  display: flex;
  justify-content: flex-end;
  gap: 8px;
}
.dv-toasts {
  position: absolute;
  right: 16px;
  bottom: 76px;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 8px;
  pointer-events: none;
  z-index: 280;
}
.dv-toast {
  display: flex;
  align-items: center;
  gap: 10px;
  max-width: min(360px, calc(100vw - 32px));
  padding: 8px 8px 8px 12px;
  background: var(--dv-surface-raised);
  border: 1px solid var(--dv-border);
  border-left: 4px solid var(--dv-accent);
  border-radius: 8px;
  box-shadow: var(--dv-shadow-small);
  pointer-events: auto;
  animation: dv-pop-in 160ms ease-out;
}
.dv-toast.is-success {
  border-left-color: var(--dv-success);
}
.dv-toast.is-success > .dv-icon {
  color: var(--dv-success);
}
.dv-toast.is-error {
  border-left-color: var(--dv-danger);
}
.dv-toast.is-error > .dv-icon {
  color: var(--dv-danger);
}
.dv-toast-message {
  flex: 1;
}
`;
