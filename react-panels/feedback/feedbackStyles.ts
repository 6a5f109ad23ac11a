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
