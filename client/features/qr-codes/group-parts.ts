import type { groupCallList } from '../../../contracts/index.ts';
import type { ResourceBuilder } from '../../resources/define.ts';

type GroupCalls = typeof groupCallList;
type B = ResourceBuilder<GroupCalls[1]>;
/** Either kind's call of the same role (paths differ, shapes do not). */
type Same<C extends { path: string }> = Omit<C, 'path'> & { path: string };

/** Both group kinds have one shape and four calls (contracts/calls/qr-codes-group.ts `groupCalls`); labels shared. */
export function groupResourceParts(r: B, add: Same<GroupCalls[0]>, update: Same<GroupCalls[2]>, remove: Same<GroupCalls[3]>) {
  return {
    labels: 'resources.group',
    columns: [
      { field: 'name', kind: 'text' },
      { field: 'domain_count', kind: 'number' },
      { field: 'qr_code_count', kind: 'number' },
      { field: 'sort', kind: 'number' },
      { field: 'remark', kind: 'text' },
      { field: 'account', kind: 'text', hiddenByDefault: true },
      { field: 'create_time', kind: 'date' },
    ] as const,
    filters: ['name'] as const,
    create: r.form(add, { button: 'add' }),
    update: r.form(update, { button: 'update' }),
    remove: r.remove(remove),
  };
}
