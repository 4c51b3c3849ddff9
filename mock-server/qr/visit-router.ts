import { randomBytes } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { SCAN_PARAM, SHORT_PREFIX, VISIT_PREFIX, visitPath } from '../../contracts/index.ts';
import { decideVisit } from '../visit-rules/restriction.ts';
import { planJump, renderJumpPage } from '../visit-rules/jump.ts';
import { visitorIpv4 } from '../visit-rules/ip.ts';
import { createIpBlackCheck } from '../visit-rules/ip-black.ts';
import type { Database } from 'better-sqlite3';
import type { Clock } from '../services/clock.ts';
import type { Settings } from '../services/settings.ts';
import type { LiveFeed } from '../statistics/live.ts';
import { createVisitLog } from './visits.ts';
import { DEVICE } from '../visit-rules/user-agent.ts';
import { formatDateTime } from '../services/clock.ts';

const DEVICE_NAME = Object.fromEntries(Object.entries(DEVICE).map(([name, n]) => [n, name])) as Record<number, 'mobile' | 'tablet' | 'pc' | 'other'>;

interface CodeRow {
  id: number;
  name: string;
  rotation_type: 1 | 2 | 3;
  jump_type: 1 | 2 | 3 | 4 | 5 | 6;
  visit_method: 1 | 2;
  visit_restriction: 1 | 2;
  open_log: number;
  /** The code's current domain ('' when its domain was removed). */
  domain: string;
}

const NO_SCRIPT_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function page(res: Response, status: number, title: string, text: string): void {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  res
    .status(status)
    .set({ 'Content-Security-Policy': NO_SCRIPT_CSP, 'Cache-Control': 'no-store' })
    .type('html')
    .send(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title></head><body><p>${esc(text)}</p></body></html>`);
}

/**
 * The public visit path, outside /api: `GET /v/{file_name}` applies the code's restriction, rotation and jump
 * type, records the visit and answers the page that jumps; `GET /s/{code}` redirects a short code to it.
 * `random` drives random rotation (tests inject it).
 */
/** What a visit reads and writes: the tables, the time, the JS config, and the live feed it reports to. */
export interface VisitDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly settings: Settings;
  readonly live: Pick<LiveFeed, 'visit'>;
}

export function createVisitRouter(services: VisitDeps, options: { random?: () => number } = {}): express.Router {
  const { db, clock } = services;
  const router = express.Router();
  const log = createVisitLog(db, options.random);
  // The visit black list (ip_black, issue 13): read per visit, so an entry counts at once.
  const blocked = createIpBlackCheck(db, 'ip_black');
  const byFileName = db.prepare<[string], CodeRow>(
    `SELECT q.id, q.name, q.rotation_type, q.jump_type, q.visit_method, q.visit_restriction, q.open_log, COALESCE(d.domain, '') AS domain
     FROM qr_codes q LEFT JOIN domains d ON d.id = q.domain_id WHERE q.file_name = ? AND q.removed = 1`,
  );
  const knownDomain = db.prepare<[string], { id: number }>('SELECT id FROM domains WHERE domain = ?');
  const forwardOf = db.prepare<[string], { target_url: string; jump_type: 1 | 2 | 3 | 4 | 5 | 6 }>(
    'SELECT f.target_url, f.jump_type FROM forwards f JOIN domains d ON d.id = f.domain_id WHERE d.domain = ? AND f.show_status = 1',
  );
  const hostOf = (req: Request) => (req.hostname || '').toLowerCase();
  /** `host[:port]` of the request with the host swapped (the port is the one the visitor used). */
  const swapHost = (req: Request, domain: string) => domain + ((req.get('host') ?? '').match(/:\d+$/)?.[0] ?? '');

  // A domain's forwarding rule (`forward`): a visit to the domain's root jumps to the rule's target.
  router.get('/', (req: Request, res: Response, next) => {
    const rule = forwardOf.get(hostOf(req));
    if (!rule) return next();
    if (blocked(req.ip)) return page(res, 403, 'Access denied', 'Your IP address is blocked. 您的 IP 地址已被禁止访问。');
    const nonce = randomBytes(16).toString('base64');
    const { html, csp } = renderJumpPage(planJump(rule.jump_type, rule.target_url, { referrer: req.get('referer') ?? '' }), nonce, '');
    res.status(200).set({ 'Content-Security-Policy': csp, 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY' }).type('html').send(html);
  });
  const shortCode = db.prepare<[string], { file_name: string }>(
    `SELECT q.file_name FROM short_codes s JOIN qr_codes q ON q.id = s.qr_code_id WHERE s.code = ? AND q.removed = 1`,
  );

  router.get(`${VISIT_PREFIX}:code`, (req: Request<{ code: string }>, res: Response) => {
    if (blocked(req.ip)) {
      page(res, 403, 'Access denied', 'Your IP address is blocked. 您的 IP 地址已被禁止访问。');
      return;
    }
    const code = req.params.code.length <= 64 ? byFileName.get(req.params.code) : undefined;
    if (!code) {
      page(res, 404, 'Not found', 'This QR code does not exist or has been removed.');
      return;
    }
    // A printed code on another of our domains (e.g. one blocked since, whose codes moved to a spare) passes
    // the visitor on to the code's current domain, where the visit is counted once.
    const host = hostOf(req);
    if (code.domain && host !== code.domain && knownDomain.get(host)) {
      res.set('Cache-Control', 'no-store').redirect(302, `${req.protocol}://${swapHost(req, code.domain)}${req.originalUrl}`);
      return;
    }
    // Express answers HEAD with the GET route; a HEAD (link checkers, previews) is no visit.
    if (req.method === 'HEAD') {
      res.status(200).set({ 'Content-Security-Policy': NO_SCRIPT_CSP, 'Cache-Control': 'no-store' }).type('html').end();
      return;
    }
    const visit = {
      ip: visitorIpv4(req.ip),
      userAgent: (req.get('user-agent') ?? '').slice(0, 1024),
      host: (req.hostname || 'localhost').slice(0, 253),
      timeMs: clock.now(),
    };
    const decision = decideVisit(code, { userAgent: visit.userAgent, scanned: req.query[SCAN_PARAM] === '1' });
    if (!decision.allowed) {
      log.refuse(code.id, visit, decision.reason);
      page(
        res,
        403,
        code.name,
        decision.reason === 1 ? 'Please open this link in WeChat. 请在微信中打开此链接。' : 'Please scan the QR code to open this page. 请扫描二维码访问。',
      );
      return;
    }
    const { url, device, location } = log.record(code, visit);
    // After the commit: the live view (frame 21) batches it per second.
    services.live.visit({ qr_code_id: code.id, file_name: req.params.code, domain: code.domain, ip: visit.ip, location, device: DEVICE_NAME[device] ?? 'other', time: formatDateTime(visit.timeMs), timeMs: visit.timeMs });
    const nonce = randomBytes(16).toString('base64');
    const js = services.settings.get('js_config');
    const { html, csp } = renderJumpPage(planJump(code.jump_type, url, { referrer: req.get('referer') ?? '' }), nonce, code.name, js?.enabled ? js.visit_script : '');
    res.status(200).set({ 'Content-Security-Policy': csp, 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY' }).type('html').send(html);
  });

  router.get(`${SHORT_PREFIX}:code`, (req: Request<{ code: string }>, res: Response) => {
    if (blocked(req.ip)) {
      page(res, 403, 'Access denied', 'Your IP address is blocked. 您的 IP 地址已被禁止访问。');
      return;
    }
    const found = req.params.code.length <= 16 ? shortCode.get(req.params.code) : undefined;
    if (!found) {
      page(res, 404, 'Not found', 'This short link does not exist.');
      return;
    }
    res.set('Cache-Control', 'no-store').redirect(302, visitPath(found.file_name, { scan: req.query[SCAN_PARAM] === '1' }));
  });

  return router;
}
