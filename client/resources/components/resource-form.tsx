import { AnchorButton, Button, Callout, Card, Dialog, DialogBody, DialogFooter, Intent, type IconName } from '@blueprintjs/core';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallDef } from '../../../contracts/index.ts';
import { showToast } from '../../components/toaster.ts';
import { useServerError } from '../../components/use-server-error.ts';
import { useUserMessage } from '../../components/use-user-message.ts';
import { dataOf, type Async, type Loadable } from '../../state/async.ts';
import { useCoreSelector } from '../../state/hooks.ts';
import { fieldOf, needsRenewal, type UserMessage } from '../../state/message.ts';
import { routePath } from '../../state/menu.ts';
import { formFields, type ResolvedField } from '../fields.ts';
import { bodyOf, initialValues, validateBody, type FormValues } from '../form-values.ts';
import type { FieldContext, FormDecl, LookupContext, LookupDecl } from '../types.ts';
import { FieldInput } from './field-input.tsx';
import styles from './resource-list.module.css';

export interface ResourceFormProps<Row> {
  /** Resource name (the dialog title names its menu entry). */
  resource: string;
  /** i18n prefix of the field labels (`<labels>.fields.<field>`). Default `resources.<resource>`. */
  labels?: string;
  form: FormDecl<CallDef, Row>;
  mode: 'create' | 'update';
  /** The row being edited (update) or the rows an action form applies to. */
  rows?: Row[];
  /** Outcome of the last submit (the resource slice's `save`). */
  save: Async;
  /** The resource's lookups and their loaded answers, for selects over other calls. */
  lookups?: Readonly<Record<string, LookupDecl>>;
  lookupState?: Readonly<Record<string, Loadable<unknown>>>;
  onSubmit(body: unknown): void;
  onClose(): void;
  /** Dialog title; default "New/Edit · <menu label>". */
  title?: string;
  /** Inline card instead of a dialog (a screen that is a form). Default false. */
  inline?: boolean;
  /** Said above the inputs (what an action form applies to: this request of that user, that amount). */
  lead?: string;
  /** An action form's own icon and submit text (Reject, not Save). Default the create/edit icon and "Save". */
  icon?: IconName;
  submitText?: string;
  /** Shown under the inputs (e.g. what the action applies to). */
  children?: ReactNode;
  /** Inputs shown but not editable and no buttons (the user lacks the form's authority). Default false. */
  readOnly?: boolean;
}

/** Choices of a lookup-backed select from the loaded answer (empty while it loads). */
/** `ctx`: the console language (per-language names) and the row being edited (a superior picker leaves out its subtree). */
export function withLookupOptions(
  fields: ResolvedField[],
  lookups: ResourceFormProps<unknown>['lookups'],
  state: ResourceFormProps<unknown>['lookupState'],
  ctx: LookupContext,
) {
  return fields.map((f) => {
    const decl = f.lookup ? lookups?.[f.lookup] : undefined;
    if (!decl?.options) return f;
    const answer = state?.[f.lookup!] ? dataOf(state[f.lookup!]) : undefined;
    const options = answer === undefined ? [] : decl.options(answer, ctx);
    return { ...f, options, noChoices: answer !== undefined && options.length === 0 };
  });
}

/** A refusal naming a body field `toBody` renamed, pointed at the input that field is typed in. */
function renamedField(m: UserMessage | undefined, inputOf: Readonly<Record<string, string>> | undefined): UserMessage | undefined {
  const path = fieldOf(m);
  if (!m || !path || !inputOf || !('text' in m)) return m;
  const [first, ...rest] = path.split('.');
  const input = inputOf[first!];
  return input ? { ...m, field: [input, ...rest].join('.') } : m;
}

/**
 * The one create/edit form: inputs derived from the call's request schema, validated with that same schema
 * before sending; the server's 400 goes under the field it names. Closes itself when the save succeeds.
 */
export function ResourceForm<Row>(props: ResourceFormProps<Row>) {
  const { resource, form, mode, rows = [], save, onSubmit, onClose, inline = false, readOnly = false } = props;
  const { t, i18n } = useTranslation();
  const say = useUserMessage();
  const row = mode === 'update' ? rows[0] : undefined;
  // The one row a form is about: the row edited, or the row an action form was opened on (reject this request).
  const subject = row ?? (rows.length === 1 ? rows[0] : undefined);
  const labels = props.labels ?? `resources.${resource}`;
  const baseFields = useMemo(() => formFields(labels, form as FormDecl, subject), [labels, form, subject]);
  const user = useCoreSelector((s) => s.session.userInfo);
  const fields = withLookupOptions(baseFields, props.lookups, props.lookupState, { language: i18n.language, row, rows, userId: user?.id }).map((f) =>
    f.helperOf && row !== undefined ? { ...f, helper: f.helperOf(row) } : f,
  );
  const names = fields.map((f) => f.name);
  // Edit forms start from the row; action forms on one row start from the declaration's `initial` of it.
  const [values, setValues] = useState<FormValues>(() => initialValues(baseFields, row, form.initial?.(subject)));
  const [errors, setErrors] = useState<Record<string, UserMessage>>({});
  const [submitted, setSubmitted] = useState(false);
  // Fields typed in: their own checks (an amount's minimum, the balance) speak before any submit.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const payConfig = useCoreSelector((s) => dataOf(s.settings.payConfig));
  const ctx: FieldContext = { user, payConfig };
  const ownChecks = (v: FormValues, only?: ReadonlySet<string>): Record<string, UserMessage> => {
    const out: Record<string, UserMessage> = {};
    for (const f of fields) {
      const text = v[f.name];
      if (!f.check || typeof text !== 'string' || (only && !only.has(f.name))) continue;
      const m = f.check(text, ctx);
      if (m) out[f.name] = m;
    }
    return out;
  };

  // A record without an id (one settings object) is edited as a whole: no id to send.
  const fixed = () => ({ ...(mode === 'update' && row && (row as { id?: unknown }).id !== undefined ? { id: (row as { id?: unknown }).id } : {}), ...form.fixed?.(subject) });
  const flatOf = (v: FormValues) => bodyOf(baseFields, v, form.toBody ? 'create' : mode, row, fixed(), form.sendAll);
  const bodyFor = (v: FormValues): unknown => (form.toBody ? form.toBody(flatOf(v), rows) : flatOf(v));
  // The form's own schema speaks first (rules the call's request cannot carry: a password it takes encrypted).
  const problems = (v: FormValues): Record<string, UserMessage> => ({
    ...validateBody(form.call.request, bodyFor(v), names),
    ...(form.schema ? validateBody(form.schema, flatOf(v), names) : {}),
    ...ownChecks(v),
  });

  useEffect(() => {
    if (save.status === 'succeeded' && submitted && !inline) onClose();
  }, [save.status, submitted, onClose, inline]);

  const change = (name: string, value: string | boolean) => {
    const next = { ...values, [name]: value };
    setValues(next);
    serverError.changed(name);
    // After a first submit, errors follow every edit; before it, a field's own check follows its typing.
    if (submitted) setErrors(problems(next));
    else if (fields.some((f) => f.name === name && f.check)) {
      const seen = new Set(touched).add(name);
      setTouched(seen);
      setErrors(ownChecks(next, seen));
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const body = bodyFor(values);
    const found = problems(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (mode === 'update' && !form.toBody && Object.keys(body as object).every((k) => k in fixed())) {
      // Nothing changed: a dialog just closes; a form that stays on screen (settings) says so, or Save would do nothing visible.
      if (inline) showToast(t('resource.form.nothing_changed'), Intent.PRIMARY);
      onClose();
      return;
    }
    onSubmit(body);
  };

  // The server's refusal: under the input it names (cleared when that input changes), else above the buttons.
  const refusal = save.status === 'failed' && submitted ? save.error : undefined;
  // One object per refusal (the hook tells a new refusal from a cleared one by identity).
  const placed = useMemo(() => renamedField(refusal, form.inputOf), [refusal, form.inputOf]);
  const serverError = useServerError(placed, names);
  // A creating call refused for an absent or past membership (402): the way to renew, next to the message.
  const renew = save.status === 'failed' && submitted && needsRenewal(save.error);
  const message = (name: string) => say(serverError.under(name) ?? errors[name]);
  // Problems with no input of their own (a refinement over the whole body, an id list) go above the buttons.
  // (Said once: a nested form's own schema and the call's may both refuse the same whole body.)
  const general = [
    ...new Set(
      Object.entries(errors)
        .filter(([k]) => !names.includes(k))
        .map(([, m]) => say(m)),
    ),
  ];
  if (serverError.top) general.push(say(serverError.top) || t('errors.resource_error'));
  // A refusal under an input also gets one sentence on top, naming the input by its label.
  const refusedInput = fields.find((f) => f.name === serverError.input);
  if (refusedInput) general.unshift(t('resource.form.refused_field', { label: t(refusedInput.label) }));

  const title = props.title ?? t(mode === 'create' ? 'resource.form.create_title' : 'resource.form.update_title', { name: t(`menu.${resource}`) });
  const inputs = (
    <>
      {props.lead && <p>{props.lead}</p>}
      {fields.map((f) => (
        <FieldInput
          key={f.name}
          field={f}
          value={values[f.name] ?? ''}
          onChange={(v) => change(f.name, v)}
          error={message(f.name)}
          hint={f.hint ? say(f.hint(ctx)) : undefined}
          disabled={readOnly}
        />
      ))}
      {props.children}
      {general.map((g, i) => (
        <Callout key={i} intent={Intent.DANGER} role="alert" compact className={styles.callout}>
          {g}
        </Callout>
      ))}
      {renew && <AnchorButton href={`#${routePath('buy_vip_combo')}`} intent={Intent.PRIMARY} text={t('resource.renew_membership')} onClick={onClose} />}
    </>
  );
  const buttons = (
    <>
      {!inline && <Button text={t('common.actions.cancel')} onClick={onClose} />}
      <Button type="submit" intent={Intent.PRIMARY} icon={props.icon ?? 'floppy-disk'} loading={save.status === 'loading'} text={props.submitText ?? t('common.actions.save')} />
    </>
  );

  if (inline)
    return (
      <Card elevation={1}>
        <form onSubmit={submit} noValidate aria-label={title}>
          {inputs}
          {!readOnly && <div className={styles.formButtons}>{buttons}</div>}
        </form>
      </Card>
    );
  return (
    <Dialog isOpen onClose={onClose} title={title} icon={props.icon ?? (mode === 'create' ? 'add' : 'edit')} className={styles.dialog}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogBody>{inputs}</DialogBody>
        <DialogFooter actions={buttons} />
      </form>
    </Dialog>
  );
}
