import { Button, Callout, FileInput, Intent, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { isSafeImageUrl } from '../../components/safe-url.ts';
import { useUserMessage } from '../../components/use-user-message.ts';
import { parkFile, selectUploads, uploadEvents, type WithUploads } from '../upload/upload-slice.ts';
import styles from './image-field.module.css';

export interface ImageFieldProps {
  /** Input id (the label's `for`). */
  id: string;
  label: string;
  /** Addresses one per line, in display order. */
  value: string;
  onChange(value: string): void;
  /** One address (a logo) instead of an ordered list. Default false. */
  single?: boolean;
  /** Most images the list takes (the contract's `.max`). */
  max?: number;
  disabled?: boolean;
  describedBy?: string;
}

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const listOf = (value: string) => value.split('\n').map((l) => l.trim()).filter(Boolean);

/**
 * The `image` field kind: files go through `file/add` (the upload saga), each stored address shows as a
 * preview that can move earlier or later or be removed. The value stays text (one address a line), so the
 * form engine validates and sends it like any list.
 */
export function ImageField({ id, label, value, onChange, single = false, max, disabled, describedBy }: ImageFieldProps) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const dispatch = useDispatch();
  const uploads = useSelector((s: WithUploads) => selectUploads(s));
  const prefix = useId();
  const counter = useRef(0);
  const [mine, setMine] = useState<string[]>([]);
  const urls = listOf(value);
  const latest = useRef({ urls, onChange });
  latest.current = { urls, onChange };

  // Take finished uploads in the order they were chosen; a failure stays shown until the next choice.
  useEffect(() => {
    const done: string[] = [];
    const added: string[] = [];
    for (const rid of mine) {
      const u = uploads[rid];
      if (u?.status !== 'succeeded') break;
      done.push(rid);
      added.push(u.url);
    }
    if (!done.length) return;
    const next = single ? added.slice(-1) : [...latest.current.urls, ...added];
    latest.current.onChange(next.join('\n'));
    setMine((m) => m.filter((r) => !done.includes(r)));
    dispatch(uploadEvents.cleared({ ids: done }));
  }, [uploads, mine, single, dispatch]);

  const choose = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const failedIds = mine.filter((r) => uploads[r]?.status === 'failed');
    if (failedIds.length) dispatch(uploadEvents.cleared({ ids: failedIds }));
    const room = single ? 1 : Math.max(0, (max ?? Infinity) - urls.length);
    const ids = chosen.slice(0, room).map((file) => {
      const rid = `${prefix}-${(counter.current += 1)}`;
      parkFile(rid, file);
      dispatch(uploadEvents.requested({ id: rid }));
      return rid;
    });
    setMine((m) => [...m.filter((r) => !failedIds.includes(r)), ...ids]);
  };

  const move = (from: number, to: number) => {
    const next = [...urls];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next.join('\n'));
  };
  const remove = (at: number) => onChange(urls.filter((_, i) => i !== at).join('\n'));
  const busy = mine.some((r) => uploads[r]?.status === 'loading');
  const errors = mine.flatMap((r) => {
    const u = uploads[r];
    return u?.status === 'failed' ? [say(u.error)] : [];
  });
  const full = !single && max !== undefined && urls.length >= max;

  return (
    <div className={styles.field}>
      {urls.length > 0 && (
        <ol className={styles.list} aria-label={label}>
          {urls.map((url, i) => (
            <li key={`${i}-${url}`} className={styles.item}>
              {isSafeImageUrl(url) ? (
                <img src={url} alt={t('resource.upload.preview', { n: i + 1 })} className={styles.thumb} />
              ) : (
                <span className={styles.thumb}>{url}</span>
              )}
              <span className={styles.buttons}>
                {!single && (
                  <>
                    <Button size="small" variant="minimal" icon="arrow-left" disabled={disabled || i === 0} aria-label={t('resource.upload.earlier', { n: i + 1 })} onClick={() => move(i, i - 1)} />
                    <Button size="small" variant="minimal" icon="arrow-right" disabled={disabled || i === urls.length - 1} aria-label={t('resource.upload.later', { n: i + 1 })} onClick={() => move(i, i + 1)} />
                  </>
                )}
                <Button size="small" variant="minimal" icon="cross" intent={Intent.DANGER} disabled={disabled} aria-label={t('resource.upload.remove', { n: i + 1 })} onClick={() => remove(i)} />
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className={styles.row}>
        <FileInput
          text={t(single ? 'resource.upload.choose_one' : 'resource.upload.choose')}
          buttonText={t('resource.upload.browse')}
          disabled={disabled || full}
          inputProps={{ id, accept: ACCEPT, multiple: !single, 'aria-describedby': describedBy, onChange: (e) => choose(e.currentTarget.files) }}
        />
        {busy && <Spinner size={SpinnerSize.SMALL} aria-label={t('resource.upload.uploading')} />}
      </div>
      {errors.map((e, i) => (
        <Callout key={i} role="alert" compact intent={Intent.DANGER}>
          {e}
        </Callout>
      ))}
    </div>
  );
}
