/** Styles of the layers panel: its tools and the list of layers, hidden ones dimmed. */
export const layersStyles = /* css */ `
.dv-layers-tools {
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px;
}
.dv-layers-all {
  display: flex;
  align-items: center;
  gap: 6px;
  padding: 4px 6px;
  border: 1px solid var(--dv-border);
  border-radius: 4px;
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
}
.dv-layers-list {
  flex: 1;
  min-height: 0;
  margin: 0;
  padding: 0 0 6px;
  overflow: auto;
  list-style: none;
}
.dv-layer {
  display: flex;
  align-items: center;
  padding: 0 6px 0 8px;
}
.dv-layer:hover {
  background: var(--dv-hover);
}
.dv-layer.is-hidden .dv-layer-name {
  opacity: 0.45;
}
.dv-layer-name {
  flex: 1;
  min-width: 0;
  padding: 5px 0;
  overflow: hidden;
  border: 0;
  background: transparent;
  color: inherit;
  font: inherit;
  text-align: left;
  text-overflow: ellipsis;
  white-space: nowrap;
  cursor: pointer;
}
.dv-layer-eye {
  display: flex;
  padding: 3px;
  border: 0;
  background: transparent;
  color: inherit;
  cursor: pointer;
}
`;
