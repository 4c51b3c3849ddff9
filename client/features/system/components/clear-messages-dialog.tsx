import { Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageWithRecipient } from '../../../../contracts/index.ts';
import { resourceByName } from '../../../resources/define.ts';
import type { ActionDialogProps, ResourceDecl } from '../../../resources/types.ts';
import { useResource } from '../../../resources/use-resource.ts';
import { Question } from '../../../components/question.tsx';

/** Spec §8: clearing every message asks first; confirmed, it runs the screen's hidden `clear_all` form action. */
export function ClearMessagesDialog({ isOpen, onClose, reload }: ActionDialogProps<MessageWithRecipient>) {
  const { t } = useTranslation();
  const r = useResource(resourceByName('message_list') as ResourceDecl<MessageWithRecipient>);
  const [sent, setSent] = useState(false);
  const { resetSave } = r;
  useEffect(() => {
    if (sent && r.state.save.status !== 'loading') {
      setSent(false);
      resetSave();
      reload();
      onClose();
    }
  }, [sent, r.state.save.status, resetSave, reload, onClose]);
  return (
    <Question
      isOpen={isOpen}
      intent={Intent.DANGER}
      icon="trash"
      cancelButtonText={t('common.actions.cancel')}
      confirmButtonText={t('resources.message_list.actions.clear_all')}
      loading={sent}
      onCancel={onClose}
      onConfirm={() => {
        setSent(true);
        r.save({ action: 'clear_all_run' }, {});
      }}
    >
      {t('resources.message_list.clear_confirm')}
    </Question>
  );
}
