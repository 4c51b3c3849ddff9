import { useEffect, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { recordEvents as ev, selectRecord, type WithRecords } from './record-slice.ts';
import type { RecordDecl } from './define-record.ts';

/** A record screen's state, read when the screen opens (and again when `body` changes), and its events. */
export function useRecord<R>(decl: RecordDecl<R>, body?: unknown) {
  const dispatch = useDispatch();
  const name = decl.name;
  const state = useSelector((s: WithRecords) => selectRecord(s, name));
  // A new object with the same content must not read again: compare by content.
  const bodyKey = body === undefined ? '' : JSON.stringify(body);
  useEffect(() => {
    dispatch(ev.opened(bodyKey ? { record: name, body: JSON.parse(bodyKey) as unknown } : { record: name }));
  }, [dispatch, name, bodyKey]);
  const events = useMemo(
    () => ({
      reload: () => dispatch(ev.opened(bodyKey ? { record: name, body: JSON.parse(bodyKey) as unknown } : { record: name })),
      save: (body: unknown) => dispatch(ev.saveSubmitted({ record: name, body })),
    }),
    [dispatch, name, bodyKey],
  );
  // The saga stored the read call's validated answer; the declaration's call gives it this type.
  return { state, data: ('data' in state.data ? state.data.data : undefined) as R | undefined, ...events };
}
