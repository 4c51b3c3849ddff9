import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { detectionResource } from '../shield-parts.tsx';

/** /customer/wx_shield_detection: the customer's domains, WeChat status, history and "check now"; live on frame 24. */
export default resourceScreen(detectionResource('wx_shield_detection', false));
