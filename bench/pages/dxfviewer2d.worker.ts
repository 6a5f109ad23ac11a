import { DxfViewer } from 'dxf-viewer';

// dxf-viewer's worker: it fetches, parses and builds the scene here (bundled by bench/dxf2d.ts).
DxfViewer.SetupWorker();
