import { useEffect, useMemo } from 'react';
import type { Viewer } from '../../core/index.js';
import { type ChromeState, openContextMenu } from '../ChromeState.js';
import { ContextMenuTool } from './ContextMenuTool.js';

/** Registers the context menu's tool while the chrome is mounted (it opens on a right click and on a touch press). */
export function useContextMenuTool(viewer: Viewer, chrome: ChromeState): void {
  const tool = useMemo(() => new ContextMenuTool(viewer, (x, y) => openContextMenu(chrome, x, y)), [viewer, chrome]);
  useEffect(() => {
    viewer.toolController.registerTool(tool);
    viewer.toolController.activateTool(tool.names[0]);
    return () => {
      viewer.toolController.deregisterTool(tool);
    };
  }, [viewer, tool]);
}
