/** Styles of the context menu. */
export const contextMenuStyles = /* css */ `
/* The menu's surface and items: theme/menuStyles.ts. */
.dv-context-menu {
  min-width: 200px;
  pointer-events: auto;
  z-index: 60;
}
.dv-context-menu-item {
  height: 32px;
  padding: 0 12px;
}
.dv-context-menu-item:hover,
.dv-context-menu-item:focus-visible {
  background: var(--dv-accent-soft);
}
`;
