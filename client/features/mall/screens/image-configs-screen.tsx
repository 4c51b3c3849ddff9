import { PictureKind } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { pictureResource } from './picture-screens.tsx';

/** /customer/image_configs: the picture list (admin). */
export default resourceScreen(pictureResource('image_configs', PictureKind.values.picture));
