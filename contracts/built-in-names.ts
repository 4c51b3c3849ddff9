/**
 * Names the system gave the rows it seeds itself (the four built-in roles, the three rotation types and their remarks), in every
 * console language. Such a name is system data, not what a person typed, so the console shows it in the
 * reader's language: `builtInNameKey` gives its label key (`enums.built_in.<table>.<member>`). Once an
 * administrator renames the row, the name is theirs and shows as written. Stored names are never rewritten:
 * only their display changes (docs/decisions/2026-11-29-built-in-names.md).
 */
const BUILT_IN: Readonly<Record<'role' | 'rotation_type' | 'rotation_type_remark', Readonly<Record<string, readonly string[]>>>> = {
  role: {
    super_admin: ['超级管理员', 'Super administrator'],
    admin: ['管理员', 'Administrator'],
    default_role: ['默认角色', 'Default role'],
    agent: ['代理', 'Agent'],
  },
  rotation_type: {
    sequential: ['顺序轮换', 'Sequential rotation'],
    random: ['随机轮换', 'Random rotation'],
    round_robin: ['轮询', 'Round-robin'],
  },
  // The seeded rotation types' remarks say what each does: the system's words too.
  rotation_type_remark: {
    sequential: ['访问阈值用完后切换到下一个', 'Moves to the next link when its visits per turn are used up'],
    round_robin: ['每次访问后切换', 'Moves to the next link after every visit'],
  },
};

export type BuiltInTable = keyof typeof BUILT_IN;

/** The label key of a built-in row's name (`enums.built_in.role.super_admin`), or undefined for a name a person gave. */
export function builtInNameKey(table: BuiltInTable, name: string): string | undefined {
  const trimmed = name.trim();
  for (const [member, names] of Object.entries(BUILT_IN[table])) {
    if (names.includes(trimmed)) return `enums.built_in.${table}.${member}`;
  }
  return undefined;
}

/** The built-in names of a table, by member (the seed writes the Chinese one; tests read them here). */
export function builtInNames(table: BuiltInTable): Readonly<Record<string, readonly string[]>> {
  return BUILT_IN[table];
}
