import type { ReactNode } from 'react';

/** Web addresses in a value: http(s) links and www. hosts (spec 001 §2: links in values are clickable). */
const LINK = /\b(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]|www\.[^\s<>"']+[^\s<>"'.,;:!?)\]])/gi;

/** Marks each occurrence of the search text, case-insensitively. */
function highlight(text: string, term: string, keyPrefix: string): ReactNode[] {
  if (!term) return [text];
  const parts: ReactNode[] = [];
  const lower = text.toLowerCase();
  const needle = term.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={`${keyPrefix}-${at}`}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/** Text of a property: links made clickable (opening in a new tab), the search text highlighted. */
export function PropertyText({ text, term }: { text: string; term: string }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(LINK)) {
    const at = match.index ?? 0;
    if (at > from) parts.push(...highlight(text.slice(from, at), term, `t${from}`));
    const href = match[0].startsWith('www.') ? `https://${match[0]}` : match[0];
    parts.push(
      <a key={`a${at}`} href={href} target="_blank" rel="noopener noreferrer">
        {highlight(match[0], term, `a${at}`)}
      </a>,
    );
    from = at + match[0].length;
  }
  if (from < text.length) parts.push(...highlight(text.slice(from), term, `t${from}`));
  return <>{parts}</>;
}
