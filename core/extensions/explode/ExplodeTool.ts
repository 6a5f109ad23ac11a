import type { Tool } from '../../tools/Tool.js';

/** What ExplodeTool needs of the viewer. */
export type ExplodeToolPort = { explode(scale: number): void; getExplodeScale(): number };

/**
 * The explode tool behind the toolbar's explode button (spec 001 §4 "Tool modality"): while it is active
 * the chrome shows the explode slider, and navigation goes on beside it (it takes no input of its own, so
 * orbit, pan, zoom, first person and walk keep working). Deactivating it puts every object back (scale 0).
 */
export class ExplodeTool implements Tool {
  readonly names = ['explode'];
  /** Below the navigation tools: it is never the active navigation tool, and takes no input. */
  readonly priority = -10;

  constructor(private readonly viewer: ExplodeToolPort) {}

  deactivate(): void {
    this.viewer.explode(0);
  }
}
