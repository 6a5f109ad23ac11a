import 'design-viewer';

const viewer = document.querySelector('design-viewer');
viewer.addEventListener('selection-change', (event) => {
  const ids = event.detail.selections.flatMap((selection) => selection.dbIds);
  window.__selections = ids;
  document.getElementById('selection').textContent = `Selected: ${ids.join(', ') || 'nothing'}`;
});
viewer.addEventListener('error', (event) => console.warn(event.detail.code, event.detail.message));
