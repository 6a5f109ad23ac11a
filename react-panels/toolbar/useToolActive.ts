import { useEffect, useState } from 'react';
import type { Viewer } from '../../core/index.js';

/**
 * Whether a tool is in the controller's active stack, read again on every tool change. Tools such as
 * explode are active beside the navigation tool, so the active navigation tool's store does not tell.
 */
export function useToolActive(viewer: Viewer, name: string | null): boolean {
  const [active, setActive] = useState(() => name !== null && viewer.toolController.isToolActive(name));
  useEffect(() => {
    const refresh = () => setActive(name !== null && viewer.toolController.isToolActive(name));
    refresh();
    viewer.addEventListener('tool-change', refresh);
    return () => viewer.removeEventListener('tool-change', refresh);
  }, [viewer, name]);
  return active;
}
