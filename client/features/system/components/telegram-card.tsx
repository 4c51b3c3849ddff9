import { Button, Card, Classes, H5, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { telegramBindingRemove, telegramOwnBindings } from '../../../../contracts/index.ts';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { useCoreSelector } from '../../../state/hooks.ts';
import { selectAuthority } from '../../../state/selectors.ts';
import { defineRecord } from '../../../resources/record/define-record.ts';
import { useRecord } from '../../../resources/record/use-record.ts';

const L = 'resources.personal_center';

/** The caller's own bindings; unbinding goes through the bot-binding screen's call (its `remove` authority). */
const bindings = defineRecord({ name: 'personal_telegram', read: telegramOwnBindings, body: { page: 1, page_size: 20 }, save: telegramBindingRemove, reread: true });

/** Telegram binding status: bound chats with their time, or "not bound"; binding itself happens in Telegram (simulated). */
export function TelegramCard() {
  const { t } = useTranslation();
  const say = useUserMessage();
  const r = useRecord(bindings, { page: 1, page_size: 20 });
  const canUnbind = useCoreSelector((s) => selectAuthority(s, 'telegram_bot_binding')).includes('remove');
  const rows = r.data?.content ?? [];
  const error = r.state.save.status === 'failed' ? say(r.state.save.error) : undefined;
  return (
    <Card aria-label={t(`${L}.telegram`)} role="region">
      <H5>
        {t(`${L}.telegram`)}{' '}
        <Tag minimal intent={rows.length ? Intent.SUCCESS : Intent.NONE} data-testid="telegram-status">
          {t(rows.length ? `${L}.telegram_bound` : `${L}.telegram_unbound`)}
        </Tag>
      </H5>
      {r.data && !rows.length && <p className={Classes.TEXT_MUTED}>{t(`${L}.telegram_none`)}</p>}
      {rows.length > 0 && (
        <HTMLTable compact style={{ width: '100%' }}>
          <tbody>
            {rows.map((b) => (
              <tr key={b.id}>
                <td>
                  <div>{t(`${L}.telegram_chat`, { chat_id: b.chat_id, platform: b.platform_nickname ? `${b.platform_account} (${b.platform_nickname})` : b.platform_account })}</div>
                  <div className={Classes.TEXT_MUTED}>{t(`${L}.telegram_since`, { time: b.binding_time })}</div>
                </td>
                {canUnbind && (
                  <td style={{ textAlign: 'right' }}>
                    <Button
                      size="small"
                      variant="outlined"
                      intent={Intent.DANGER}
                      text={t(`${L}.telegram_unbind`)}
                      loading={r.state.save.status === 'loading'}
                      onClick={() => r.save({ ids: [b.id] })}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {error && <p className={Classes.INTENT_DANGER} role="alert">{error}</p>}
    </Card>
  );
}
