/** Styles of the live review panel (prompt, users, chat, invitation, video) and of the shared pointers. */
export const collaborateStyles = /* css */ `
.dv-review-body {
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 8px;
  min-height: 0;
}
.dv-review-prompt,
.dv-review-invite {
  display: flex;
  flex-direction: column;
  gap: 6px;
}
.dv-review-prompt-title,
.dv-review-invite h3 {
  margin: 0;
  font-size: 1.05em;
}
.dv-review-invite p,
.dv-review-status,
.dv-review-problem {
  margin: 0;
  color: var(--dv-muted-text);
}
.dv-review-problem {
  color: var(--dv-text);
}
.dv-review-users {
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
}
.dv-review-user {
  display: flex;
  align-items: center;
  gap: 6px;
  min-height: 24px;
}
.dv-review-swatch {
  width: 10px;
  height: 10px;
  border-radius: 50%;
  flex: none;
}
.dv-review-user-name {
  flex: 1;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}
.dv-review-badge {
  font-size: 0.85em;
  padding: 1px 6px;
  border-radius: 8px;
  background: var(--dv-accent-soft);
}
.dv-review-control,
.dv-review-actions,
.dv-review-invite-actions {
  display: flex;
  align-items: center;
  gap: 6px;
  flex-wrap: wrap;
}
.dv-review-role {
  flex: 1;
  color: var(--dv-muted-text);
}
.dv-review-body button,
.dv-review-mail {
  padding: 3px 8px;
  border: 1px solid var(--dv-border);
  border-radius: 4px;
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
  text-decoration: none;
}
.dv-review-body button:hover,
.dv-review-mail:hover {
  background: var(--dv-hover);
}
.dv-review-chat {
  list-style: none;
  margin: 0;
  padding: 4px;
  min-height: 80px;
  max-height: 180px;
  overflow-y: auto;
  border: 1px solid var(--dv-border);
  border-radius: 4px;
  overflow-wrap: anywhere;
}
.dv-review-from {
  font-weight: 600;
  margin-right: 6px;
}
.dv-review-text {
  white-space: pre-wrap;
}
.dv-review-qr {
  align-self: center;
  image-rendering: pixelated;
  background: #fff;
}
.dv-review-video {
  display: grid;
  grid-template-columns: 2fr 1fr;
  gap: 4px;
  align-items: end;
}
.dv-review-video video {
  width: 100%;
  background: #000;
  border-radius: 4px;
}
.dv-review-hangup {
  grid-column: 1 / -1;
}
.dv-review-pointers {
  position: absolute;
  overflow: hidden;
  pointer-events: none;
}
.dv-review-pointer {
  position: absolute;
  white-space: nowrap;
}
.dv-review-pointer-dot {
  display: block;
  border-radius: 50%;
  box-shadow: 0 0 0 1px #fff;
}
.dv-review-pointer-name {
  position: absolute;
  top: 50%;
  transform: translateY(-50%);
  font-size: 11px;
  font-weight: 600;
  text-shadow: 0 0 2px #fff, 0 0 2px #fff;
}
`;
