import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallDef } from '../../../contracts/index.ts';
import { useUserMessage } from '../../components/use-user-message.ts';
import type { Async } from '../../state/async.ts';
import type { UserMessage } from '../../state/message.ts';
import { formFields } from '../fields.ts';
import { bodyOf, initialValues, splitServerMessage, validateBody, type FormValues } from '../form-values.ts';
import type { FormDecl } from '../types.ts';
import { FieldInput } from './field-input.tsx';
import styles from './resource-list.module.css';

export interface ResourceFormProps<Row> {
  resource: string;
  form: FormDecl<CallDef, Row>;
  mode: 'create' | 'update';
  /** The row being edited (update). */
  row?: Row;
  /** Outcome of the last submit (the resource slice's `save`). */
  save: Async;
  onSubmit(body: Record<string, unknown>): void;
  onClose(): void;
}

/**
 * The one create/edit form: inputs derived from the call's request schema, validated with that same schema
 * before sending; the server's 400 goes under the field it names. Closes itself when the save succeeds.
 */
export function ResourceForm<Row>({ resource, form, mode, row, save, onSubmit, onClose }: ResourceFormProps<Row>) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const decl = form;
  const fields = useMemo(() => formFields(resource, decl as FormDecl), [resource, decl]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields, row, decl.initial?.(row)));
  const [errors, setErrors] = useState<Record<string, UserMessage>>({});
  const [submitted, setSubmitted] = useState(false);

  const fixed = () => ({ ...(mode === 'update' && row ? { id: (row as { id?: unknown }).id } : {}), ...decl.fixed?.(row) });
  const body = () => bodyOf(fields, values, mode, row, fixed());

  useEffect(() => {
    if (save.status === 'succeeded' && submitted) onClose();
  }, [save.status, submitted, onClose]);

  const change = (name: string, value: string | boolean) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // After a first submit, errors follow every edit.
    if (submitted) setErrors(validateBody(decl.call.request, bodyOf(fields, next, mode, row, fixed())));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const b = body();
    const found = validateBody(decl.call.request, b);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (mode === 'update' && Object.keys(b).every((k) => k in fixed())) {
      onClose(); // nothing changed
      return;
    }
    onSubmit(b);
  };

  const server = save.status === 'failed' ? say(save.error) ?? '' : '';
  const serverSplit = server ? splitServerMessage(server, fields.map((f) => f.name)) : null;
  const message = (name: string) => {
    if (serverSplit?.field === name) return serverSplit.text;
    return errors[name] ? say(errors[name]) : undefined;
  };
  const title = t(mode === 'create' ? 'resource.form.create_title' : 'resource.form.update_title', { name: t(`menu.${resource}`) });

  return (
    <Dialog isOpen onClose={onClose} title={title} icon={mode === 'create' ? 'add' : 'edit'} className={styles.dialog}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogBody>
          {fields.map((f) => (
            <FieldInput key={f.name} field={f} value={values[f.name] ?? ''} onChange={(v) => change(f.name, v)} error={message(f.name)} />
          ))}
          {errors[''] && (
            <Callout intent={Intent.DANGER} role="alert" compact>
              {say(errors[''])}
            </Callout>
          )}
          {serverSplit && serverSplit.field === null && (
            <Callout intent={Intent.DANGER} role="alert" compact>
              {serverSplit.text || t('errors.resource_error')}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('common.actions.cancel')} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={save.status === 'loading'} text={t('common.actions.save')} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
