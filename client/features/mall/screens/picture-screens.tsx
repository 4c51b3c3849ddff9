import {
  PictureJumpType, PictureKind, pictureAdd, pictureList, pictureRemove, pictureTypeList, pictureUpdate, ShowStatus,
} from '../../../../contracts/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { Thumb } from '../thumb.tsx';

const FIELDS = [
  'title',
  'description',
  'image',
  { name: 'type_id', lookup: 'types', required: false },
  'jump_type',
  { name: 'jump_custom', helper: 'resources.pictures.jump_custom_hint' },
  'jump_address',
  'sort',
  'remarks',
  { name: 'show_status', kind: 'switch' },
] as const;

/**
 * The picture list (`image_configs`) and the picture-text list: one table and one declaration, told apart
 * by `kind` (fixed in the list query and in every add). Labels shared under `resources.pictures`.
 */
export function pictureResource(name: 'image_configs' | 'picture_text_list', kind: number) {
  return defineResource(pictureList, (r) => ({
    name,
    labels: 'resources.pictures',
    description: `resources.pictures.description_${name}`,
    fixedQuery: { kind: kind as 1 | 2 },
    columns: [
      { field: 'id', kind: 'number', width: 64 },
      { kind: 'custom', id: 'image', render: (row) => <Thumb url={row.image} alt={row.title} />, text: (row) => row.image },
      { field: 'title', kind: 'text' },
      { field: 'description', kind: 'text', hiddenByDefault: kind === PictureKind.values.picture },
      { field: 'type_name', kind: 'text' },
      { field: 'jump_type', kind: 'enum', enum: PictureJumpType },
      { field: 'jump_custom', kind: 'text', hiddenByDefault: true },
      // Picture-text rows show their description instead, so the row's actions still fit.
      { field: 'jump_address', kind: 'text', hiddenByDefault: kind === PictureKind.values.picture_text },
      { field: 'sort', kind: 'number' },
      { field: 'click_count', kind: 'number' },
      { field: 'show_status', kind: 'enum', enum: ShowStatus, intentOf: (c) => (c === ShowStatus.values.show ? 'success' : 'none') },
      { field: 'remarks', kind: 'text', hiddenByDefault: true },
      // Hidden by default so the row's actions fit a 1360 px screen (sort decides the order, not the time).
      { field: 'create_time', kind: 'date', hiddenByDefault: true },
    ],
    filters: ['title', { field: 'type_id', lookup: 'types' }, 'show_status'],
    lookups: {
      types: r.lookup(pictureTypeList),
    },
    create: r.form(pictureAdd, { button: 'add', fields: FIELDS, fixed: () => ({ kind: kind as 1 | 2 }) }),
    update: r.form(pictureUpdate, { button: 'update', fields: FIELDS }),
    remove: r.remove(pictureRemove),
    export: {},
  }));
}
