import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Model } from '../../core/index.js';
import { openContextMenu, useChrome } from '../ChromeState.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { type ExpandedNodes, flattenTree, nodeLabel } from './flattenTree.js';
import { TREE_ROW_HEIGHT, TreeRow } from './TreeRow.js';
import { useSelectionSets, useVisibilityVersion } from './useNodeStates.js';

/** Spec 001 §9: 150 pooled rows and a 300 px margin rendered beyond the visible rows. */
export const TREE_ROW_POOL = 150;
export const TREE_SCROLL_MARGIN_PX = 300;

/**
 * The instance tree of each model, virtualised: only the rows in view (plus a 300 px margin) exist, and
 * they come from a pool of 150 that is reused while scrolling, so 100,000 nodes scroll as smoothly as 10.
 * A click selects (Shift, Ctrl or Cmd add or remove), a double click focuses the object, as in the canvas.
 * Keyboard: the WAI-ARIA tree pattern (arrows, Home, End, Enter selects, Space toggles, Shift+F10 menu), and F
 * focuses the row's object.
 */
export function ModelTree({ models }: { models: readonly Model[] }) {
  const viewer = useViewer();
  const chrome = useChrome();
  const t = useTranslate();
  const idPrefix = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ExpandedNodes>(() => new Map());
  const [active, setActive] = useState(0);
  const sets = useSelectionSets(viewer);
  useVisibilityVersion(viewer);

  // Each model's root starts expanded.
  const open = useMemo(() => {
    let changed = false;
    const next: ExpandedNodes = new Map(expanded);
    for (const model of models) {
      if (!next.has(model)) {
        next.set(model, new Set([model.getInstanceTree().getRootId()]));
        changed = true;
      }
    }
    return changed ? next : expanded;
  }, [models, expanded]);
  const rows = useMemo(() => flattenTree(models, open), [models, open]);

  const virtualizer = useVirtualizer({
    count: rows.count,
    getScrollElement: () => scroller.current,
    estimateSize: () => TREE_ROW_HEIGHT,
    overscan: Math.ceil(TREE_SCROLL_MARGIN_PX / TREE_ROW_HEIGHT),
  });

  const setNodeExpanded = useCallback(
    (model: Model, dbIds: readonly number[], isOpen: boolean) => {
      const next: ExpandedNodes = new Map(open);
      const set = new Set(next.get(model));
      for (const id of dbIds) {
        if (isOpen) set.add(id);
        else set.delete(id);
      }
      next.set(model, set);
      setExpanded(next);
    },
    [open],
  );

  const indexOf = useCallback(
    (model: Model, dbId: number) => {
      const m = rows.models.indexOf(model);
      for (let i = 0; i < rows.count; i++) if (rows.dbIds[i] === dbId && rows.modelIndex[i] === m) return i;
      return -1;
    },
    [rows],
  );

  // A selection made elsewhere (the canvas) opens the tree down to the object and scrolls to it.
  const last = sets.last;
  useEffect(() => {
    if (!last || !models.includes(last.model)) return;
    const chain = last.model.getInstanceTree().getAncestors(last.dbId).slice(1);
    const closed = chain.filter((id) => !open.get(last.model)?.has(id));
    if (closed.length) {
      setNodeExpanded(last.model, closed, true);
      return;
    }
    const index = indexOf(last.model, last.dbId);
    if (index >= 0) {
      setActive(index);
      virtualizer.scrollToIndex(index, { align: 'auto' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [last, rows]);

  const rowAt = (index: number) => ({ model: rows.models[rows.modelIndex[index]], dbId: rows.dbIds[index] });

  const selectRow = (index: number, additive: boolean) => {
    const { model, dbId } = rowAt(index);
    setActive(index);
    if (additive) {
      viewer.toggleSelect(dbId, model);
      return;
    }
    viewer.select([dbId], model);
  };

  /** As a double click in the canvas: frame the object (the first click of the double click selected it). */
  const focusRow = (index: number) => {
    const { model, dbId } = rowAt(index);
    setActive(index);
    void viewer.fitToView([dbId], model);
  };

  const toggleRow = (index: number) => {
    const { model, dbId } = rowAt(index);
    setNodeExpanded(model, [dbId], !open.get(model)?.has(dbId));
  };

  const toggleVisibility = (index: number) => {
    const { model, dbId } = rowAt(index);
    if (viewer.isNodeVisible(dbId, model)) viewer.hide([dbId], model);
    else viewer.show([dbId], model);
  };

  const contextMenu = (index: number, clientX: number, clientY: number) => {
    const { model, dbId } = rowAt(index);
    setActive(index);
    if (!sets.selected.get(model)?.has(dbId)) viewer.select([dbId], model);
    openContextMenu(chrome, clientX, clientY);
  };

  const moveTo = (index: number) => {
    const to = Math.max(0, Math.min(rows.count - 1, index));
    setActive(to);
    virtualizer.scrollToIndex(to, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!rows.count) return;
    const { model, dbId } = rowAt(active);
    const tree = model.getInstanceTree();
    const hasChildren = tree.getChildCount(dbId) > 0;
    const isOpen = open.get(model)?.has(dbId) ?? false;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? TREE_ROW_HEIGHT) / TREE_ROW_HEIGHT) - 1);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(active + 1);
        break;
      case 'ArrowUp':
        moveTo(active - 1);
        break;
      case 'PageDown':
        moveTo(active + page);
        break;
      case 'PageUp':
        moveTo(active - page);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.count - 1);
        break;
      case 'ArrowRight':
        if (hasChildren && !isOpen) setNodeExpanded(model, [dbId], true);
        else if (hasChildren) moveTo(active + 1);
        break;
      case 'ArrowLeft':
        if (hasChildren && isOpen) setNodeExpanded(model, [dbId], false);
        else if (rows.depths[active] > 0) moveTo(indexOf(model, tree.getNodeParentId(dbId)));
        break;
      case 'Enter':
        selectRow(active, event.shiftKey || event.ctrlKey || event.metaKey);
        break;
      case ' ':
        selectRow(active, true);
        break;
      case 'f':
      case 'F':
        // The canvas's fit key, for the row: frame its object.
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        focusRow(active);
        break;
      case 'ContextMenu':
      case 'F10': {
        if (event.key === 'F10' && !event.shiftKey) return;
        const rect = scroller.current?.querySelector('.dv-tree-row.is-active')?.getBoundingClientRect();
        contextMenu(active, (rect?.left ?? 0) + 40, (rect?.bottom ?? 0) - 4);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  const items = virtualizer.getVirtualItems();
  const activeId = items.some((item) => item.index === active) ? `${idPrefix}-row-${active}` : undefined;
  const objectLabel = (id: number) => t('Object {{id}}', 'Object {{id}}', { id });

  return (
    <div
      ref={scroller}
      className="dv-tree"
      role="tree"
      tabIndex={0}
      aria-label={t('Model tree', 'Model tree')}
      aria-multiselectable="true"
      aria-activedescendant={activeId}
      onKeyDown={onKeyDown}
    >
      <div className="dv-tree-sizer" role="presentation" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const { model, dbId } = rowAt(item.index);
          const tree = model.getInstanceTree();
          const hasChildren = tree.getChildCount(dbId) > 0;
          return (
            <TreeRow
              // Keys cycle through the pool: React reuses the same DOM rows while scrolling.
              key={items.length <= TREE_ROW_POOL ? item.index % TREE_ROW_POOL : item.index}
              id={`${idPrefix}-row-${item.index}`}
              label={nodeLabel(model, dbId, objectLabel)}
              depth={rows.depths[item.index]}
              posInSet={rows.posInSet[item.index]}
              setSize={rows.setSize[item.index]}
              hasChildren={hasChildren}
              isExpanded={hasChildren && (open.get(model)?.has(dbId) ?? false)}
              isSelected={sets.selected.get(model)?.has(dbId) ?? false}
              isAncestorSelected={sets.ancestors.get(model)?.has(dbId) ?? false}
              isHidden={!viewer.isNodeVisible(dbId, model)}
              isActive={item.index === active}
              top={item.start}
              showLabel={t('Show', 'Show')}
              hideLabel={t('Hide', 'Hide')}
              onClick={(event: MouseEvent) => {
                // The second click of a double click would toggle an added row back out: the double click focuses instead.
                if (event.detail < 2) selectRow(item.index, event.shiftKey || event.ctrlKey || event.metaKey);
              }}
              onDoubleClick={() => focusRow(item.index)}
              onToggleExpanded={() => toggleRow(item.index)}
              onToggleVisibility={() => toggleVisibility(item.index)}
              onContextMenu={(event: MouseEvent) => {
                event.preventDefault();
                contextMenu(item.index, event.clientX, event.clientY);
              }}
            />
          );
        })}
      </div>
    </div>
  );
}
