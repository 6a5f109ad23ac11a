import type { ReactNode } from 'react';

/** A gear outline with `teeth` teeth, drawn once: outer radius 9.5, root radius 7 (24×24 box). */
function gearPath(teeth = 8): string {
  const points: string[] = [];
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i++) {
    const a = i * step - Math.PI / 2;
    const corners: [number, number][] = [
      [a - step * 0.32, 7],
      [a - step * 0.17, 9.5],
      [a + step * 0.17, 9.5],
      [a + step * 0.32, 7],
    ];
    for (const [angle, r] of corners) points.push(`${(12 + r * Math.cos(angle)).toFixed(2)} ${(12 + r * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${points.join(' L')} Z`;
}

/**
 * The chrome's icons, drawn for it on a 24×24 grid with 1.75 px strokes (no icon font, nothing fetched).
 * Each entry is the SVG content; `Icon` wraps it.
 */
const SHAPES = {
  orbit: (
    <>
      <ellipse cx="12" cy="12" rx="9.5" ry="4.2" />
      <circle cx="12" cy="12" r="2.6" />
      <path d="M17.5 5.2l2.3 2.5-3.2.9" />
    </>
  ),
  freeorbit: (
    <>
      <ellipse cx="12" cy="12" rx="9.5" ry="4.2" />
      <ellipse cx="12" cy="12" rx="4.2" ry="9.5" />
      <circle cx="12" cy="12" r="1.4" />
    </>
  ),
  pan: (
    <>
      <path d="M12 3v18M3 12h18" />
      <path d="M9.5 5.5L12 3l2.5 2.5M9.5 18.5L12 21l2.5-2.5M5.5 9.5L3 12l2.5 2.5M18.5 9.5L21 12l-2.5 2.5" />
    </>
  ),
  zoom: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.2 15.2L21 21M10.5 7.8v5.4M7.8 10.5h5.4" />
    </>
  ),
  zoomWindow: (
    <>
      <path d="M3 8V3h5M16 3h5v5M3 16v5h5" strokeDasharray="2 2" />
      <circle cx="13" cy="13" r="4.5" />
      <path d="M16.3 16.3L21 21" />
    </>
  ),
  walk: (
    <>
      <circle cx="13" cy="4.2" r="1.8" />
      <path d="M10 21l2.5-6.5 2.5 2.5V21M12.5 14.5l1-5.5-3.5 1.5-1.5 3.5M13.5 9l2 3 3 1" />
    </>
  ),
  camera: (
    <>
      <path d="M3.5 8.5a2 2 0 012-2h2.2l1.6-2h5.4l1.6 2h2.2a2 2 0 012 2v9a2 2 0 01-2 2h-13a2 2 0 01-2-2z" />
      <circle cx="12" cy="13" r="3.5" />
    </>
  ),
  home: <path d="M3.5 11L12 4l8.5 7M6 9v11h4.5v-6h3v6H18V9" />,
  fit: (
    <>
      <path d="M3.5 8.5v-5h5M15.5 3.5h5v5M20.5 15.5v5h-5M8.5 20.5h-5v-5" />
      <rect x="8" y="8" width="8" height="8" rx="1" />
    </>
  ),
  focalLength: (
    <>
      <path d="M3.5 12L20.5 4.5v15z" />
      <path d="M9 9.6a6 6 0 010 4.8" />
    </>
  ),
  roll: (
    <>
      <path d="M19.5 12a7.5 7.5 0 11-2.2-5.3" />
      <path d="M19.8 3.8l-.3 4.4-4.4-.3" />
      <path d="M12 9v6M9 12h6" />
    </>
  ),
  explode: (
    <>
      <rect x="9" y="9" width="6" height="6" rx="0.8" />
      <path d="M4 4l3 3M20 4l-3 3M4 20l3-3M20 20l-3-3M4 4h3M4 4v3M20 4h-3M20 4v3M4 20h3M4 20v-3M20 20h-3M20 20v-3" />
    </>
  ),
  measure: (
    <>
      <path d="M3.5 15.5l12-12 5 5-12 12z" />
      <path d="M7 12l2 2M9.5 9.5l1.5 1.5M12 7l2 2" />
    </>
  ),
  section: (
    <>
      <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z" />
      <path d="M4 12.5l8 4.5 8-4.5" strokeDasharray="2.2 1.8" />
      <path d="M4 7.5l8 4.5 8-4.5M12 12v4" />
    </>
  ),
  browser: (
    <>
      <path d="M4 5h7M8 12h6M8 19h6M6 5v14M6 12h2M6 19h2" />
      <rect x="14" y="10" width="6.5" height="4" rx="1" />
      <rect x="14" y="17" width="6.5" height="4" rx="1" />
      <rect x="11" y="3" width="6.5" height="4" rx="1" />
    </>
  ),
  layers: (
    <>
      <path d="M12 3.5l8.5 4.5-8.5 4.5-8.5-4.5z" />
      <path d="M3.5 12l8.5 4.5 8.5-4.5M3.5 16l8.5 4.5 8.5-4.5" />
    </>
  ),
  properties: (
    <>
      <rect x="4" y="3.5" width="16" height="17" rx="2" />
      <path d="M8 8.5h8M8 12h8M8 15.5h5" />
    </>
  ),
  settings: (
    <>
      <path d={gearPath()} />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  fullscreen: <path d="M3.5 9V3.5H9M15 3.5h5.5V9M20.5 15v5.5H15M9 20.5H3.5V15" />,
  exitFullscreen: <path d="M9 3.5V9H3.5M20.5 9H15V3.5M15 20.5V15h5.5M3.5 15H9v5.5" />,
  collaborate: (
    <>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3 19.5c.6-3.4 3-5.2 6-5.2s5.4 1.8 6 5.2" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16.5 14.3c2.3.1 4 1.5 4.5 4.2" />
    </>
  ),
  debug: (
    <>
      <rect x="7.5" y="8" width="9" height="12" rx="4.5" />
      <path d="M9.5 6.5a2.5 2.5 0 015 0M12 12v8M3.5 13h4M16.5 13h4M4.5 8.5l3 2M19.5 8.5l-3 2M4.5 19l3-2M19.5 19l-3-2" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6L6 18" />,
  eye: (
    <>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  eyeOff: (
    <>
      <path d="M9.9 5.7A9 9 0 0112 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 01-2.6 3.4M6.3 7.3A16.4 16.4 0 002.5 12S6 18.5 12 18.5a9 9 0 004.2-1" />
      <path d="M3.5 3.5l17 17M10 10a3 3 0 004 4" />
    </>
  ),
  chevronRight: <path d="M9.5 6l6 6-6 6" />,
  chevronDown: <path d="M6 9.5l6 6 6-6" />,
  chevronUp: <path d="M6 14.5l6-6 6 6" />,
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.2 15.2L21 21" />
    </>
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5v.5" />
    </>
  ),
  warning: (
    <>
      <path d="M12 3.5l9.5 16.5h-19z" />
      <path d="M12 10v4.5M12 17v.5" />
    </>
  ),
  success: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M7.5 12.3l3 3 6-6.3" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
  grip: <path d="M20 12l-8 8M20 17l-3 3M20 7L7 20" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof SHAPES;

/** Whether a name is one of the chrome's icons (an extension may name one, or give an image URL). */
export function isIconName(name: string): name is IconName {
  return Object.hasOwn(SHAPES, name);
}

/** An inline SVG icon; decorative (the control around it carries the accessible name). */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="dv-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[name]}
    </svg>
  );
}
