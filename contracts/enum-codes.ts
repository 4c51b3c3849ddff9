/**
 * The code tables of the enums that the console's first load compares against, in a module without zod:
 * the login page imports these, enums.ts builds the full enums (schemas, label keys) from the same tables.
 * Add a table here only when code that runs before login needs an enum's codes.
 */
export const THEME_CODES = { light: 1, dark: 2 } as const;
export const MENU_TYPE_CODES = { route: 1, button: 2 } as const;
