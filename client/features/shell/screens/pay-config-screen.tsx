import { Button, Callout, Card, FormGroup, Intent, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { payConfigUpdate, ShowStatus, type PayConfig } from '../../../../contracts/index.ts';
import { fieldErrors } from '../../../components/form-errors.ts';
import { ScreenFrame } from '../../../components/screen-frame.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { dataOf } from '../../../state/async.ts';
import { useAuthority, useCoreDispatch, useCoreSelector } from '../../../state/hooks.ts';
import { settingsEvents, type PayConfigChanges } from '../../../state/settings-slice.ts';

const NUMBER_FIELDS = ['min_recharge', 'exchange_rate', 'order_timeout_minutes'] as const;
type Field = keyof PayConfig;

/** /customer/pay_config: inquire and update; the save button only with the page's `update` authority. */
export default function PayConfigScreen() {
  const { t } = useTranslation();
  const dispatch = useCoreDispatch();
  const say = useUserMessage();
  const payConfig = useCoreSelector((s) => s.settings.payConfig);
  const data = dataOf(payConfig);

  useEffect(() => {
    dispatch(settingsEvents.payConfigRequested());
  }, [dispatch]);

  if (!data) {
    if (payConfig.status === 'failed')
      return (
        <NonIdealState
          icon="error"
          title={t('common.states.load_failed')}
          description={say(payConfig.error)}
          action={<Button icon="refresh" text={t('common.actions.retry')} onClick={() => dispatch(settingsEvents.payConfigRequested())} />}
        />
      );
    return <NonIdealState icon={<Spinner />} title={t('common.states.loading')} />;
  }
  // Remount the form when the server's values change (load, save) so it starts from them.
  return <PayConfigForm key={JSON.stringify(data)} data={data} />;
}

function PayConfigForm({ data }: { data: PayConfig }) {
  const { t } = useTranslation();
  const dispatch = useCoreDispatch();
  const say = useUserMessage();
  const canUpdate = useAuthority().includes('update');
  const save = useCoreSelector((s) => s.settings.payConfigSave);
  const [values, setValues] = useState(() => ({
    qr_code_switch: data.qr_code_switch,
    usdt_address: data.usdt_address,
    min_recharge: String(data.min_recharge),
    exchange_rate: String(data.exchange_rate),
    order_timeout_minutes: String(data.order_timeout_minutes),
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const changes = (): PayConfigChanges => {
    const out: Record<string, unknown> = {};
    if (values.qr_code_switch !== data.qr_code_switch) out.qr_code_switch = values.qr_code_switch;
    if (values.usdt_address !== data.usdt_address) out.usdt_address = values.usdt_address.trim();
    for (const f of NUMBER_FIELDS) {
      const n = values[f].trim() === '' ? NaN : Number(values[f]);
      if (n !== data[f]) out[f] = n;
    }
    return out as PayConfigChanges;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = changes();
    const parsed = payConfigUpdate.request.safeParse(body);
    setErrors(fieldErrors<Field>(parsed.error));
    if (parsed.success && Object.keys(body).length) dispatch(settingsEvents.payConfigSaveSubmitted(body));
  };

  const field = (f: Exclude<Field, 'qr_code_switch'>, inputMode: 'text' | 'decimal' | 'numeric') => (
    <TextField
      label={t(`resources.pay_config.fields.${f}`)}
      value={values[f]}
      onChange={(v) => setValues((p) => ({ ...p, [f]: v }))}
      error={errors[f] ? t(errors[f]) : undefined}
      readOnly={!canUpdate}
      inputMode={inputMode}
    />
  );

  return (
    <ScreenFrame title={t('menu.pay_config')} description={t('resources.pay_config.description')} maxWidth={640}>
      {!canUpdate && (
        <Callout intent={Intent.PRIMARY} icon="info-sign" style={{ marginBottom: 16 }}>
          {t('resources.pay_config.read_only')}
        </Callout>
      )}
      <Card elevation={1}>
        <form onSubmit={onSubmit} noValidate>
          <FormGroup>
            <Switch
              label={t('resources.pay_config.fields.qr_code_switch')}
              checked={values.qr_code_switch === ShowStatus.values.show}
              disabled={!canUpdate}
              onChange={(e) =>
                setValues((p) => ({ ...p, qr_code_switch: e.currentTarget.checked ? ShowStatus.values.show : ShowStatus.values.hide }))
              }
            />
          </FormGroup>
          {field('usdt_address', 'text')}
          {field('min_recharge', 'decimal')}
          {field('exchange_rate', 'decimal')}
          {field('order_timeout_minutes', 'numeric')}
          {save.status === 'failed' && (
            <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 16 }}>
              {say(save.error)}
            </Callout>
          )}
          {canUpdate && (
            <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={save.status === 'loading'} text={t('common.actions.save')} />
          )}
        </form>
      </Card>
    </ScreenFrame>
  );
}
