import { useCallback, useEffect, useMemo } from 'react';
import type { Viewer } from '../../core/index.js';
import { type ChromeState, openContextMenu } from '../ChromeState.js';
import { ContextMenuTool } from './ContextMenuTool.js';
import { useLongPress } from './useLongPress.js';

/** Registers the context menu's tool while the chrome is mounted, and the touch long press on the canvas. */
export function useContextMenuTool(viewer: Viewer, chrome: ChromeState): void {
  const tool = useMemo(() => new ContextMenuTool(viewer, (x, y) => openContextMenu(chrome, x, y)), [viewer, chrome]);
  useEffect(() => {
    viewer.toolController.registerTool(tool);
    viewer.toolController.activateTool(tool.names[0]);
    return () => {
      viewer.toolController.deregisterTool(tool);
    };
  }, [viewer, tool]);
  const onPress = useCallback(
    (clientX: number, clientY: number) => {
      const rect = viewer.canvas.getBoundingClientRect();
      tool.openAt(clientX - rect.left, clientY - rect.top);
    },
    [viewer, tool],
  );
  useLongPress(viewer.canvas ?? null, onPress);
}
