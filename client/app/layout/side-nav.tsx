import { Collapse, Icon, Menu, MenuItem } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routePath, type NavGroup, type NavItem } from '../../state/menu.ts';
import { groupIcon } from './nav-icons.ts';
import styles from './app-layout.module.css';

export interface SideNavProps {
  nav: readonly NavItem[];
  /** Route name on screen, highlighted and its group opened. */
  current: string;
  /** Called after a leaf is chosen (closes the mobile drawer). */
  onNavigate?(): void;
}

function containsRoute(group: NavGroup, route: string): boolean {
  return group.children.some((c) => (c.kind === 'leaf' ? c.route === route : containsRoute(c, route)));
}

/** The left menu: collapsible groups of route leaves, labels through their language variables. */
export function SideNav({ nav, current, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const [followed, setFollowed] = useState<{ nav: readonly NavItem[]; current: string } | null>(null);

  // Open the group of the route on screen whenever the route (or the menu) changes; the others keep their
  // state. Done while rendering, not in an effect: when the menu first arrives, its group is then open in
  // the very render that shows the menu, instead of opening (animated) a frame later and pushing the groups
  // below it down (a layout shift on every first load).
  if (followed?.nav !== nav || followed.current !== current) {
    setFollowed({ nav, current });
    const group = nav.find((n): n is NavGroup => n.kind === 'group' && containsRoute(n, current));
    if (group && !open.has(group.id)) setOpen(new Set(open).add(group.id));
  }

  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const render = (item: NavItem, depth: number): React.JSX.Element =>
    item.kind === 'leaf' ? (
      <MenuItem
        key={item.id}
        roleStructure="listitem"
        className={depth ? styles.navChild : styles.navItem}
        href={`#${routePath(item.route)}`}
        // Long labels wrap (the 210 px menu cut "QR codes without do…"), so every label is read whole.
        multiline
        text={t(item.labelKey)}
        active={item.route === current}
        aria-current={item.route === current ? 'page' : undefined}
        onClick={onNavigate}
      />
    ) : (
      <li key={item.id} className={styles.navGroup}>
        <Menu role="list" className={styles.navGroupMenu}>
          <MenuItem
            roleStructure="listitem"
            role="button"
            className={styles.navItem}
            icon={groupIcon(item.labelKey)}
            multiline
            text={t(item.labelKey)}
            labelElement={<Icon icon={open.has(item.id) ? 'chevron-up' : 'chevron-down'} />}
            aria-expanded={open.has(item.id)}
            onClick={() => toggle(item.id)}
            shouldDismissPopover={false}
          />
        </Menu>
        <Collapse isOpen={open.has(item.id)} keepChildrenMounted>
          <Menu role="list" className={styles.navGroupMenu}>
            {item.children.map((c) => render(c, depth + 1))}
          </Menu>
        </Collapse>
      </li>
    );

  // A list of links, not an ARIA menu: a menu may hold only menu items, and these are page links and groups.
  return (
    <Menu role="list" className={styles.nav}>
      {nav.map((n) => render(n, 0))}
    </Menu>
  );
}
