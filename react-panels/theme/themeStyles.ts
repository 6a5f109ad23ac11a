/**
 * The chrome's design tokens (light by default, dark with the element's `theme="dark"`) and the base
 * controls every panel shares: buttons, fields, switches, the focus ring. Adopted into the shadow root,
 * so nothing leaks into the page.
 */
export const themeStyles = /* css */ `
:host {
  --dv-font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK JP', 'Hiragino Sans', 'Microsoft YaHei', sans-serif;
  --dv-surface: #ffffff;
  --dv-surface-raised: #ffffff;
  --dv-surface-sunken: #f3f5f7;
  --dv-border: #d5dbe1;
  --dv-border-strong: #aab4bf;
  --dv-text: #1c2530;
  --dv-muted-text: #56616e;
  --dv-accent: #0a73b3;
  --dv-accent-strong: #075a8c;
  --dv-accent-text: #ffffff;
  --dv-accent-soft: rgba(10, 115, 179, 0.12);
  --dv-accent-softer: rgba(10, 115, 179, 0.06);
  --dv-hover: rgba(28, 37, 48, 0.06);
  --dv-danger: #b42318;
  --dv-success: #12805c;
  --dv-mark: #ffe58f;
  --dv-shadow: 0 10px 30px rgba(16, 24, 40, 0.14), 0 2px 6px rgba(16, 24, 40, 0.08);
  --dv-shadow-small: 0 2px 8px rgba(16, 24, 40, 0.12);
  --dv-backdrop: rgba(16, 24, 40, 0.32);
  --dv-radius: 10px;
  --dv-radius-small: 6px;
  --dv-focus-ring: 0 0 0 2px var(--dv-surface), 0 0 0 4px var(--dv-accent);
}
:host([theme='dark']) {
  background: #1b1f24;
  --dv-surface: #252a31;
  --dv-surface-raised: #2c323a;
  --dv-surface-sunken: #1f2329;
  --dv-border: #3b434d;
  --dv-border-strong: #5b6572;
  --dv-text: #e8ecf0;
  --dv-muted-text: #a9b3be;
  --dv-accent: #4fb3ea;
  --dv-accent-strong: #7cc8f2;
  --dv-accent-text: #0d1a24;
  --dv-accent-soft: rgba(79, 179, 234, 0.2);
  --dv-accent-softer: rgba(79, 179, 234, 0.1);
  --dv-hover: rgba(255, 255, 255, 0.07);
  --dv-danger: #ff8a80;
  --dv-success: #5fd3a4;
  --dv-mark: #8a6d00;
  --dv-shadow: 0 10px 30px rgba(0, 0, 0, 0.45), 0 2px 6px rgba(0, 0, 0, 0.3);
  --dv-shadow-small: 0 2px 8px rgba(0, 0, 0, 0.35);
  --dv-backdrop: rgba(0, 0, 0, 0.5);
}
.chrome > .dv-chrome {
  position: absolute;
  inset: 0;
  pointer-events: none;
  font: 13px/1.4 var(--dv-font);
  color: var(--dv-text);
  container-type: size;
}
.dv-chrome * {
  box-sizing: border-box;
}
.dv-chrome :where(button, input, select, a, [tabindex]):focus-visible {
  outline: none;
  box-shadow: var(--dv-focus-ring);
}
.design-viewer-canvas:focus-visible {
  outline: 2px solid var(--dv-accent) !important;
  outline-offset: -2px;
}
.dv-icon {
  display: block;
  flex: none;
}
.dv-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-height: 32px;
  padding: 0 14px;
  border: 1px solid var(--dv-border-strong);
  border-radius: var(--dv-radius-small);
  background: var(--dv-surface-raised);
  color: var(--dv-text);
  font: 500 13px/1 var(--dv-font);
  cursor: pointer;
}
.dv-button:hover {
  background: var(--dv-hover);
}
.dv-button.is-primary {
  background: var(--dv-accent);
  border-color: var(--dv-accent);
  color: var(--dv-accent-text);
}
.dv-button.is-primary:hover {
  background: var(--dv-accent-strong);
}
.dv-icon-button {
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  padding: 0;
  border: 0;
  border-radius: var(--dv-radius-small);
  background: transparent;
  color: var(--dv-muted-text);
  cursor: pointer;
}
.dv-icon-button:hover {
  background: var(--dv-hover);
  color: var(--dv-text);
}
.dv-field {
  width: 100%;
  height: 32px;
  padding: 0 10px;
  border: 1px solid var(--dv-border-strong);
  border-radius: var(--dv-radius-small);
  background: var(--dv-surface);
  color: var(--dv-text);
  font: 13px var(--dv-font);
}
.dv-field:focus-visible {
  border-color: var(--dv-accent);
}
.dv-visually-hidden {
  position: absolute !important;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}
.dv-empty {
  padding: 24px 16px;
  color: var(--dv-muted-text);
  text-align: center;
}
@media (prefers-reduced-motion: reduce) {
  .dv-chrome *, .dv-chrome *::before, .dv-chrome *::after {
    transition-duration: 0.01ms !important;
  }
}
`;
