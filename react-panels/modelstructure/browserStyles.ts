/** Styles of the model browser: the virtualised tree, its rows and states, loading and search. */
export const browserStyles = /* css */ `
.dv-tree,
.dv-search-results {
  position: relative;
  flex: 1;
  min-height: 0;
  overflow: auto;
  outline: none;
  overscroll-behavior: contain;
}
.dv-tree:focus-visible,
.dv-search-results:focus-visible {
  box-shadow: inset 0 0 0 2px var(--dv-accent);
}
.dv-tree-sizer {
  position: relative;
  width: 100%;
}
.dv-tree-row {
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  display: flex;
  align-items: center;
  gap: 4px;
  padding-right: 6px;
  cursor: pointer;
  user-select: none;
}
.dv-tree-row:hover {
  background: var(--dv-hover);
}
.dv-tree-row.is-selected {
  background: var(--dv-accent-soft);
  color: var(--dv-accent-strong);
  font-weight: 600;
}
:host([theme='dark']) .dv-tree-row.is-selected {
  color: var(--dv-text);
}
.dv-tree-row.is-ancestor-selected {
  background: var(--dv-accent-softer);
}
.dv-tree-row.is-ancestor-selected .dv-tree-label::after {
  content: '';
  display: inline-block;
  width: 6px;
  height: 6px;
  margin-left: 8px;
  border-radius: 50%;
  background: var(--dv-accent);
  vertical-align: middle;
}
.dv-tree-row.is-hidden .dv-tree-label {
  color: var(--dv-muted-text);
  font-style: italic;
}
.dv-tree:focus-visible .dv-tree-row.is-active {
  box-shadow: inset 0 0 0 2px var(--dv-accent);
}
.dv-tree-toggle {
  display: grid;
  place-items: center;
  flex: none;
  width: 20px;
  height: 20px;
  color: var(--dv-muted-text);
  border-radius: 4px;
}
.dv-tree-toggle:hover {
  background: var(--dv-hover);
}
.dv-tree-label {
  flex: 1;
  min-width: 0;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
}
.dv-tree-eye {
  display: grid;
  place-items: center;
  flex: none;
  width: 28px;
  height: 28px;
  padding: 0;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: var(--dv-muted-text);
  cursor: pointer;
  opacity: 0;
}
.dv-tree-row:hover .dv-tree-eye,
.dv-tree-row.is-hidden .dv-tree-eye,
.dv-tree-row.is-active .dv-tree-eye {
  opacity: 1;
}
.dv-tree-eye:hover {
  background: var(--dv-hover);
  color: var(--dv-text);
}
.dv-tree-loading {
  display: flex;
  align-items: center;
  gap: 10px;
  height: 36px;
  padding-left: 13px;
  color: var(--dv-muted-text);
}
.dv-tree-spinner {
  width: 18px;
  height: 18px;
  animation: dv-spin 1s linear infinite;
}
`;
