import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { detectionResource } from '../shield-parts.tsx';

/** /customer/monitor (administrators): everybody's domains and their WeChat status; live on frame 24. */
export default resourceScreen(detectionResource('monitor', true));
