import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LOG_TYPE_BUILT_IN_NAMES, LogType, type LogEntry } from '../../../../contracts/index.ts';

/** The name a row's log type goes by: the name given under log_type once renamed, else its translated label. */
export function logTypeText(row: Pick<LogEntry, 'type' | 'type_name'>, t: (key: string) => string): string {
  const renamed = row.type_name && row.type_name !== LOG_TYPE_BUILT_IN_NAMES[row.type];
  return renamed ? row.type_name! : t(LogType.labelKey(row.type));
}

/** The log list's type cell (a failed login in red, as before). */
export function LogTypeName({ row }: { row: LogEntry }) {
  const { t } = useTranslation();
  return (
    <Tag minimal round intent={row.type === LogType.values.login_failed ? Intent.DANGER : Intent.NONE}>
      {logTypeText(row, t)}
    </Tag>
  );
}
