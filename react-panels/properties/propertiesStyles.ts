/** Styles of the properties panel: the object's name, category headings and name/value rows. */
export const propertiesStyles = /* css */ `
.dv-properties-body {
  padding-bottom: 8px;
  transition: opacity 120ms;
}
.dv-properties-body.is-loading {
  opacity: 0.55;
}
.dv-properties-object {
  margin: 0;
  padding: 12px 16px 8px;
  font-weight: 600;
  font-size: 14px;
  word-break: break-word;
}
.dv-property-category-title {
  margin: 0;
  font: inherit;
}
.dv-property-category-title button {
  display: flex;
  align-items: center;
  gap: 6px;
  width: 100%;
  height: 34px;
  padding: 0 12px;
  border: 0;
  border-top: 1px solid var(--dv-border);
  background: var(--dv-surface-sunken);
  color: var(--dv-text);
  font: 600 12px var(--dv-font);
  letter-spacing: 0.02em;
  text-align: left;
  cursor: pointer;
}
.dv-property-category-title button > span:first-of-type {
  flex: 1;
}
.dv-property-count {
  min-width: 20px;
  padding: 1px 6px;
  border-radius: 10px;
  background: var(--dv-hover);
  color: var(--dv-muted-text);
  font-weight: 500;
  text-align: center;
}
.dv-property-table {
  width: 100%;
  border-collapse: collapse;
  table-layout: fixed;
}
.dv-property-row th,
.dv-property-row td {
  padding: 6px 12px;
  border-top: 1px solid var(--dv-border);
  vertical-align: top;
  text-align: left;
  word-break: break-word;
}
.dv-property-row th {
  width: 45%;
  color: var(--dv-muted-text);
  font-weight: 400;
}
.dv-property-row td a {
  color: var(--dv-accent);
}
.dv-chrome mark {
  background: var(--dv-mark);
  color: inherit;
  border-radius: 2px;
}
`;
