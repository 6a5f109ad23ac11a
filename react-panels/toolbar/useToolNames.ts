import { useEffect, useState } from 'react';
import type { Viewer } from '../../core/index.js';

/**
 * The names of the registered tools, read again whenever a tool or an extension comes or goes (tools
 * registered later, by extensions or other panels, enable their buttons).
 */
export function useToolNames(viewer: Viewer): readonly string[] {
  const [names, setNames] = useState(() => viewer.toolController.getToolNames());
  useEffect(() => {
    const refresh = () => setNames((old) => {
      const next = viewer.toolController.getToolNames();
      return next.length === old.length && next.every((n, i) => n === old[i]) ? old : next;
    });
    refresh();
    const events = ['tool-change', 'extension-loaded', 'extension-unloaded', 'model-added'] as const;
    for (const name of events) viewer.addEventListener(name, refresh);
    return () => {
      for (const name of events) viewer.removeEventListener(name, refresh);
    };
  }, [viewer]);
  return names;
}
