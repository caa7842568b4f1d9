// The contact list's letter bucket (reference §9.7): the first Latin letter of the name with
// diacritics removed (Vietnamese "Đức" → D), '#' for digits, symbols and other scripts.
export function letterIndex(name: string): string {
  const first = name.trim().replace(/[đĐ]/g, 'D').normalize('NFD').replace(/[\u0300-\u036f]/g, '').charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}
