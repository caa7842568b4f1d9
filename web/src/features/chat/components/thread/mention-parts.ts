// Splits a group message's text at its mentions: "@" and the name of someone its `extends.at`
// names (0: everyone), so the bubble can mark them. Only names of the people the message really
// mentions are marked; any other "@word" stays plain text.
export type MentionPart = { kind: 'text'; text: string } | { kind: 'mention'; text: string; id: number };

export function mentionParts(text: string, targets: { id: number; name: string }[]): MentionPart[] {
  // Longest names first, so "@An Nhiên" is not cut at "@An".
  const named = targets.filter((p) => p.name).sort((a, b) => b.name.length - a.name.length);
  const parts: MentionPart[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const hit = text[i] === '@' ? named.find((p) => text.startsWith(p.name, i + 1)) : undefined;
    if (!hit) {
      plain += text[i];
      i += 1;
      continue;
    }
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'mention', text: `@${hit.name}`, id: hit.id });
    i += hit.name.length + 1;
  }
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}
