/** A LAYER table record's groups that dxf-parser does not keep: its handle, linetype and lineweight. */
export interface LayerRecord {
  name: string;
  handle: string;
  linetype: string;
  /** Hundredths of a millimetre; -3 (the default) when the record gives none. */
  lineweight: number;
}

/** The LAYER table's records, read from the file's lines (group 2 name, 5 handle, 6 linetype, 370 lineweight). */
export function readLayerRecords(lines: readonly string[]): LayerRecord[] {
  const records: LayerRecord[] = [];
  let inLayerTable = false;
  let record: LayerRecord | null = null;
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = lines[i].trim();
    const value = lines[i + 1].trim();
    if (code === '0' && (value === 'ENDTAB' || value === 'ENTITIES') && inLayerTable) break;
    if (code === '2' && value === 'LAYER' && !inLayerTable && lines[i - 1]?.trim() === 'TABLE') {
      inLayerTable = true;
    } else if (inLayerTable && code === '0') {
      record = value === 'LAYER' ? { name: '', handle: '', linetype: '', lineweight: -3 } : null;
      if (record) records.push(record);
    } else if (record && code === '2') record.name = value;
    else if (record && code === '5') record.handle = value;
    else if (record && code === '6') record.linetype = value;
    else if (record && code === '370') record.lineweight = Number(value) || 0;
  }
  return records;
}
