import { Callout, Intent } from '@blueprintjs/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { ResourceForm } from '../components/resource-form.tsx';
import { RecordGate } from '../record/record-gate.tsx';
import { useRecord } from '../record/use-record.ts';
import { useGrants } from '../use-resource.ts';
import { resourceEvents, selectResource, type WithResources } from '../resource-slice.ts';
import type { SettingsDecl } from './define-settings.ts';

/**
 * A whole settings screen: the record read on open, the one resource form inline over it (inputs and
 * validation from the update call's schema, the server's 400 under the field it names), read-only without
 * the form's authority.
 */
export function SettingsScreen<R>({ decl, below }: { decl: SettingsDecl<R>; below?: ReactNode }) {
  const { t } = useTranslation();
  // The lookups of a list on the same screen (loaded when that list opens).
  const lookupState = useSelector((s: WithResources) => (decl.lookupsFrom ? selectResource(s, decl.lookupsFrom.name).lookups : undefined));
  // No list below to load them: load the lookups here.
  const dispatch = useDispatch();
  const lookupsOnly = decl.lookupsFrom && !below ? decl.lookupsFrom.name : undefined;
  useEffect(() => {
    if (lookupsOnly) dispatch(resourceEvents.lookupsRequested({ resource: lookupsOnly }));
  }, [dispatch, lookupsOnly]);
  const { state, data, reload, save } = useRecord(decl.record);
  const canSave = useGrants()(decl.form.button);
  const labels = `resources.${decl.name}`;
  return (
    <ScreenFrame
      title={t(`menu.${decl.name}`)}
      description={decl.description ? t(decl.description) : undefined}
      maxWidth={decl.maxWidth ?? 640}
    >
      {decl.warning && (
        <Callout intent={Intent.WARNING} icon="warning-sign" role="note" style={{ marginBottom: 16 }}>
          {t(decl.warning)}
        </Callout>
      )}
      {!canSave && (
        <Callout intent={Intent.PRIMARY} icon="info-sign" style={{ marginBottom: 16 }}>
          {t('resource.settings.read_only')}
        </Callout>
      )}
      <RecordGate state={state} data={data} onRetry={reload}>
        {(record) => (
          // Remount when the stored values change (load, save) so the form starts from them.
          <ResourceForm<R>
            key={JSON.stringify(record)}
            resource={decl.name}
            labels={labels}
            form={decl.form}
            lookups={decl.lookupsFrom?.lookups}
            lookupState={lookupState}
            mode="update"
            rows={[record]}
            save={state.save}
            onSubmit={save}
            onClose={() => {}}
            title={t(`menu.${decl.name}`)}
            readOnly={!canSave}
            inline
          />
        )}
      </RecordGate>
      {below}
    </ScreenFrame>
  );
}

/** A route's default export for a screen that is its settings declaration and nothing else. */
export function settingsScreen<R>(decl: SettingsDecl<R>) {
  return function DeclaredSettingsScreen() {
    return <SettingsScreen decl={decl} />;
  };
}
