import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navLeaves, routePath, type NavItem } from '../../state/menu.ts';
import { groupIcon } from './nav-icons.ts';
import styles from './app-layout.module.css';

/** Room kept for the "More" button when some items do not fit. */
const MORE_WIDTH = 96;

/** How many of the items (widths in px, in order) fit in `room`, keeping space for "More" when not all do. */
export function fittingCount(widths: readonly number[], room: number, gap = 2): number {
  const total = widths.reduce((s, w) => s + w + gap, 0);
  if (total <= room) return widths.length;
  let used = 0;
  let n = 0;
  for (const w of widths) {
    if (used + w + gap > room - MORE_WIDTH) break;
    used += w + gap;
    n += 1;
  }
  return n;
}

function TopItem({ item, current, measuring = false }: { item: NavItem; current: string; measuring?: boolean }) {
  const { t } = useTranslation();
  if (item.kind === 'leaf')
    return (
      <a href={`#${routePath(item.route)}`} className={styles.topLink} tabIndex={measuring ? -1 : undefined}>
        <Button variant="minimal" active={item.route === current} text={t(item.labelKey)} tabIndex={-1} />
      </a>
    );
  const button = (
    <Button
      variant="minimal"
      icon={groupIcon(item.labelKey)}
      endIcon="caret-down"
      text={t(item.labelKey)}
      tabIndex={measuring ? -1 : undefined}
      active={navLeaves(item.children).some((l) => l.route === current)}
    />
  );
  if (measuring) return button;
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <Menu>
          {navLeaves(item.children).map((leaf) => (
            <MenuItem key={leaf.id} href={`#${routePath(leaf.route)}`} text={t(leaf.labelKey)} active={leaf.route === current} />
          ))}
        </Menu>
      }
    >
      {button}
    </PopoverNext>
  );
}

/**
 * Top-menu mode: groups as header buttons with their leaves in a dropdown. What does not fit the header's
 * width folds into a "More" menu (groups as titled sections), never behind an unmarked scroll. The widths are
 * read from an invisible copy of the row, so the visible one never jumps while it is measured.
 */
export function TopNav({ nav, current }: { nav: readonly NavItem[]; current: string }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(nav.length);

  useLayoutEffect(() => {
    const measure = () => {
      if (!box.current || !ruler.current) return;
      const widths = [...ruler.current.children].map((c) => (c as HTMLElement).offsetWidth);
      setShown(fittingCount(widths, box.current.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (box.current) observer.observe(box.current);
    return () => observer.disconnect();
  }, [nav, i18n.language]);

  const rest = nav.slice(shown);
  return (
    <div ref={box} className={styles.topNav}>
      <div ref={ruler} className={styles.topRuler} aria-hidden="true" inert>
        {nav.map((item) => (
          <TopItem key={item.id} item={item} current={current} measuring />
        ))}
      </div>
      {nav.slice(0, shown).map((item) => (
        <TopItem key={item.id} item={item} current={current} />
      ))}
      {rest.length > 0 && (
        <PopoverNext
          placement="bottom-end"
          content={
            <Menu className={styles.moreMenu}>
              {rest.map((item, i) =>
                item.kind === 'leaf' ? (
                  <MenuItem key={item.id} href={`#${routePath(item.route)}`} text={t(item.labelKey)} active={item.route === current} />
                ) : (
                  <Fragment key={item.id}>
                    {i > 0 && <MenuDivider />}
                    <MenuDivider title={t(item.labelKey)} />
                    {navLeaves(item.children).map((leaf) => (
                      <MenuItem key={leaf.id} href={`#${routePath(leaf.route)}`} text={t(leaf.labelKey)} active={leaf.route === current} />
                    ))}
                  </Fragment>
                ),
              )}
            </Menu>
          }
        >
          <Button
            variant="minimal"
            icon="more"
            endIcon="caret-down"
            text={t('layout.more')}
            active={rest.some((item) => (item.kind === 'leaf' ? item.route === current : navLeaves(item.children).some((l) => l.route === current)))}
          />
        </PopoverNext>
      )}
    </div>
  );
}
