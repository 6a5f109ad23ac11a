/** Styles of the search box, its results list and the empty state. */
export const searchStyles = /* css */ `
.dv-search {
  display: flex;
  align-items: center;
  gap: 8px;
  flex: none;
  margin: 10px 12px;
  padding: 0 6px 0 10px;
  height: 34px;
  border: 1px solid var(--dv-border-strong);
  border-radius: 8px;
  background: var(--dv-surface);
  color: var(--dv-muted-text);
}
.dv-search:focus-within {
  border-color: var(--dv-accent);
  box-shadow: 0 0 0 3px var(--dv-accent-soft);
}
.dv-search-input {
  flex: 1;
  min-width: 0;
  height: 100%;
  border: 0;
  outline: none;
  background: transparent;
  color: var(--dv-text);
  font: 13px var(--dv-font);
}
.dv-chrome .dv-search-input:focus-visible {
  box-shadow: none;
}
.dv-search-input::-webkit-search-cancel-button {
  display: none;
}
.dv-search-clear {
  width: 22px;
  height: 22px;
}
.dv-search-busy {
  padding: 0 16px 6px;
  color: var(--dv-muted-text);
  font-size: 12px;
}
.dv-search-result {
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  display: flex;
  flex-direction: column;
  justify-content: center;
  padding: 0 16px;
  border-bottom: 1px solid var(--dv-border);
  cursor: pointer;
}
.dv-search-result:hover,
.dv-search-result.is-active {
  background: var(--dv-hover);
}
.dv-search-result-name {
  overflow: hidden;
  font-weight: 600;
  white-space: nowrap;
  text-overflow: ellipsis;
}
.dv-search-result-path {
  overflow: hidden;
  color: var(--dv-muted-text);
  font-size: 12px;
  white-space: nowrap;
  text-overflow: ellipsis;
}
.dv-search-empty {
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  padding: 32px 16px;
  color: var(--dv-muted-text);
}
.dv-search-empty strong {
  color: var(--dv-text);
  font-size: 14px;
}
`;
