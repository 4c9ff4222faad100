/**
 * Count-aware labels: a message may hold one form per plural category of its locale, separated by `|`, in the
 * order zero, one, two, few, many, other, keeping the categories the locale has (English: `one|other`; Polish:
 * `one|few|many|other`; Japanese has only `other`, so one form). This is Docusaurus' convention (theme-common
 * src/utils/usePluralForm.ts, e.g. "One document found|{count} documents found"), so translations written for
 * Docusaurus keep working.
 */

const CATEGORY_ORDER: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * Picks the form of a message for a count.
 * @param message the (already interpolated) message, forms separated by `|`; a message with one form is returned as is
 * @param count the number the message counts
 * @param locale a BCP 47 tag (`<html lang>`); an unknown one falls back to the runtime's default locale
 * @returns the form of the count's plural category; the last form when the message has fewer forms than the locale
 *   has categories (Docusaurus does the same)
 */
export function pluralForm(message: string, count: number, locale: string | undefined): string {
  const forms = message.split('|');
  if (forms.length === 1) return message;
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(locale);
  } catch {
    rules = new Intl.PluralRules();
  }
  const categories = rules.resolvedOptions().pluralCategories;
  const index = CATEGORY_ORDER.filter((category) => categories.includes(category)).indexOf(rules.select(count));
  return forms[index === -1 ? forms.length - 1 : Math.min(index, forms.length - 1)]!;
}
