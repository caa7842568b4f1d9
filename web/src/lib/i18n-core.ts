// The part of lib/i18n that has no state: finding a text and filling it in. It follows the rules
// the locale files were written for (i18next's JSON v4 format), so the files did not change:
// - keys are dotted paths into the nested JSON;
// - with a numeric `count`, `key_<plural category>` of that language's Intl.PluralRules is tried
//   first (`key_zero` before it for 0), then `key`, then `key_other`;
// - `{{name}}` takes options.name as it is, unescaped (React escapes when it renders); a name
//   the options lack stays as written, one given as undefined or null becomes '';
// - not found in any catalog: the key itself, so a missing text shows up instead of a blank.

/** A locale file, or part of one. */
export interface Texts {
  readonly [key: string]: string | Texts;
}

export type TOptions = Readonly<Record<string, unknown>>;

/** Where to look for texts: a language (its plural rules) and its loaded files or parts of them. */
export type Catalog = readonly [language: string, texts: readonly Texts[]];

// One PluralRules per language: building one costs far more than a lookup.
const pluralRules = new Map<string, Intl.PluralRules>();

export function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

function find(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  // hasOwn: a key such as 'toString' must not find Object.prototype's members.
  for (const part of key.split('.')) node = typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(text: string, values: TOptions): string {
  // `{{- name}}` is i18next's unescaped form; nothing is escaped here, so both read the same.
  return text.replace(/\{\{-?(.+?)\}\}/g, (written, name: string) => {
    name = name.trim();
    if (!Object.hasOwn(values, name)) return written;
    const value = values[name];
    return value == null ? '' : String(value);
  });
}

/** The text of `key` from the first catalog that has it (catalogs best first), filled in from `options`. */
export function translate(catalogs: readonly Catalog[], key: string, options: TOptions = {}): string {
  const { count } = options;
  for (const [language, texts] of catalogs) {
    const keys =
      typeof count === 'number'
        ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(language, count)}`, key, `${key}_other`]
        : [key];
    for (const part of texts) {
      for (const candidate of keys) {
        const text = find(part, candidate);
        if (text !== undefined) return interpolate(text, options);
      }
    }
  }
  return key;
}
