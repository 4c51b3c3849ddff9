import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { domainMonitorResource } from '../domain-monitor-parts.tsx';

/** /customer/admin_domain_monitor (administrators): everybody's domains, DNS target and reachability. */
export default resourceScreen(domainMonitorResource('admin_domain_monitor', true));
