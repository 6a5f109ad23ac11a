import { memo } from 'react';
import { ResourceImage } from '../ResourceImage.js';
import { useTranslate } from '../ViewerContext.js';
import { cubeTransform, FACES, PERSPECTIVE_SHARE, shadeOf, zonesOf } from './cubeGeometry.js';

type Vec = [number, number, number];

export interface CubeBodyProps {
  eye: Vec;
  up: Vec;
  isPerspective: boolean;
  /** The target under the pointer: every zone showing it is highlighted (an edge on two faces, a corner on three). */
  hovered: string | null;
  /** The opaque body under the half-transparent widget: surfaces only, no labels, no hot spots. */
  isBacking?: boolean;
}

/**
 * The cube itself, in CSS 3D: six labelled faces with the cube map and edge textures, soft shading from
 * the upper left, and a 3x3 grid of hot spots on each face (face, edges, corners). Turned with the camera
 * and seen through a camera of the spec's 45° field of view (none when the view is orthographic).
 */
export const CubeBody = memo(function CubeBody({ eye, up, isPerspective, hovered, isBacking = false }: CubeBodyProps) {
  const t = useTranslate();
  return (
    <div className="dv-viewcube-scene" style={{ perspective: isPerspective ? `calc(var(--dv-viewcube-size) * ${PERSPECTIVE_SHARE.toFixed(4)})` : 'none' }}>
      <div className="dv-viewcube-cube" style={{ transform: cubeTransform(eye, up) }}>
        {FACES.map((face) => (
          <div key={face.face} className="dv-viewcube-face" data-face={isBacking ? undefined : face.face} style={{ transform: `${face.rotation} translateZ(calc(var(--dv-cube-edge) / 2))` }}>
            <ResourceImage path="textures/viewcube-face.png" className="dv-viewcube-face-map" />
            {isBacking ? null : <span className="dv-viewcube-label">{t(face.label, face.label)}</span>}
            <div className="dv-viewcube-shade" style={{ opacity: shadeOf(face.normal, eye, up) }} />
            <ResourceImage path="textures/viewcube-edge.png" className="dv-viewcube-edge" />
            {isBacking ? null : (
              <div className="dv-viewcube-zones">
                {zonesOf(face).map((zone) => (
                  <div
                    key={`${zone.row},${zone.column}`}
                    className={zone.target === hovered ? 'dv-viewcube-zone is-hovered' : 'dv-viewcube-zone'}
                    data-target={zone.target}
                    data-kind={zone.target.includes(' ') ? (zone.target.split(' ').length === 3 ? 'corner' : 'edge') : 'face'}
                  />
                ))}
              </div>
            )}
          </div>
        ))}
      </div>
    </div>
  );
});
