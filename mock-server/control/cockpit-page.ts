import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ApiError } from '../services/errors.ts';

/** The cockpit's build (vite.cockpit.config.ts writes it), relative to this repository. */
export const COCKPIT_DIST = path.resolve(import.meta.dirname, '../../dist/cockpit');

/** Where the cockpit page lives under the control prefix: `GET /__control/cockpit/`. */
export const COCKPIT_PATH = '/cockpit';

/**
 * The QA cockpit's built page (cockpit/, built by `npm run build:cockpit` into dist/cockpit), served under the
 * control prefix in dev and test modes only: app.ts mounts it behind the control guard next to the control API,
 * so a production server answers 404 here as for every control name, and only a peer the guard trusts sees it.
 * The folder is read on each request, so a build made after the server started is served without a restart;
 * when it is missing the answer names the command that builds it.
 */
export function cockpitPage(dir: string) {
  const files = express.static(dir, { index: 'index.html', fallthrough: true, redirect: false });
  const router = express.Router();
  // `/cockpit` → `/cockpit/`, so the page's relative asset paths resolve under it (Express matches both here).
  router.get(COCKPIT_PATH, (req: Request, res: Response, next: NextFunction) =>
    req.originalUrl.split('?')[0]!.endsWith('/') ? next() : res.redirect(302, `${req.baseUrl}${COCKPIT_PATH}/${req.originalUrl.slice(req.originalUrl.split('?')[0]!.length)}`),
  );
  router.use(COCKPIT_PATH, (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // A developer's sentence, like the control API's other ones about its own use (control-json.ts): kept out of
    // the shared catalogue, which the console's bundle carries, so that bundle names nothing of the cockpit.
    if (!fs.existsSync(path.join(dir, 'index.html'))) throw new ApiError(404, 'The QA cockpit is not built yet: run npm run build:cockpit, then reload this page');
    // express.static calls back asynchronously: a refusal goes through next, never a throw.
    files(req, res, (err?: unknown) => next(err ?? new ApiError(404, 'errors.control_unknown', { name: `cockpit${req.path}` })));
  });
  return router;
}
