/**
 * Whether a field names a row rather than counts something: `id`, `*_id` (a thread, a user, a chat) and a
 * block's height. Identifiers are shown as their digits, never grouped ("4101", not "4,101": the thread a
 * confirmation names must read the same as its row), and they say what a row is only as a last resort.
 */
export const isIdentifierField = (field: string): boolean => field === 'id' || field.endsWith('_id') || field === 'block_number';
