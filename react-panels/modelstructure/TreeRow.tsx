import type { CSSProperties, MouseEvent } from 'react';
import { Icon } from '../icons/Icon.js';

/** Spec 001 §9: tree rows are 36 px high and indented 13 px plus 25 px per level. */
export const TREE_ROW_HEIGHT = 36;
export const TREE_INDENT_BASE = 13;
export const TREE_INDENT_PER_LEVEL = 25;

export interface TreeRowProps {
  id: string;
  label: string;
  depth: number;
  posInSet: number;
  setSize: number;
  hasChildren: boolean;
  isExpanded: boolean;
  isSelected: boolean;
  isAncestorSelected: boolean;
  isHidden: boolean;
  isActive: boolean;
  top: number;
  showLabel: string;
  hideLabel: string;
  onClick: (event: MouseEvent) => void;
  onDoubleClick: () => void;
  onToggleExpanded: () => void;
  onToggleVisibility: () => void;
  onContextMenu: (event: MouseEvent) => void;
}

/**
 * One node of the model browser: expand arrow, name and eye. Its classes carry the node states of spec
 * 001 §4: collapsed or expanded, selected, ancestor-selected, hidden (dimmed) or visible.
 */
export function TreeRow(props: TreeRowProps) {
  const { hasChildren, isExpanded, isSelected, isAncestorSelected, isHidden, isActive } = props;
  const classes = [
    'dv-tree-row',
    hasChildren ? (isExpanded ? 'is-expanded' : 'is-collapsed') : 'is-leaf',
    isSelected ? 'is-selected' : '',
    isAncestorSelected && !isSelected ? 'is-ancestor-selected' : '',
    isHidden ? 'is-hidden' : '',
    isActive ? 'is-active' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const style: CSSProperties = {
    transform: `translateY(${props.top}px)`,
    height: TREE_ROW_HEIGHT,
    paddingLeft: TREE_INDENT_BASE + TREE_INDENT_PER_LEVEL * props.depth,
  };
  return (
    <div
      id={props.id}
      className={classes}
      role="treeitem"
      aria-level={props.depth + 1}
      aria-posinset={props.posInSet}
      aria-setsize={props.setSize}
      aria-expanded={hasChildren ? isExpanded : undefined}
      aria-selected={isSelected}
      style={style}
      onClick={props.onClick}
      onDoubleClick={props.onDoubleClick}
      onContextMenu={props.onContextMenu}
    >
      <span
        className="dv-tree-toggle"
        aria-hidden="true"
        onClick={(event) => {
          event.stopPropagation();
          if (hasChildren) props.onToggleExpanded();
        }}
        onDoubleClick={(event) => event.stopPropagation()}
      >
        {hasChildren && <Icon name={isExpanded ? 'chevronDown' : 'chevronRight'} size={14} />}
      </span>
      <span className="dv-tree-label">{props.label}</span>
      <button
        type="button"
        className="dv-tree-eye"
        tabIndex={-1}
        aria-label={isHidden ? props.showLabel : props.hideLabel}
        title={isHidden ? props.showLabel : props.hideLabel}
        onClick={(event) => {
          event.stopPropagation();
          props.onToggleVisibility();
        }}
        onDoubleClick={(event) => event.stopPropagation()}
      >
        <Icon name={isHidden ? 'eyeOff' : 'eye'} size={16} />
      </button>
    </div>
  );
}
