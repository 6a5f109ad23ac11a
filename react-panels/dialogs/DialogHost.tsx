import { useStore } from '@nanostores/react';
import { useViewer } from '../ViewerContext.js';
import { DialogBox } from './DialogBox.js';
import { LogToasts } from './LogToasts.js';

/** Shows the core's dialog queue: the dialog at its head, one at a time, and the log toasts. */
export function DialogHost() {
  const viewer = useViewer();
  const current = useStore(viewer.dialogs.$current);
  return (
    <>
      <LogToasts />
      {current && <DialogBox key={current.id} request={current} onClose={(accepted, value) => viewer.dialogs.close(current.id, accepted, value)} />}
    </>
  );
}
