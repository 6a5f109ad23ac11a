import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { POINTER_MARKER_OFFSET_PX, POINTER_MARKER_SIZE_PX, type SharedPointer } from '../../core/index.js';
import { useChrome } from '../ChromeState.js';
import { projectPoint } from '../measure/projectPoint.js';
import { useViewer } from '../ViewerContext.js';
import { useCollaborate } from './useCollaborate.js';

const NO_POINTERS = atom<Readonly<Record<string, SharedPointer>>>({});

/**
 * The other reviewers' pointers over the canvas (spec 000 §2 "Collaboration pointer marker": 6 px wide,
 * drawn with its offset), each in its user's colour with the name beside it, placed again at every camera
 * change.
 */
export function PointerMarkers() {
  const viewer = useViewer();
  const chrome = useChrome();
  const review = useCollaborate();
  const pointers = useStore(review?.pointers?.$pointers ?? NO_POINTERS);
  useStore(review?.$phase ?? atom('prompt'));
  useStore(viewer.stores.$camera);
  useStore(chrome.$size);
  const list = Object.values(pointers);
  if (!list.length || !chrome.root) return null;
  const canvasRect = viewer.canvas.getBoundingClientRect();
  const rootRect = chrome.root.getBoundingClientRect();
  const camera = viewer.navigation.getThreeCamera();
  camera.updateMatrixWorld();
  return (
    <div className="dv-review-pointers" style={{ left: canvasRect.left - rootRect.left, top: canvasRect.top - rootRect.top, width: canvasRect.width, height: canvasRect.height }}>
      {list.map((pointer) => {
        const at = projectPoint(camera, canvasRect.width, canvasRect.height, pointer.point);
        if (!at) return null;
        return (
          <div key={pointer.userId} className="dv-review-pointer" data-user={pointer.userId} style={{ left: at.x - POINTER_MARKER_SIZE_PX / 2, top: at.y - POINTER_MARKER_SIZE_PX / 2 }}>
            <span className="dv-review-pointer-dot" style={{ width: POINTER_MARKER_SIZE_PX, height: POINTER_MARKER_SIZE_PX, background: pointer.color }} />
            <span className="dv-review-pointer-name" style={{ color: pointer.color, left: POINTER_MARKER_SIZE_PX + POINTER_MARKER_OFFSET_PX }}>
              {pointer.name}
            </span>
          </div>
        );
      })}
    </div>
  );
}
