/**
 * The part of Blueprint's stylesheet the login page does not use (issue 25): the first load carries only the
 * public half (client/main.tsx; the split is scripts/blueprint-css-split.ts). Every lazily loaded part that may
 * render other Blueprint components imports this module, so Vite loads the rest before that part renders:
 * the Blueprint frame (console and lazy public screens), the overlay toaster and the register page.
 */
import '@blueprintjs/core/lib/css/blueprint.css?rest';
