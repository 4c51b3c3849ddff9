import type { MenuItem } from '../../../contracts/index.ts';

let nextId = 1;

/** A type 1 route leaf with its type 2 buttons. */
export function leaf(path: string, buttons: string[] = [], sort = 0): MenuItem {
  return {
    id: nextId++,
    name: path,
    path,
    type: 1,
    platform: 1,
    icon: '',
    sort,
    show_headshot: 1,
    language_variables: `menu.${path}`,
    children: buttons.map((b) => ({
      id: nextId++,
      name: b,
      path: b,
      type: 2,
      platform: 1,
      icon: '',
      sort: 0,
      show_headshot: 1,
      language_variables: `common.actions.${b}`,
      children: [],
    })),
  };
}

/** A type 1 group (path '') holding routes. */
export function group(name: string, children: MenuItem[], sort = 0): MenuItem {
  return {
    id: nextId++,
    name,
    path: '',
    type: 1,
    platform: 1,
    icon: '',
    sort,
    show_headshot: 1,
    language_variables: `menu.groups.${name}`,
    children,
  };
}
