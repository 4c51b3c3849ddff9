import { useEffect, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { recordEvents as ev, selectRecord, type WithRecords } from './record-slice.ts';
import type { RecordDecl } from './define-record.ts';

/** A record screen's state, read when the screen opens, and its events. */
export function useRecord<R>(decl: RecordDecl<R>) {
  const dispatch = useDispatch();
  const name = decl.name;
  const state = useSelector((s: WithRecords) => selectRecord(s, name));
  useEffect(() => {
    dispatch(ev.opened({ record: name }));
  }, [dispatch, name]);
  const events = useMemo(
    () => ({
      reload: () => dispatch(ev.opened({ record: name })),
      /** Read with another body (a lookup dashboard's search). */
      query: (body: unknown) => dispatch(ev.opened({ record: name, body })),
      save: (body: unknown) => dispatch(ev.saveSubmitted({ record: name, body })),
    }),
    [dispatch, name],
  );
  // The saga stored the read call's validated answer; the declaration's call gives it this type.
  return { state, data: ('data' in state.data ? state.data.data : undefined) as R | undefined, ...events };
}
