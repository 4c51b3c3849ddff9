import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { domainMonitorResource } from '../domain-monitor-parts.tsx';

/** /customer/domain_monitor: the customer's domains, their DNS target against get_ip, and reachability. */
export default resourceScreen(domainMonitorResource('domain_monitor', false));
