import { PictureKind } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { pictureResource } from './picture-screens.tsx';

/** /customer/picture_text_list: the picture-text list (admin). */
export default resourceScreen(pictureResource('picture_text_list', PictureKind.values.picture_text));
