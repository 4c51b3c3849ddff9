import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { navLeaves, routePath, type NavItem } from '../../state/menu.ts';
import { groupIcon } from './nav-icons.ts';
import styles from './app-layout.module.css';

/** Top-menu mode: groups as header buttons with their leaves in a dropdown. */
export function TopNav({ nav, current }: { nav: readonly NavItem[]; current: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.topNav}>
      {nav.map((item) =>
        item.kind === 'leaf' ? (
          <a key={item.id} href={`#${routePath(item.route)}`} className={styles.topLink}>
            <Button variant="minimal" active={item.route === current} text={t(item.labelKey)} tabIndex={-1} />
          </a>
        ) : (
          <PopoverNext
            key={item.id}
            placement="bottom-start"
            content={
              <Menu>
                {navLeaves(item.children).map((leaf) => (
                  <MenuItem key={leaf.id} href={`#${routePath(leaf.route)}`} text={t(leaf.labelKey)} active={leaf.route === current} />
                ))}
              </Menu>
            }
          >
            <Button
              variant="minimal"
              icon={groupIcon(item.labelKey)}
              endIcon="caret-down"
              text={t(item.labelKey)}
              active={navLeaves(item.children).some((l) => l.route === current)}
            />
          </PopoverNext>
        ),
      )}
    </div>
  );
}
