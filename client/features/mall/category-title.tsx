import { useTranslation } from 'react-i18next';
import type { MallProduct } from '../../../contracts/index.ts';
import { inLanguage } from '../../resources/translations-field.ts';

/** A product's category in the console language, else the default language's (a list cell). */
export function CategoryTitle({ row }: { row: Pick<MallProduct, 'category_title' | 'category_titles'> }) {
  const { i18n } = useTranslation();
  return <>{inLanguage(row.category_titles, i18n.language, row.category_title)}</>;
}
