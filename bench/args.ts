/** The benches' command line: `--name value` pairs, and `--flag` alone as 'true'. */
export function parseArgs(list: string[]): Record<string, string | undefined> {
  const parsed: Record<string, string | undefined> = {};
  for (let i = 0; i < list.length; i++) {
    if (!list[i].startsWith('--')) continue;
    const key = list[i].slice(2);
    const next = list[i + 1];
    if (next && !next.startsWith('--')) {
      parsed[key] = next;
      i++;
    } else parsed[key] = 'true';
  }
  return parsed;
}
