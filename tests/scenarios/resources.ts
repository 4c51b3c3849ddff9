import { urlKeyPlatformInquire } from '../../contracts/index.ts';
import { defineResource } from '../../client/resources/define.ts';

/**
 * The list the scenario runner's resource saga can open: the URL key platforms' list call with its name
 * filter, declared as the console's screen declares it (client/features/qr-codes/screens/url-key-platform-screen.tsx)
 * but without the screen, whose React and Blueprint imports would cost the replay suite seconds. A scenario
 * opens it with `resources/opened` and searches it with `resources/searched`.
 */
export const scenarioListResource = defineResource(urlKeyPlatformInquire, () => ({
  name: 'url_key_platform',
  columns: [
    { field: 'id', kind: 'number' },
    { field: 'name', kind: 'text' },
  ],
  filters: ['name'],
}));
