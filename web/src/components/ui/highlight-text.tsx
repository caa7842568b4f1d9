// A message snippet with the searched words marked. Matching ignores case and accents like
// the rest of search; long texts are cut to start shortly before the first hit.
import { foldText } from '../../utils/fold-text';

const LEAD_CHARS = 12;

/** Ranges [start, end) of `query` in `text`, in indexes of `text` itself. */
export function findMatches(text: string, query: string): [number, number][] {
  const needle = foldText(query.trim());
  if (!needle) return [];
  // Fold one character at a time so every folded index maps back to its original index.
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length;) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const f = foldText(ch);
    for (let k = 0; k < f.length; k += 1) origin.push(i);
    folded += f;
    i += ch.length;
  }
  origin.push(text.length);
  const ranges: [number, number][] = [];
  for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
    ranges.push([origin[at]!, origin[at + needle.length]!]);
  }
  return ranges;
}

/** Where a snippet starts: a little before the first hit, at a word start when there is one. */
function snippetStart(text: string, firstHit: number): number {
  if (firstHit <= LEAD_CHARS) return 0;
  const space = text.indexOf(' ', firstHit - LEAD_CHARS);
  return space >= 0 && space < firstHit ? space + 1 : firstHit - LEAD_CHARS;
}

export function HighlightText({ text, query }: { text: string; query: string }) {
  const ranges = findMatches(text, query);
  const start = snippetStart(text, ranges[0]?.[0] ?? 0);
  const parts: React.ReactNode[] = [start > 0 ? '…' : ''];
  let cursor = start;
  for (const [from, to] of ranges) {
    parts.push(
      text.slice(cursor, from),
      <mark key={from} className="bg-transparent text-brand-dark">
        {text.slice(from, to)}
      </mark>,
    );
    cursor = to;
  }
  parts.push(text.slice(cursor));
  return <>{parts}</>;
}
