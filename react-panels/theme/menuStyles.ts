/** The look shared by the chrome's pop-up menus (the toolbar's submenus and the context menu). */
export const menuStyles = /* css */ `
.dv-toolbar-menu,
.dv-context-menu {
  position: absolute;
  display: flex;
  flex-direction: column;
  padding: 4px;
  background: var(--dv-surface-raised);
  border: 1px solid var(--dv-border);
  border-radius: 10px;
  box-shadow: var(--dv-shadow);
}
.dv-toolbar-menu-item,
.dv-context-menu-item {
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: var(--dv-text);
  font: 13px var(--dv-font);
  text-align: left;
  cursor: pointer;
}
`;
