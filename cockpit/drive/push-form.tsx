import { Button, Checkbox, FormGroup, H5, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { Direction, frameDefs } from '../../contracts/index.ts';
import { useCockpit } from '../cockpit-context.tsx';
import { useT } from '../i18n.tsx';
import { dataOf, fieldsOf, initialOf, type Field, type JsonSchema } from './schema-fields.ts';

/** Every frame the server may send (the frame registry), in code order. */
const SERVER_FRAMES = frameDefs.filter((d) => d.direction === Direction.toClient);

function FieldInput({ field, value, onChange }: { readonly field: Field; readonly value: string; readonly onChange: (v: string) => void }) {
  const t = useT();
  // Apart from the form's own ids (push-title, push-type): data has fields named title and type.
  const id = `push-field-${field.name}`;
  if (field.input === 'boolean') return <Checkbox id={id} label={field.name} checked={value === 'true'} onChange={(e) => onChange(String(e.currentTarget.checked))} />;
  const label = field.input === 'json' ? t('push.json', { field: field.name }) : field.name;
  return (
    <FormGroup label={label} labelFor={id} labelInfo={field.required ? '*' : undefined}>
      {field.input === 'choice' ? (
        <HTMLSelect id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {field.options.map((o) => (
            <option key={String(o)} value={String(o)}>
              {String(o)}
            </option>
          ))}
        </HTMLSelect>
      ) : field.input === 'json' ? (
        <TextArea id={id} fill value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <InputGroup id={id} type={field.input === 'text' ? 'text' : 'number'} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      )}
    </FormGroup>
  );
}

/** Push any server frame to a user, with a form generated from the frame's data schema in the frame registry. */
export function PushForm({ account }: { readonly account: string }) {
  const t = useT();
  const { act, say } = useCockpit();
  const [type, setType] = useState(SERVER_FRAMES[0]!.type);
  const def = SERVER_FRAMES.find((d) => d.type === type)!;
  const fields = useMemo(() => (def.data ? fieldsOf(z.toJSONSchema(def.data, { unrepresentable: 'any' }) as JsonSchema) : []), [def]);
  const [values, setValues] = useState<Record<string, string>>({});
  const valueOf = (f: Field) => values[`${type}.${f.name}`] ?? initialOf(f);

  const push = () => {
    let data: unknown;
    if (fields.length) {
      const read = dataOf(fields, Object.fromEntries(fields.map((f) => [f.name, valueOf(f)])));
      if ('field' in read) return say(t('push.bad_json', read), false);
      data = read.data;
    }
    // The control API sends any data on purpose (QA tests how the console takes a bad frame); the form says so.
    const checked = def.data?.safeParse(data);
    const off = checked && !checked.success ? t('push.off_schema', { problem: checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }) : '';
    void act('push', { to: { account }, type, ...(data === undefined ? {} : { data: data as z.core.util.JSONType }) }, (d) =>
      t('push.sent', { name: def.name, type, who: account, delivered: d.delivered }) + off,
    );
  };

  return (
    <section aria-labelledby="push-title">
      <H5 id="push-title">{t('push.title')}</H5>
      <FormGroup label={t('push.type')} labelFor="push-type">
        <HTMLSelect id="push-type" value={type} onChange={(e) => setType(Number(e.currentTarget.value))}>
          {SERVER_FRAMES.map((d) => (
            <option key={d.type} value={d.type}>
              {d.name} ({d.type})
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {fields.length ? (
        fields.map((f) => <FieldInput key={`${type}.${f.name}`} field={f} value={valueOf(f)} onChange={(v) => setValues({ ...values, [`${type}.${f.name}`]: v })} />)
      ) : (
        <p>{t('push.no_data')}</p>
      )}
      <Button intent="primary" icon="send-message" text={t('push.send')} onClick={push} />
    </section>
  );
}
