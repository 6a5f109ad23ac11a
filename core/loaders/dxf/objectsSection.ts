/** A group of the OBJECTS section as the file writes it: its code and its value, trimmed. */
export interface ObjectGroup {
  code: number;
  value: string;
}

/**
 * The OBJECTS section's objects of the given types (LAYOUT, IMAGEDEF...), each as its groups in order, read
 * from the file's lines in one pass (dxf-parser skips that section).
 */
export function readObjects(lines: readonly string[], types: ReadonlySet<string>): Map<string, ObjectGroup[][]> {
  const objects = new Map<string, ObjectGroup[][]>([...types].map((type) => [type, []]));
  const start = lines.findIndex((line, i) => line.trim() === 'OBJECTS' && lines[i - 1]?.trim() === '2');
  if (start < 0) return objects;
  let current: ObjectGroup[] | null = null;
  for (let i = start + 1; i + 1 < lines.length; i += 2) {
    const code = Number(lines[i]);
    const value = lines[i + 1].trim();
    if (code === 0) {
      if (value === 'ENDSEC') break;
      current = types.has(value) ? [] : null;
      if (current) objects.get(value)!.push(current);
    } else current?.push({ code, value });
  }
  return objects;
}
