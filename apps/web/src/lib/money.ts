/**
 * An amount of money the server sent as exact decimal text ("1234.50"), in the user's language
 * and the statement's currency. Intl formats the text itself, so no binary float comes between.
 */
export function formatMoney(language: string, amount: string, currency: string): string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  return format.format(amount as Intl.StringNumericLiteral);
}
