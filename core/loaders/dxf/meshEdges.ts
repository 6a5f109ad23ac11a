import type { Affine2, Point2, Sketch } from '../sketch/Sketch.js';
import type { DxfEntity, DxfPoint } from './dxfEntity.js';

/**
 * A POLYLINE mesh seen from above, as its wireframe: a polyface mesh's visible face edges (a face's vertex
 * index is negative when the edge that starts there is hidden), or a polygon mesh's M by N grid of vertices
 * joined along its rows and columns (closed in M: 70 bit 1; in N: bit 32).
 */
export function drawMeshEdges(sketch: Sketch, entity: DxfEntity, id: number, rgb: number, m: Affine2): void {
  const vertices = entity.vertices ?? [];
  if (entity.isPolyfaceMesh) {
    const points = vertices.filter((v) => v.threeDPolylineMesh);
    for (const face of vertices.filter((v) => v.polyfaceMeshVertex && !v.threeDPolylineMesh)) {
      const corners = [face.faceA, face.faceB, face.faceC, face.faceD].filter((index): index is number => !!index);
      corners.forEach((index, k) => {
        const from = points[Math.abs(index) - 1];
        const to = points[Math.abs(corners[(k + 1) % corners.length]) - 1];
        if (index > 0 && from && to) sketch.polyline(id, rgb, m, [from, to]);
      });
    }
    return;
  }
  const { m: rows = 0, n: columns = 0 } = entity.meshSize ?? {};
  if (rows * columns !== vertices.length) return;
  const at = (row: number, column: number): DxfPoint => vertices[row * columns + column];
  const line = (points: Point2[], closed: boolean) => sketch.polyline(id, rgb, m, points, closed);
  for (let row = 0; row < rows; row++) line(Array.from({ length: columns }, (_, column) => at(row, column)), entity.is3dPolygonMeshClosed === true);
  for (let column = 0; column < columns; column++) line(Array.from({ length: rows }, (_, row) => at(row, column)), entity.shape === true);
}
