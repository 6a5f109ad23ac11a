/** Styles of the feedback panels (spinner, progress bar), adopted into the element's shadow root. */
export const feedbackStyles = /* css */ `
.dv-spinner {
  position: absolute;
  left: 50%;
  top: 50%;
  transform: translate(-50%, -50%);
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  pointer-events: none;
}
.dv-spinner-image {
  width: 48px;
  height: 48px;
  animation: dv-spin 1s linear infinite;
}
.dv-spinner-text {
  font: 600 12px/1 var(--dv-font, system-ui, sans-serif);
  letter-spacing: 0.12em;
  color: var(--dv-muted-text, #4a5561);
}
@keyframes dv-spin {
  to { transform: rotate(360deg); }
}
@media (prefers-reduced-motion: reduce) {
  .dv-spinner-image { animation-duration: 3s; }
}
.dv-progress {
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: 3px;
  background: rgba(0, 0, 0, 0.08);
  pointer-events: none;
}
.dv-progress-value {
  height: 100%;
  background: var(--dv-accent, #0696d7);
  transition: width 120ms linear;
}
`;

/** Styles of the alert box and the heads-up message. */
export const alertStyles = /* css */ `
/* The alert box and the heads-up message: one raised card. */
.dv-alert,
.dv-hud {
  background: var(--dv-surface-raised);
  border: 1px solid var(--dv-border);
  border-radius: 12px;
  box-shadow: var(--dv-shadow);
  pointer-events: auto;
}
.dv-alert {
  position: absolute;
  left: 50%;
  top: 50%;
  transform: translate(-50%, -50%);
  width: min(420px, calc(100% - 32px));
  padding: 20px;
  z-index: 250;
}
.dv-alert-head {
  display: flex;
  align-items: center;
  gap: 10px;
  color: var(--dv-danger);
}
.dv-alert-head h2 {
  margin: 0;
  color: var(--dv-text);
  font: 600 16px/1.3 var(--dv-font);
}
.dv-alert-message {
  margin: 12px 0 8px;
}
.dv-alert-hints {
  margin: 0 0 12px;
  padding-left: 20px;
  color: var(--dv-muted-text);
}
.dv-alert-detail {
  margin: 0 0 12px;
  padding: 8px;
  border-radius: 6px;
  background: var(--dv-surface-sunken);
  color: var(--dv-muted-text);
  font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace;
  word-break: break-word;
}
.dv-hud {
  position: absolute;
  left: 50%;
  top: 16px;
  transform: translateX(-50%);
  width: min(440px, calc(100% - 32px));
  padding: 16px;
  z-index: 220;
}
.dv-hud h2 {
  margin: 0 0 6px;
  font: 600 14px/1.3 var(--dv-font);
}
.dv-hud p {
  margin: 0 0 12px;
}
.dv-hud-footer {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
}
.dv-hud-check {
  display: flex;
  align-items: center;
  gap: 8px;
  color: var(--dv-muted-text);
}
.dv-hud-check input {
  accent-color: var(--dv-accent);
}
`;
