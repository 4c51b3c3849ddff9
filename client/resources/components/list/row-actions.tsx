import { Button, ButtonGroup, Intent, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RowKey } from '../../types.ts';
import { Hint } from '../hint.tsx';
import type { ListDialogs } from './use-list-dialogs.ts';
import type { ListModel } from './use-list-model.ts';

/** Rows stay one line high: edit and this many actions as icons, the rest (and then also delete) in "more". */
const INLINE_ACTIONS = 2;

export interface RowActionsProps<Row> {
  row: Row;
  rowKey: RowKey;
  model: ListModel<Row>;
  dialogs: ListDialogs<Row>;
  /** Every action in the one menu (the table is too narrow for buttons beside its kept columns). Default false. */
  folded?: boolean;
}

/** The buttons at the end of a row: its actions, edit and delete, crowded ones in a menu. */
export function RowActions<Row>({ row, rowKey, model, dialogs, folded = false }: RowActionsProps<Row>) {
  const { t } = useTranslation();
  const offered = model.rowActions.filter((a) => a.visible?.(row) ?? true);
  const remove = () => dialogs.confirm({ kind: 'remove', keys: [rowKey] });
  // A row action with its words (a purchase) stays a button even then: it is what the screen is for.
  if (folded && offered.length + (model.can.update ? 1 : 0) + (model.can.remove ? 1 : 0) > 1 && !offered.some((a) => a.labelled)) {
    return (
      <PopoverNext
        placement="bottom-end"
        content={
          <Menu>
            {offered.map((a) => (
              <MenuItem key={a.id} icon={a.icon} intent={a.intent} text={t(a.label)} onClick={() => dialogs.run(a, [rowKey])} />
            ))}
            {model.can.update && <MenuItem icon="edit" text={t('common.actions.update')} onClick={() => dialogs.startEdit({ mode: 'update', row })} />}
            {model.can.remove && <MenuItem icon="trash" intent={Intent.DANGER} text={t('common.actions.remove')} onClick={remove} />}
          </Menu>
        }
      >
        <Button icon="more" variant="minimal" size="small" aria-label={t('resource.actions.more')} />
      </PopoverNext>
    );
  }
  const crowded = offered.length > INLINE_ACTIONS;
  const inline = crowded ? offered.slice(0, INLINE_ACTIONS) : offered;
  const more = offered.slice(inline.length);
  return (
    <ButtonGroup variant="minimal" size="small">
      {inline.map((a) =>
        a.labelled ? (
          <Button key={a.id} icon={a.icon} intent={a.intent} text={t(a.label)} onClick={() => dialogs.run(a, [rowKey])} />
        ) : (
          <Hint key={a.id} content={t(a.label)}>
            <Button icon={a.icon} intent={a.intent} aria-label={t(a.label)} onClick={() => dialogs.run(a, [rowKey])} />
          </Hint>
        ),
      )}
      {model.can.update && (
        <Hint content={t('common.actions.update')}>
          <Button icon="edit" aria-label={t('common.actions.update')} onClick={() => dialogs.startEdit({ mode: 'update', row })} />
        </Hint>
      )}
      {model.can.remove && !crowded && (
        <Hint content={t('common.actions.remove')}>
          <Button icon="trash" intent={Intent.DANGER} aria-label={t('common.actions.remove')} onClick={remove} />
        </Hint>
      )}
      {crowded && (
        <PopoverNext
          placement="bottom-end"
          content={
            <Menu>
              {more.map((a) => (
                <MenuItem key={a.id} icon={a.icon} intent={a.intent} text={t(a.label)} onClick={() => dialogs.run(a, [rowKey])} />
              ))}
              {model.can.remove && <MenuItem icon="trash" intent={Intent.DANGER} text={t('common.actions.remove')} onClick={remove} />}
            </Menu>
          }
        >
          <Button icon="more" aria-label={t('resource.actions.more')} />
        </PopoverNext>
      )}
    </ButtonGroup>
  );
}
