import { projectToWidget, worldAxisInCube } from './cubeGeometry.js';

type Vec = [number, number, number];

const AXES = [
  { label: 'X', color: '#e5484d' },
  { label: 'Y', color: '#30a46c' },
  { label: 'Z', color: '#0b84f3' },
] as const;

/** How far the axes reach from the cube's corner, in half edges (past the cube by a little). */
const AXIS_LENGTH = 2.5;

/**
 * The optional axis triad (spec 000 §2): the model's X, Y and Z axes drawn from the cube's corner they
 * point away from, turned with the cube. Drawn over the cube in SVG; labels are the axis letters.
 */
export function AxisTriad({ eye, up, isPerspective, frame }: { eye: Vec; up: Vec; isPerspective: boolean; frame: { right: Vec; up: Vec; front: Vec } }) {
  const axes = ([0, 1, 2] as const).map((i) => worldAxisInCube(i, frame));
  const corner: Vec = [0, 1, 2].map((c) => -Math.sign(axes[0][c] + axes[1][c] + axes[2][c]) || -1) as Vec;
  const origin = projectToWidget(corner, eye, up, isPerspective);
  return (
    <svg className="dv-viewcube-triad" viewBox="0 0 100 100" aria-hidden="true">
      {axes.map((axis, i) => {
        const tip = projectToWidget([0, 1, 2].map((c) => corner[c] + axis[c] * AXIS_LENGTH) as Vec, eye, up, isPerspective);
        const label = projectToWidget([0, 1, 2].map((c) => corner[c] + axis[c] * (AXIS_LENGTH + 0.45)) as Vec, eye, up, isPerspective);
        return (
          <g key={AXES[i].label} data-axis={AXES[i].label}>
            <line x1={origin[0] * 100} y1={origin[1] * 100} x2={tip[0] * 100} y2={tip[1] * 100} stroke={AXES[i].color} strokeWidth="1.6" strokeLinecap="round" />
            <text x={label[0] * 100} y={label[1] * 100} fill={AXES[i].color} fontSize="7" fontWeight="700" textAnchor="middle" dominantBaseline="central">
              {AXES[i].label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
