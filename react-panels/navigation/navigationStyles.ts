/** Styles of the navigation overlays (focal length), adopted into the element's shadow root. */
export const navigationStyles = /* css */ `
.dv-focal-length {
  position: absolute;
  top: 12px;
  left: 50%;
  transform: translateX(-50%);
  display: flex;
  align-items: baseline;
  gap: 6px;
  padding: 6px 14px;
  border-radius: 999px;
  background: rgba(27, 31, 36, 0.78);
  color: #fff;
  font: 500 13px/1.2 var(--dv-font, system-ui, sans-serif);
  box-shadow: 0 2px 10px rgba(0, 0, 0, 0.18);
  pointer-events: none;
  white-space: nowrap;
}
.dv-focal-length-label {
  color: rgba(255, 255, 255, 0.7);
  font-size: 12px;
}
.dv-focal-length-value {
  font-size: 16px;
  font-weight: 650;
  font-variant-numeric: tabular-nums;
}
.dv-focal-length-unit {
  color: rgba(255, 255, 255, 0.85);
}
.dv-focal-length-fov {
  margin-left: 4px;
  padding-left: 10px;
  border-left: 1px solid rgba(255, 255, 255, 0.25);
  color: rgba(255, 255, 255, 0.7);
  font-variant-numeric: tabular-nums;
}
`;
