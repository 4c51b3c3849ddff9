import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import type { ResourceDecl } from '../types.ts';
import { ResourceList } from './resource-list.tsx';

export interface ResourceScreenProps<Row> {
  decl: ResourceDecl<Row>;
  /** Content above the list (a screen's own summary). */
  children?: ReactNode;
  /** Extra toolbar content. */
  toolbar?: ReactNode;
}

/** A whole screen for a resource: the title from the menu label, the lead, the list. */
export function ResourceScreen<Row>({ decl, children, toolbar }: ResourceScreenProps<Row>) {
  const { t } = useTranslation();
  return (
    <ScreenFrame title={t(decl.title ?? `menu.${decl.name}`)} description={decl.description ? t(decl.description) : undefined}>
      {children}
      <ResourceList decl={decl} toolbar={toolbar} inUrl />
    </ScreenFrame>
  );
}

/** A route's default export for a screen that is its declaration and nothing else. */
export function resourceScreen<Row>(decl: ResourceDecl<Row>) {
  return function DeclaredResourceScreen() {
    return <ResourceScreen decl={decl} />;
  };
}
