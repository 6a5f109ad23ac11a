'use client';

import { useState } from 'react';
import { DesignViewer } from 'design-viewer/react';

export function ModelViewer({ src }) {
  const [selected, setSelected] = useState([]);
  const onSelectionChange = (event) => {
    const ids = event.detail.selections.flatMap((selection) => selection.dbIds);
    window.__selections = ids;
    setSelected(ids);
  };
  return (
    <>
      <DesignViewer
        src={src}
        language="de"
        style={{ width: 640, height: 400 }}
        onSelectionChange={onSelectionChange}
        onError={(event) => console.warn(event.detail.code, event.detail.message)}
      />
      <p id="selection">Selected: {selected.join(', ') || 'nothing'}</p>
    </>
  );
}
