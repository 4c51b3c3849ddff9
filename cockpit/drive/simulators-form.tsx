import { Button, Checkbox, ControlGroup, FormGroup, H5, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useCockpit } from '../cockpit-context.tsx';
import { useT } from '../i18n.tsx';

const SHIELD_STATUSES = [1, 2, 4] as const;

/** The simulated chain (send a transfer, mine) and the simulated WeChat checker (mark a domain, run a round). */
export function SimulatorsForm() {
  const t = useT();
  const { act } = useCockpit();
  const [amount, setAmount] = useState('10');
  const [to, setTo] = useState('');
  const [domain, setDomain] = useState('');
  const [status, setStatus] = useState<(typeof SHIELD_STATUSES)[number]>(2);
  const [force, setForce] = useState(true);

  const send = () => {
    const amount_micro = Math.round(Number(amount) * 1_000_000);
    void act('chain/send', { amount_micro, ...(to ? { to } : {}) }, (d) => t('sim.sent', { amount, to: d.to_address, hash: `${d.hash.slice(0, 12)}…` }));
  };

  return (
    <>
      <section aria-labelledby="chain-title">
        <H5 id="chain-title">{t('sim.chain')}</H5>
        <ControlGroup fill>
          <FormGroup label={t('sim.amount')} labelFor="chain-amount">
            <InputGroup id="chain-amount" type="number" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
          </FormGroup>
          <FormGroup label={t('sim.to')} labelFor="chain-to">
            <InputGroup id="chain-to" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          </FormGroup>
        </ControlGroup>
        <Button icon="exchange" text={t('sim.send')} onClick={send} />{' '}
        <Button icon="cube-add" text={t('sim.mine')} onClick={() => void act('chain/mine', { count: 1 }, (d) => t('sim.mined', d))} />
      </section>
      <section aria-labelledby="checker-title">
        <H5 id="checker-title">{t('sim.checker')}</H5>
        <ControlGroup fill>
          <FormGroup label={t('sim.domain')} labelFor="checker-domain">
            <InputGroup id="checker-domain" value={domain} placeholder="entry1.example.com" onChange={(e) => setDomain(e.currentTarget.value)} />
          </FormGroup>
          <FormGroup label={t('sim.status')} labelFor="checker-status">
            <HTMLSelect id="checker-status" value={status} onChange={(e) => setStatus(Number(e.currentTarget.value) as (typeof SHIELD_STATUSES)[number])}>
              {SHIELD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`sim.status_${s}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        </ControlGroup>
        <Button text={t('sim.mark')} onClick={() => void act('shield/mark', { domain, status }, () => t('sim.marked', { domain, status: t(`sim.status_${status}`) }))} />{' '}
        <Checkbox inline label="force" checked={force} onChange={(e) => setForce(e.currentTarget.checked)} />
        <Button text={t('sim.run')} onClick={() => void act('shield/run', { force }, (d) => t('sim.ran', { checked: d.checked, changes: d.changes.length }))} />
      </section>
    </>
  );
}
