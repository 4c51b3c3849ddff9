import { Button, ControlGroup, FormGroup, H5, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { FRAME_FAULT_ACTIONS } from '../../contracts/index.ts';
import { useCockpit } from '../cockpit-context.tsx';
import { useT } from '../i18n.tsx';

type Action = (typeof FRAME_FAULT_ACTIONS)[number];

/** A user's socket: frame faults on the next frames, a close with a chosen code (3001 by default), a cut. */
export function SocketForm({ account, onAccount }: { readonly account: string; readonly onAccount: (a: string) => void }) {
  const t = useT();
  const { act } = useCockpit();
  const [action, setAction] = useState<Action>('drop');
  const [count, setCount] = useState('1');
  const [delay, setDelay] = useState('1000');
  const [code, setCode] = useState('3001');
  const to = { account };

  const arm = () => {
    const n = Number(count);
    const body = { to, action, count: n, ...(action === 'delay' ? { delay_ms: Number(delay) } : {}) };
    void act('frame_fault', body, (d) => t('frame.armed', { who: account, action: t(`frame.${action}`), count: n, pending: d.pending }));
  };

  return (
    <section aria-labelledby="socket-title">
      <H5 id="socket-title">{t('frame.title')}</H5>
      <FormGroup label={t('who')} labelFor="socket-account">
        <InputGroup id="socket-account" value={account} onChange={(e) => onAccount(e.currentTarget.value)} />
      </FormGroup>
      <ControlGroup fill>
        <FormGroup label={t('frame.action')} labelFor="frame-action">
          <HTMLSelect id="frame-action" value={action} onChange={(e) => setAction(e.currentTarget.value as Action)}>
            {FRAME_FAULT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`frame.${a}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('count')} labelFor="frame-count">
          <InputGroup id="frame-count" type="number" value={count} onChange={(e) => setCount(e.currentTarget.value)} />
        </FormGroup>
        {action === 'delay' ? (
          <FormGroup label={t('delay_ms')} labelFor="frame-delay">
            <InputGroup id="frame-delay" type="number" value={delay} onChange={(e) => setDelay(e.currentTarget.value)} />
          </FormGroup>
        ) : null}
      </ControlGroup>
      <Button intent="warning" icon="error" text={t('frame.arm')} onClick={arm} />{' '}
      <Button text={t('frame.clear')} onClick={() => void act('clear_frame_faults', {}, () => t('frame.cleared'))} />
      <div className="close-row">
        <FormGroup className="close-code" label={t('frame.close_code')} labelFor="close-code" inline>
          <InputGroup id="close-code" type="number" value={code} onChange={(e) => setCode(e.currentTarget.value)} />
        </FormGroup>
        <Button
          intent="danger"
          text={t('frame.close')}
          onClick={() => void act('close', { to, code: Number(code) }, (d) => t('frame.closed', { closed: d.closed, who: account, code }))}
        />
        <Button text={t('frame.cut')} onClick={() => void act('cut', { to }, (d) => t('frame.cutted', { cut: d.cut, who: account }))} />
      </div>
    </section>
  );
}
