import { Button, ControlGroup, FormGroup, H5, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { HTTP_FAULTS, type ControlBody } from '../../contracts/index.ts';
import { useCockpit } from '../cockpit-context.tsx';
import { useT } from '../i18n.tsx';

const KINDS = ['status', 'delay', ...HTTP_FAULTS] as const;
type Kind = (typeof KINDS)[number];

/** Arm an HTTP fault on a registered call (the selected entry's by default): a status, a delay, or a network fault. */
export function HttpFaultForm() {
  const t = useT();
  const { act, selected } = useCockpit();
  const selectedCall = selected && selected.kind !== 'action' && selected.kind !== 'frame' && selected.kind !== 'effect' ? selected.call : null;
  const [path, setPath] = useState(selectedCall ?? '');
  const [kind, setKind] = useState<Kind>('status');
  const [status, setStatus] = useState('500');
  const [message, setMessage] = useState('');
  const [delay, setDelay] = useState('0');
  const [count, setCount] = useState('1');
  useEffect(() => {
    if (selectedCall) setPath(selectedCall);
  }, [selectedCall]);

  const arm = () => {
    const n = Number(count);
    const delay_ms = Number(delay);
    const body: ControlBody<'http_fault'> =
      kind === 'status'
        ? { path, count: n, status: Number(status), delay_ms, ...(message ? { message } : {}) }
        : kind === 'delay'
          ? { path, count: n, delay_ms }
          : { path, count: n, fault: kind, delay_ms };
    const what = kind === 'status' ? `${status}` : kind === 'delay' ? `${delay_ms} ms` : t(`http.${kind}`);
    void act('http_fault', body, () => t('http.armed', { path, what, count: n }));
  };

  return (
    <section aria-labelledby="http-fault-title">
      <H5 id="http-fault-title">{t('http.title')}</H5>
      <FormGroup label={t('http.path')} labelFor="http-path">
        <InputGroup id="http-path" value={path} onChange={(e) => setPath(e.currentTarget.value)} placeholder="message/inquire" />
      </FormGroup>
      <ControlGroup fill>
        <FormGroup label={t('http.kind')} labelFor="http-kind">
          <HTMLSelect id="http-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`http.${k}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {kind === 'status' ? (
          <FormGroup label={t('http.status_code')} labelFor="http-status">
            <InputGroup id="http-status" type="number" value={status} onChange={(e) => setStatus(e.currentTarget.value)} />
          </FormGroup>
        ) : null}
        <FormGroup label={t('delay_ms')} labelFor="http-delay">
          <InputGroup id="http-delay" type="number" value={delay} onChange={(e) => setDelay(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('count')} labelFor="http-count">
          <InputGroup id="http-count" type="number" value={count} onChange={(e) => setCount(e.currentTarget.value)} />
        </FormGroup>
      </ControlGroup>
      {kind === 'status' ? (
        <FormGroup label={t('http.message')} labelFor="http-message">
          <InputGroup id="http-message" value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
        </FormGroup>
      ) : null}
      <Button intent="warning" icon="error" text={t('http.arm')} onClick={arm} />{' '}
      <Button text={t('http.clear')} onClick={() => void act('clear_faults', {}, () => t('http.cleared'))} />
    </section>
  );
}
