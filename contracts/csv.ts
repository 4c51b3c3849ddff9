/**
 * CSV formula neutralising (issue 20), one rule for the console's exports and the server's export job: a cell
 * a spreadsheet could run as a formula gets a leading apostrophe, so it shows as text. That is a cell whose
 * first non-whitespace character is `=`, `+`, `-` or `@` (or their full-width forms), or that starts with a
 * tab, carriage return or line feed (OWASP "CSV Injection"). Numbers stay numbers: a number, or a text that is
 * exactly a decimal number (`-10000000`, `12.5`), is written as it is.
 */
const PLAIN_NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
const CONTROL_START = /^[\t\r\n]/;

export function neutraliseCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (PLAIN_NUMBER.test(text)) return text;
  // Leading whitespace and control characters are skipped by spreadsheet apps before they look for `=`.
  const first = text.replace(/^[\s\p{Cc}]+/u, '');
  return CONTROL_START.test(text) || FORMULA_START.test(first) ? `'${text}` : text;
}
