import { ContributedButtons } from '../contributions/ContributedButtons.js';
import { useTranslate } from '../ViewerContext.js';

/**
 * The model group (spec 001 §2 "Toolbar"): what the loaded extensions add to it (explode 10, measure 20,
 * section 30), each hidden below its breakpoint and gone while its extension is unloaded.
 */
export function ModelTools() {
  const t = useTranslate();
  return (
    <div className="dv-toolbar-group" role="group" aria-label={t('Model tools', 'Model tools')}>
      <ContributedButtons group="model" />
    </div>
  );
}
