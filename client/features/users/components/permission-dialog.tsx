import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuType, type MenuNode, type Role } from '../../../../contracts/index.ts';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { dataOf } from '../../../state/async.ts';
import { resourceByName } from '../../../resources/define.ts';
import { CheckTree } from '../../../resources/tree/check-tree.tsx';
import { buildTree } from '../../../resources/tree/tree-model.ts';
import type { ActionDialogProps, ResourceDecl } from '../../../resources/types.ts';
import { useResource } from '../../../resources/use-resource.ts';

export const ROLE_LABELS = 'resources.role';

/**
 * A role's permission tree: every menu node (the screen's `menus` lookup) with a box; saving sends the
 * checked set through the screen's hidden `menus` form action (role/update_menus), whose answer pushes
 * frame 23 to the role's online users.
 */
export function PermissionDialog({ rows, isOpen, onClose, reload }: ActionDialogProps<Role>) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const decl = resourceByName('role') as ResourceDecl<Role>;
  const r = useResource(decl);
  const row = rows[0];
  const menus = dataOf(r.state.lookups.menus ?? { status: 'idle' }) as MenuNode[] | undefined;
  const nodes = useMemo(() => buildTree(menus ?? [], { parentOf: (m) => m.parent_id, sortOf: (m) => m.sort }), [menus]);
  // The rows array is new on each render: start again only when the role's stored nodes differ.
  const stored = row?.menu_ids.join(',') ?? '';
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set(row?.menu_ids ?? []));
  const [sent, setSent] = useState(false);
  useEffect(() => setChecked(new Set(stored ? stored.split(',').map(Number) : [])), [stored]);
  const { save, resetSave } = r;
  useEffect(() => {
    if (sent && r.state.save.status === 'succeeded') {
      setSent(false);
      resetSave();
      reload();
      onClose();
    }
  }, [sent, r.state.save.status, resetSave, reload, onClose]);
  if (!row) return null;
  const name = (m: MenuNode) => t(m.language_variables, { defaultValue: m.name });
  const failed = sent && r.state.save.status === 'failed' ? say(r.state.save.error) : null;
  const superRole = row.kind === 'super_admin';
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t(`${ROLE_LABELS}.permissions_title`, { name: row.name })} icon="key" style={{ width: 640 }}>
      <DialogBody>
        {superRole && <Callout intent={Intent.PRIMARY}>{t(`${ROLE_LABELS}.super_all`)}</Callout>}
        {failed && <Callout intent={Intent.DANGER} role="alert">{failed}</Callout>}
        {!menus ? (
          <Spinner size={24} />
        ) : (
          <div style={{ maxHeight: '60vh', overflow: 'auto' }}>
            <CheckTree
              nodes={nodes}
              checked={checked}
              onChange={superRole ? () => undefined : setChecked}
              nameOf={name}
              labelOf={name}
              secondaryOf={(m) => (
                <span className={Classes.TEXT_MUTED}>
                  {m.type === MenuType.values.button ? t(`${ROLE_LABELS}.button`) : m.path || t(`${ROLE_LABELS}.group`)}
                </span>
              )}
            />
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.actions.cancel')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              icon="floppy-disk"
              disabled={superRole || !menus}
              loading={sent && r.state.save.status === 'loading'}
              text={t('common.actions.save')}
              onClick={() => {
                setSent(true);
                save({ action: 'menus' }, { id: row.id, menu_ids: [...checked] });
              }}
            />
          </>
        }
      />
    </Dialog>
  );
}
