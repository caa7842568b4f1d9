// Case- and diacritics-insensitive matching, so "duc" finds "Đức" and "ANH" finds "Ánh".
const MARKS = /[\u0300-\u036f]/g;

export function foldText(text: string): string {
  return text.replace(/[đĐ]/g, 'd').normalize('NFD').replace(MARKS, '').toLowerCase();
}

/** True when any of the fields contains the query (already folded by the caller or not). */
export function matchesAny(query: string, fields: (string | undefined)[]): boolean {
  const needle = foldText(query.trim());
  if (!needle) return false;
  return fields.some((field) => field !== undefined && foldText(field).includes(needle));
}
