import type { ToolController } from './ToolController.js';

/**
 * A tool activated for a while, by a held hotkey or a hot gesture, and the way back: what was active
 * before comes back when it ends (spec 000 §4 "Hot gestures", spec 001 §2 "Hotkeys"). One at a time;
 * Escape leaves it (spec 001 §2 "Escape order").
 */
export class TemporaryToolSwitch {
  private current: { name: string; wasActive: boolean; cause: string } | null = null;

  constructor(private readonly controller: ToolController) {}

  /** The temporary tool now, or null. */
  get toolName(): string | null {
    return this.current?.name ?? null;
  }

  get cause(): string | null {
    return this.current?.cause ?? null;
  }

  /** Activates `name` for `cause` (e.g. 'hotkey', 'gesture'); false when it cannot be activated. */
  begin(name: string, cause: string): boolean {
    if (this.current?.name === name) return true;
    this.end();
    const wasActive = this.controller.isToolActive(name);
    if (!wasActive && !this.controller.activateTool(name)) return false;
    this.current = { name, wasActive, cause };
    return true;
  }

  /** Ends the temporary tool (only one begun for `cause`, when given); true when one ended. */
  end(cause?: string): boolean {
    const current = this.current;
    if (!current || (cause && current.cause !== cause)) return false;
    this.current = null;
    if (!current.wasActive) this.controller.deactivateTool(current.name);
    return true;
  }
}
