import { useEffect, useState } from 'react';
import type { Viewer } from '../../core/index.js';

/** The ids of the viewer's loaded extensions, read again whenever one loads or unloads. */
export function useLoadedExtensions(viewer: Viewer): readonly string[] {
  const [ids, setIds] = useState(() => viewer.getLoadedExtensions());
  useEffect(() => {
    const refresh = () => setIds(viewer.getLoadedExtensions());
    refresh();
    viewer.addEventListener('extension-loaded', refresh);
    viewer.addEventListener('extension-unloaded', refresh);
    return () => {
      viewer.removeEventListener('extension-loaded', refresh);
      viewer.removeEventListener('extension-unloaded', refresh);
    };
  }, [viewer]);
  return ids;
}
